// `tempo-forecast/client`: the server package's name for the client it depends on,
// @tempo-forecast/client (packages/client), re-exported so both names load the one copy installed.
export * from '@tempo-forecast/client';
