// A real Tempo server for tests: SQLite in a temp dir, memory limits, keys made through the keys
// module, pino output captured line by line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config, type ConnectionLimits } from '../../src/config/config.js';
import { createApiKey, type CreateKeyOptions } from '../../src/keys/create.js';
import { createMemoryLimits, type MemoryLimits } from '../../src/limits/memory.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';
import { createLogger, startServer, type RunningServer } from '../../src/server/listen.js';
import type { ComputePool } from '../../src/compute/pool.js';
import { recordKey, recordLogLine, recordServer } from '../support/secret-scan.js';
import { TEST_KEEP_ALIVE_MS } from '../support/keep-alive.js';
import { settleSharedPool, sharedPool } from '../support/shared-pool.js';

export interface Harness {
  url: string;
  config: Config;
  store: Store;
  limits: MemoryLimits;
  server: RunningServer;
  logLines: string[];
  /** Creates a key in organization `org` (default "acme") and returns the full key. */
  key(opts?: Partial<CreateKeyOptions>): Promise<{ fullKey: string; keyId: string }>;
  /** POSTs a JSON body (or a raw string) to /{model}/v1/forecast. */
  forecast(key: string | null, body: unknown, init?: { model?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** Overrides for a test server's config; `connections` may name only the limits a test changes. */
export type ConfigOverrides = Partial<Omit<Config, 'connections'>> & { connections?: Partial<ConnectionLimits> };

export interface HarnessOptions {
  config?: ConfigOverrides;
  dataDir?: string;
  pool?: ComputePool;
  keepDir?: boolean;
}

/** The config a test server runs with: port 0, one worker, info logs, a long keep-alive, overrides applied. */
export function testConfig(dataDir: string, overrides: ConfigOverrides = {}): Config {
  const base = loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dataDir }, {});
  return {
    ...base,
    workers: 1,
    logLevel: 'info',
    ...overrides,
    bounds: { ...base.bounds, ...overrides.bounds },
    connections: { ...base.connections, keepAliveTimeoutMs: TEST_KEEP_ALIVE_MS, ...overrides.connections },
  };
}

/** Starts a server on 127.0.0.1:0 with a fresh (or given) data dir. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tempo-server-'));
  const config = testConfig(dataDir, options.config);
  const store = await openStore(config);
  const limits = createMemoryLimits();
  const logLines: string[] = [];
  // at the level the config asks for (info unless a test says otherwise), so a debug-level test sees the debug lines
  const logger = createLogger(config.logLevel, { write: (s: string) => { logLines.push(s); recordLogLine(s); } });
  // a one-worker server borrows the process's pool for its time limit (support/shared-pool.ts)
  const pool = options.pool ?? (config.workers === 1 ? sharedPool(config.forecastTimeoutMs) : undefined);
  const server = await startServer({ config, store, limits, logger, pool });
  recordServer(server.url);
  return {
    url: server.url,
    config,
    store,
    limits,
    server,
    logLines,
    async key(opts = {}) {
      const created = await createApiKey(store, {
        organizationId: 'acme', projectId: 'proj', userId: 'ann', name: 'test key', ...opts,
      }, config.keyPepper);
      recordKey(created.fullKey);
      return { fullKey: created.fullKey, keyId: created.record.keyId };
    },
    forecast(key, body, init = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
      if (key !== null) headers.Authorization = `Bearer ${key}`;
      return fetch(`${server.url}/${init.model ?? 'tempo'}/v1/forecast`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      await server.close();
      if (pool !== undefined && options.pool === undefined) await settleSharedPool(pool);
      await limits.close();
      await store.close();
      if (!options.keepDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A trending seasonal series of `n` points. */
export function seasonal(n: number): number[] {
  return Array.from({ length: n }, (_, i) => 100 + 0.05 * i + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919) % 13) / 4);
}
