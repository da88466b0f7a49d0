// Starts a Tempo HTTP server from ready dependencies and stops it gracefully.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pino, { type Logger } from 'pino';
import type { Config } from '../config/config.js';
import { createComputePool, type ComputePool } from '../compute/pool.js';
import type { Limits } from '../limits/types.js';
import type { Store } from '../store/types.js';
import { createApp, type TempoApp } from './app.js';
import { warnUnrunnableModels } from './unrunnable-warning.js';

/** Paths pino blanks should anything ever log a request or its headers. */
export const LOG_REDACT = ['authorization', '*.authorization', 'req.headers.authorization', 'headers.authorization', 'key', 'secret'];

/** A JSON logger at `level` that redacts credentials; `destination` defaults to stdout. */
export function createLogger(level: Config['logLevel'], destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: LOG_REDACT, censor: '[redacted]' } }, destination);
}

export interface StartServerOptions {
  config: Config;
  store: Store;
  limits: Limits;
  logger?: Logger;
  /** A pool to use instead of one made from config (the caller then closes it). */
  pool?: ComputePool;
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  server: Server;
  tempo: TempoApp;
  pool: ComputePool;
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
  const tempo = createApp({ config, store, limits, pool, logger });
  const server = tempo.app.listen(config.port, config.host);
  // counted at the socket level so a drain waits until each answer has been written, not just computed
  let active = 0;
  server.on('request', (_req, res) => {
    active += 1;
    res.once('close', () => { active -= 1; });
  });
  await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  let closing: Promise<void> | null = null;

  async function drainAndClose(): Promise<void> {
    tempo.startDraining();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // keep-alive sockets would hold close() open; idle ones can go now, busy ones after their answer
    server.closeIdleConnections();
    const deadline = Date.now() + config.shutdownGraceMs;
    while (active > 0 && Date.now() < deadline) await sleep(20);
    if (active > 0) logger.warn({ in_flight: active, forecasts: tempo.inFlight() }, 'shutdown grace ended with requests still running');
    server.closeAllConnections();
    await stopped;
    if (!options.pool) await pool.close();
  }

  return {
    url: `http://${host}:${port}`,
    server,
    tempo,
    pool,
    close: () => (closing ??= drainAndClose()),
  };
}
