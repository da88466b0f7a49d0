// `tempo serve`: the one place that reads the process environment and wires config → store →
// limits → pool → app → listen → first-run key, and shuts it all down again on SIGTERM/SIGINT.
import { loadConfig } from '../config/config.js';
import { parseConfigFlags } from '../config/flags.js';
import { openLimits } from '../limits/open.js';
import { openStore } from '../store/open.js';
import { ensureFirstRunKey } from '../bootstrap/first-run.js';
import { createLogger, startServer } from './listen.js';

export { startServer } from './listen.js';
export type { RunningServer, StartServerOptions } from './listen.js';

/** Output channels of runServe, so the CLI (and tests) can capture what an operator would see. */
export interface ServeIO {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  /** Called once shutdown is complete; default exits the process with `code`. */
  exit: (code: number) => void;
}

const defaultIO: ServeIO = {
  env: process.env,
  out: (text) => { process.stdout.write(text); },
  exit: (code) => process.exit(code),
};

/**
 * Starts the server from flags (--host, --port, --data-dir) and environment; resolves once it
 * listens. Throws ConfigError (and store errors) before listening. On SIGTERM/SIGINT it drains,
 * closes pool, limits and store, and exits 0; a second signal exits 1 at once.
 */
export async function runServe(argv: string[], io: Partial<ServeIO> = {}): Promise<{ url: string; shutdown(): Promise<void> }> {
  const { env, out, exit } = { ...defaultIO, ...io };
  const config = loadConfig(parseConfigFlags(argv), env);
  const logger = createLogger(config.logLevel);
  // a backend lost while running is retried in the background; say so, but keep serving
  const store = await openStore(config, (err) => logger.warn({ err: err.message }, 'key store connection problem; retrying'));
  let limits;
  try {
    limits = await openLimits(config, (err) => logger.warn({ err: err.message }, 'limits (Redis) connection problem; retrying'));
  } catch (err) {
    await store.close();
    throw err;
  }
  let running;
  let firstRun: string | null;
  try {
    running = await startServer({ config, store, limits, logger });
    // after listen, so the curl example names the real port even with --port 0
    firstRun = await ensureFirstRunKey(store, config, running.url);
  } catch (err) {
    await running?.close();
    await limits.close();
    await store.close();
    throw err;
  }
  if (firstRun !== null) out(`${firstRun}\n\n`);
  out(`tempo listening on ${running.url}\n`);

  let stopping: Promise<void> | null = null;
  const shutdown = () => (stopping ??= (async () => {
    logger.info({ grace_ms: config.shutdownGraceMs }, 'shutting down: draining');
    await running.close();
    await limits.close();
    await store.close();
    logger.info('stopped');
  })());
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    logger.info({ signal }, 'signal received');
    shutdown().then(() => exit(0), (err) => {
      logger.error({ err }, 'shutdown failed');
      exit(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return { url: running.url, shutdown };
}
