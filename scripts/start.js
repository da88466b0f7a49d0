#!/usr/bin/env node
// `npm start [-- --port 9000]`: build when missing or stale, then `tempo serve` with the same
// arguments, in this process so signals reach the server directly. PORT and HOST are read by the
// server's configuration like every other variable.
await import('./ensure-build.js');
process.argv.splice(2, 0, 'serve');
await import('../bin/tempo.js');
