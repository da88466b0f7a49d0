// Starts a Tempo HTTP server from ready dependencies and stops it gracefully.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type pino from 'pino';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { createComputePool, type ComputePool } from '../compute/pool.js';
import type { Limits } from '../limits/types.js';
import type { Store } from '../store/types.js';
import { createApp, type TempoApp } from './app.js';
import { warnUnrunnableModels } from './unrunnable-warning.js';
import { guardConnections } from './http/connections.js';
import { createSafeLogger } from './logging/logger.js';
import { stdoutInBatches } from './logging/destination.js';
import { createMetrics } from './metrics.js';
import { forwardingQueue, openJobStore, startJobQueue, type JobSystem } from '../jobs/open.js';
import { createJobMetrics } from '../jobs/metrics.js';
import type { JobQueue } from '../jobs/queue.js';

export { LOG_REDACT } from './logging/logger.js';

/** A JSON logger at `level` that never writes secrets (see logging/); `destination` defaults to stdout, written in batches. */
export function createLogger(level: Config['logLevel'], destination?: pino.DestinationStream): Logger {
  return createSafeLogger(level, destination ?? (level === 'silent' ? undefined : stdoutInBatches()));
}

/** How long a draining server keeps accepting at most, so connections already queued for it get an answer. */
const ACCEPT_DRAIN_MS = 500;
/** A gap with no new connection that ends that period early: the kernel's queue is emptied in one burst once the loop is free. */
const ACCEPT_QUIET_MS = 100;

// resolves once `server` has gone `quietMs` without a new connection, or after `maxMs` in all
function acceptUntilQuiet(server: Server, maxMs: number, quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    const end = setTimeout(finish, maxMs);
    let quiet = setTimeout(finish, Math.min(quietMs, maxMs));
    const onConnection = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, quietMs);
    };
    server.on('connection', onConnection);
    function finish(): void {
      clearTimeout(end);
      clearTimeout(quiet);
      server.off('connection', onConnection);
      resolve();
    }
  });
}

export interface StartServerOptions {
  config: Config;
  store: Store;
  limits: Limits;
  logger?: Logger;
  /** A pool to use instead of one made from config (the caller then closes it). */
  pool?: ComputePool;
  /** Where the job tables are (tests): a PostgreSQL schema. */
  jobsAt?: { schema?: string };
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  server: Server;
  tempo: TempoApp;
  pool: ComputePool;
  /** The job store and queue this server accepts jobs into (and, with job workers, computes). */
  jobs: JobSystem;
  /** HTTP requests received and not yet answered or abandoned (the count the drain waits on). */
  openRequests(): number;
  /** Drains (stops accepting, readyz 503, waits for in-flight requests up to shutdownGraceMs), then closes the pool. */
  close(): Promise<void>;
}

/** Listens on config.host:config.port (0 = any free port) once the pool has the core loaded. Store and limits stay the caller's. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config, store, limits } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const pool = options.pool ?? createComputePool({ workers: config.workers, timeoutMs: config.forecastTimeoutMs });
  try {
    await pool.ready();
  } catch (err) {
    if (!options.pool) await pool.close();
    throw err;
  }
  await warnUnrunnableModels(store, logger);
  // a tuning left 'tuning' by a server that stopped (this one, before a restart) will never finish
  await store.failStaleTunings(new Date(Date.now() - config.tuning.staleMs).toISOString());
  const metrics = createMetrics();
  let queue: JobQueue | undefined;
  let jobStore;
  try {
    jobStore = await openJobStore(config, options.jobsAt?.schema);
  } catch (err) {
    if (!options.pool) await pool.close();
    throw err;
  }
  const tempo = createApp({ config, store, limits, pool, logger, metrics, jobs: { store: jobStore, queue: forwardingQueue(() => queue) } });
  // chunks run on the app's gated pool: shared fairly with callers' forecasts, as `job:<id>` of its organization
  const jobMetrics = createJobMetrics(metrics.registry, () => queue);
  queue = await startJobQueue(config, jobStore, { pool: tempo.pool, logger, metrics: jobMetrics, tuning: tempo.tuning, ...options.jobsAt });
  const jobs: JobSystem = {
    store: jobStore,
    queue,
    async close() {
      await queue!.close();
      await jobStore.close();
    },
  };
  // made here rather than by app.listen: the timeout sweep interval is a constructor option, and
  // Node's default (30 s) would let a slow sender hold a socket far past its header timeout
  const server = createServer({
    connectionsCheckingInterval: Math.min(1000, config.connections.headersTimeoutMs),
    headersTimeout: config.connections.headersTimeoutMs,
    // the guard keeps per-route body deadlines in its own sweep (a job upload may take hours)
    requestTimeout: 0,
  });
  // counted at the socket level so a drain waits until each answer has been written, not just computed
  const guard = guardConnections(server, config.connections, logger);
  server.on('request', guard.handler(tempo.app.callback()));
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  let closing: Promise<void> | null = null;

  async function drainAndClose(): Promise<void> {
    const deadline = Date.now() + config.shutdownGraceMs;
    // forecasts still waiting for a worker get 503 now, and every answer from here on closes its connection
    tempo.startDraining();
    guard.startDraining();
    // connections the kernel has already completed but Node has not yet accepted would be reset by
    // closing the listener at once: keep accepting briefly so they are answered (503) instead
    await acceptUntilQuiet(server, Math.min(ACCEPT_DRAIN_MS, config.shutdownGraceMs), ACCEPT_QUIET_MS);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // keep-alive sockets would hold close() open; idle ones can go now, busy ones after their answer
    server.closeIdleConnections();
    while (guard.inFlight() > 0 && Date.now() < deadline) {
      await sleep(20);
      server.closeIdleConnections();
    }
    if (guard.inFlight() > 0) {
      logger.warn({ in_flight: guard.inFlight(), forecasts: tempo.inFlight() }, 'shutdown grace ended: answering what is left with 503');
      // streams end with a line saying so (or a cut a parser sees), and batches not yet begun answer
      // their own 503 through the app: one turn for that before the guard answers the rest
      tempo.endStreams();
      await new Promise((resolve) => setImmediate(resolve));
      await guard.refuseOpen();
      // let those answers reach their sockets before the sockets are closed
      const flushBy = Date.now() + 300;
      while (guard.inFlight() > 0 && Date.now() < flushBy) await sleep(10);
    }
    guard.stop();
    server.closeAllConnections();
    await stopped;
    await tempo.tuning.close();
    // running chunks end (their results written) or are left for the next delivery; then the store lets go
    await jobs.close();
    // a forecast still running in a worker ends with the worker; the grace is over
    if (!options.pool) await Promise.race([pool.close(), sleep(300)]);
  }

  return {
    url: `http://${host}:${port}`,
    server,
    tempo,
    pool,
    jobs,
    openRequests: () => guard.inFlight(),
    close: () => (closing ??= drainAndClose()),
  };
}
