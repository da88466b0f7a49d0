// Servers for the job suites: the embedded default (SQLite, in-process queue) and, when the
// services answer, the multi-instance one (PostgreSQL in a private schema, Redis under a private
// prefix, BullMQ). One suite runs against each (test/jobs/jobs-api.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startHarness, testConfig, type ConfigOverrides, type Harness } from '../server/harness.js';
import { DATABASE_URL, REDIS_URL, deleteRedisPrefix, uniqueName } from '../multi/backends.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { openRedisLimits } from '../../src/limits/redis.js';
import { createApiKey, type CreateKeyOptions } from '../../src/keys/create.js';
import { createLogger, startServer } from '../../src/server/listen.js';
import { recordKey, recordServer } from '../support/secret-scan.js';
import { settleSharedPool, sharedPool } from '../support/shared-pool.js';
import { loadConfig, type Config, type JobBounds } from '../../src/config/config.js';
import type { Store } from '../../src/store/types.js';

/** The default job bounds with `o` over them. */
export function jobBounds(o: Partial<JobBounds> = {}): JobBounds {
  return { ...loadConfig({}, {}).jobs, ...o };
}

/** A running server for a job suite. */
export interface JobServer {
  url: string;
  config: Config;
  store: Store;
  key(opts?: Partial<CreateKeyOptions>): Promise<{ fullKey: string; keyId: string }>;
  /** Stops the server, keeping its data (a restart may follow with `restart`). */
  stop(): Promise<void>;
  /** A new server on the same data (the same SQLite file, or the same schema and prefix). */
  restart(overrides?: ConfigOverrides): Promise<JobServer>;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
}

/** Where a multi-instance server keeps its data. */
export interface SharedPlace {
  schema: string;
  prefix: string;
}

/** The embedded default: SQLite in a temporary directory, in-process queue. */
export async function embeddedServer(overrides: ConfigOverrides = {}, dataDir?: string): Promise<JobServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'tempo-jobs-'));
  const h: Harness = await startHarness({ dataDir: dir, config: overrides });
  let stopped = false;
  const stop = async () => { if (!stopped) { stopped = true; await h.close(); } };
  return {
    url: h.url, config: h.config, store: h.store, key: h.key,
    stop,
    restart: async (o = overrides) => { await stop(); return embeddedServer(o, dir); },
    close: async () => { await stop(); rmSync(dir, { recursive: true, force: true }); },
  };
}

/** The multi-instance mode: PostgreSQL schema `place.schema`, Redis prefix `place.prefix`, BullMQ. */
export async function sharedServer(overrides: ConfigOverrides = {}, given?: SharedPlace): Promise<JobServer> {
  const place = given ?? { schema: uniqueName('jobs'), prefix: `${uniqueName('jobs')}:` };
  const dir = mkdtempSync(join(tmpdir(), 'tempo-jobs-'));
  const base = testConfig(dir, { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, ...overrides });
  // the queue's keys under the place's prefix; a short lock, so a stalled chunk comes back within seconds
  const config: Config = { ...base, jobs: { ...base.jobs, queuePrefix: place.prefix.replace(/:$/, ''), lockMs: overrides.jobs?.lockMs ?? 2000 } };
  const store = await openPostgresStore({ url: DATABASE_URL, schema: place.schema });
  const limits = await openRedisLimits({ url: REDIS_URL, prefix: place.prefix });
  const logger = createLogger('warn');
  const pool = sharedPool(config.forecastTimeoutMs);
  const server = await startServer({ config, store, limits, logger, pool, jobsAt: { schema: place.schema } });
  recordServer(server.url);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
    await settleSharedPool(pool);
    await limits.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    url: server.url, config, store,
    async key(opts = {}) {
      const created = await createApiKey(store, { organizationId: 'acme', projectId: 'proj', userId: 'ann', name: 'test key', ...opts }, config.keyPepper);
      recordKey(created.fullKey);
      return { fullKey: created.fullKey, keyId: created.record.keyId };
    },
    stop,
    restart: async (o = overrides) => { await stop(); return sharedServer(o, place); },
    close: async () => {
      await stop();
      await dropPlace(place);
    },
  };
}

/** Removes a shared place's schema and Redis keys. */
export async function dropPlace(place: SharedPlace): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${place.schema} CASCADE`);
  } finally {
    await client.end();
  }
  await deleteRedisPrefix(place.prefix);
}
