// The echo and a Tempo server in a process of their own (forked by http.bench.ts), so the client
// measuring them does not share their event loop, as no real caller does.
import { createLogger, startServer } from '../src/server/listen.js';
import { openBenchTempo } from './bench-tempo.js';
import { startEchoServer } from './echo-server.js';

/** What the child reports once both servers listen. */
export interface SplitServers { echoUrl: string; tempoUrl: string; fullKey: string }

const tempo = await openBenchTempo();
const server = await startServer({ config: tempo.config, store: tempo.store, limits: tempo.limits, logger: createLogger('silent') });
const echo = await startEchoServer();
process.send!({ echoUrl: echo.url, tempoUrl: server.url, fullKey: tempo.fullKey } satisfies SplitServers);
// any message, or the parent going away, stops both
const stop = async () => {
  await echo.close();
  await server.close();
  await tempo.close();
  process.exit(0);
};
process.once('message', stop);
process.once('disconnect', stop);
