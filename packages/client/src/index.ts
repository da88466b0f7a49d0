// The `@tempo-forecast/client` entry: the same client as `tempo-forecast/client` (src/client), bundled
// with the few wire types it shares with the server (src/common); it needs nothing but `fetch`.
export * from '../../../src/client/index.js';
