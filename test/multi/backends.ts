// Where the shared backends are for tests, and whether they answer. CI exports DATABASE_URL and
// REDIS_URL (.ci/run): then a dead service fails the suites. Without them the local defaults are
// probed, and a missing service skips its suites with the reason printed.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface Probe {
  ok: boolean;
  /** Why the suites are skipped (undefined when they run). */
  reason?: string;
}

async function probe(name: string, variable: string, url: string, check: () => Promise<void>): Promise<Probe> {
  try {
    await check();
    return { ok: true };
  } catch (err) {
    // told where the service is: it must be there, so run the suites and let them fail loudly
    if (process.env[variable]) return { ok: true };
    const reason = `${name} suites NOT RUN: no ${name} at ${url} (${(err as Error).message}); `
      + `start it on its default address or set ${variable}`;
    console.warn(`\n*** ${reason}\n`);
    return { ok: false, reason };
  }
}

let redisProbe: Promise<Probe> | undefined;
let postgresProbe: Promise<Probe> | undefined;

/** Whether Redis answers (memoised per test file). */
export function probeRedis(): Promise<Probe> {
  return redisProbe ??= probe('Redis', 'REDIS_URL', REDIS_URL, async () => {
    const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
    let why = '';
    client.on('error', (err: Error) => { why ||= err.message; });
    try {
      await client.connect();
      await client.ping();
    } catch (err) {
      // ioredis rejects with "Connection is closed."; the 'error' event said why
      throw new Error(why || (err as Error).message);
    } finally {
      client.disconnect();
    }
  });
}

/** Whether PostgreSQL answers (memoised per test file). */
export function probePostgres(): Promise<Probe> {
  return postgresProbe ??= probe('PostgreSQL', 'DATABASE_URL', DATABASE_URL, async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 1000 });
    await client.connect();
    try {
      await client.query('SELECT 1');
    } finally {
      await client.end();
    }
  });
}

/** A name no other test run uses: for Redis key prefixes and Postgres schemas. */
export function uniqueName(kind: string): string {
  return `tempo_test_${kind}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Deletes every Redis key under `prefix` (a test run's leftovers). */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
