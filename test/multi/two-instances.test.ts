// Two real `tempo serve` processes on different ports sharing the local PostgreSQL and Redis:
// one quota, one running lock and one key status for both, as on a single instance. Then what
// happens when a backend is missing at startup or lost while running.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { performance } from 'node:perf_hooks';
import { waitFor } from '../support/wait.js';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openPostgresStore } from '../../src/store/postgres.js';
import { createApiKey } from '../../src/keys/create.js';
import type { Store } from '../../src/store/types.js';
import { DATABASE_URL, REDIS_URL, probePostgres, probeRedis, uniqueName } from './backends.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import {
  failedStart, forecast, requireBuilt, seasonal, startInstance, tempoCli, urlWithSchema, validate,
  type Answer, type Instance,
} from './servers.js';

const postgres = await probePostgres();
const redis = await probeRedis();

// the cache TTL at its maximum, so a key refused within seconds proves the invalidation, not the TTL
const CACHE_TTL_MS = 30_000;

const until = (what: string, check: () => Promise<boolean>) => waitFor(what, check, 5_000, 50);

describe.skipIf(!postgres.ok || !redis.ok)('two instances sharing PostgreSQL and Redis', () => {
  const schema = uniqueName('multi');
  const env = {
    DATABASE_URL: urlWithSchema(DATABASE_URL, schema),
    REDIS_URL,
    TEMPO_KEY_CACHE_TTL_MS: String(CACHE_TTL_MS),
  };
  const instances: Instance[] = [];
  const proxies: TcpProxy[] = [];
  const keyIds: string[] = [];
  let store: Store;
  let redisClient: Redis;
  let a: Instance;
  let b: Instance;

  async function newKey(perMinute: number): Promise<{ key: string; keyId: string }> {
    const { fullKey, record } = await createApiKey(store, {
      organizationId: 'multi', projectId: 'p', userId: 'u', name: `multi ${perMinute}/min`,
      rateLimitPerMinute: perMinute, rateLimitPerHour: 10_000,
    }, null);
    keyIds.push(record.keyId);
    return { key: fullKey, keyId: record.keyId };
  }

  async function start(extra: Record<string, string> = {}): Promise<Instance> {
    const instance = await startInstance({ ...env, ...extra });
    instances.push(instance);
    return instance;
  }

  async function proxyTo(url: string, defaultPort: number): Promise<{ proxy: TcpProxy; url: string }> {
    const target = new URL(url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || defaultPort));
    proxies.push(proxy);
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    return { proxy, url: target.toString() };
  }

  beforeAll(async () => {
    requireBuilt();
    // the schema and its tables, made the way a first instance would; keys made as the CLI would
    store = await openPostgresStore({ url: DATABASE_URL, schema });
    redisClient = new Redis(REDIS_URL);
    await newKey(1000); // an installation with keys: no first-run key from the instances
    [a, b] = await Promise.all([start(), start()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await Promise.all(proxies.map((p) => p.close()));
    if (redisClient) {
      const keys = keyIds.flatMap((id) => [`tempo:rl:{${id}}`, `tempo:lock:{${id}}`]);
      if (keys.length > 0) await redisClient.del(...keys);
      redisClient.disconnect();
    }
    await store?.close();
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  }, 60_000);

  it('admits exactly the per-minute limit across both instances and refuses the rest with 429', async () => {
    // the windows are fixed minutes on Redis's clock: a burst that straddles a minute's end is
    // counted in two windows, so it is sent again with a fresh key rather than slept around
    const minute = async () => Math.floor(Number((await redisClient.time())[0]) / 60);
    let answers: Array<Answer & { via: string }> = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { key } = await newKey(5);
      const before = await minute();
      answers = await Promise.all(Array.from({ length: 30 }, (_, i) =>
        forecast(i % 2 === 0 ? a.url : b.url, key, seasonal(24)).then((r) => ({ ...r, via: i % 2 === 0 ? 'a' : 'b' }))));
      if (await minute() === before) break;
    }
    const limited = answers.filter((r) => r.status === 429);
    // on failure, every answer's status says what the others were (a 503 under load reads differently from a 200)
    expect(limited, `statuses: ${answers.map((r) => r.status).join(',')}`).toHaveLength(25);
    // both instances refused: they counted in one shared window, not one each
    expect(new Set(limited.map((r) => r.via))).toEqual(new Set(['a', 'b']));
    for (const r of limited) {
      expect(r.body).toMatchObject({ code: 'API_USAGE_LIMIT', violated_policies: ['minute'] });
      expect(Number(r.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(r.headers.get('X-RateLimit-Remaining')).toBe('0');
    }
    // the admitted five either ran or met the running lock of another admitted one
    const admitted = answers.filter((r) => r.status !== 429);
    expect(admitted.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(admitted.some((r) => r.status === 200)).toBe(true);
  });

  it('never runs two forecasts of one key at once, whichever instance they reach', async () => {
    const { key, keyId } = await newKey(1000);
    const long = seasonal(10_000);
    const answers: Answer[] = await Promise.all(Array.from({ length: 6 }, (_, i) => forecast(i % 2 === 0 ? a.url : b.url, key, long, 12)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.body.code).toBe('FORECAST_ALREADY_RUNNING');
      expect(r.headers.get('Retry-After')).not.toBeNull();
    }
    // released in Redis once answered: the other instance may run the next one at once
    expect(await redisClient.exists(`tempo:lock:{${keyId}}`)).toBe(0);
    expect((await forecast(b.url, key, seasonal(48))).status).toBe(200);
    expect((await forecast(a.url, key, seasonal(48))).status).toBe(200);
  });

  it('refuses a key on every instance once the CLI disables it, long before the cache TTL', async () => {
    const { key, keyId } = await newKey(1000);
    // both instances now hold the active record in their caches
    expect((await validate(a.url, key)).status).toBe(200);
    expect((await validate(b.url, key)).status).toBe(200);
    const disabled = await tempoCli(['keys', 'disable', keyId], env);
    expect(disabled.code, disabled.output).toBe(0);
    const returned = performance.now();
    let refusedAfterMs = -1;
    await until('instance b to refuse the disabled key', async () => {
      const r = await validate(b.url, key);
      if (r.status !== 401) return false;
      refusedAfterMs = performance.now() - returned;
      expect(r.body.code).toBe('API_KEY_INACTIVE');
      return true;
    });
    expect((await validate(a.url, key)).body.code).toBe('API_KEY_INACTIVE');
    console.info(`revocation: instance b refused the key ${refusedAfterMs.toFixed(1)} ms after \`tempo keys disable\` returned (cache TTL ${CACHE_TTL_MS} ms)`);
    // and enabling works the same way
    const enabled = await tempoCli(['keys', 'enable', keyId], env);
    expect(enabled.code, enabled.output).toBe(0);
    await until('instance a to accept the enabled key', async () => (await validate(a.url, key)).status === 200);
  });

  it('refuses to start, with a clear message and a non-zero exit, when a backend is missing', async () => {
    const dead = await startTcpProxy('127.0.0.1', 9);
    await dead.close();
    const noRedis = await failedStart({ ...env, REDIS_URL: `redis://127.0.0.1:${dead.port}` });
    expect(noRedis.code).not.toBe(0);
    expect(noRedis.output).toContain(`Redis at redis://127.0.0.1:${dead.port}`);
    const noPostgres = await failedStart({ ...env, DATABASE_URL: `postgres://postgres:s3cret@127.0.0.1:${dead.port}/test` });
    expect(noPostgres.code).not.toBe(0);
    expect(noPostgres.output).toContain(`PostgreSQL at postgres://postgres:***@127.0.0.1:${dead.port}/test`);
    expect(noPostgres.output).not.toContain('s3cret');
  });

  it('answers 503 with Retry-After while Redis is lost, reports not ready, and recovers by itself', async () => {
    const { proxy, url } = await proxyTo(REDIS_URL, 6379);
    const c = await start({ REDIS_URL: url });
    const { key } = await newKey(1000);
    expect((await forecast(c.url, key, seasonal(24))).status).toBe(200);
    await proxy.cut();
    const refused = await forecast(c.url, key, seasonal(24));
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(refused.headers.get('Retry-After')).not.toBeNull();
    expect((await fetch(`${c.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${c.url}/healthz`)).status).toBe(200);
    await proxy.restore();
    await until('the instance to use Redis again', async () => (await forecast(c.url, key, seasonal(24))).status === 200);
    expect((await fetch(`${c.url}/readyz`)).status).toBe(200);
    expect(c.child.exitCode).toBeNull();
  });

  it('admits without limits while Redis is lost when TEMPO_LIMITS_FAIL_OPEN=1', async () => {
    const { proxy, url } = await proxyTo(REDIS_URL, 6379);
    const d = await start({ REDIS_URL: url, TEMPO_LIMITS_FAIL_OPEN: '1' });
    const { key } = await newKey(1000);
    await proxy.cut();
    expect((await forecast(d.url, key, seasonal(24))).status).toBe(200);
    await proxy.restore();
    expect(d.child.exitCode).toBeNull();
  });

  it('answers 503 while PostgreSQL is lost, reports not ready, and recovers by itself', async () => {
    const { proxy, url } = await proxyTo(env.DATABASE_URL, 5432);
    const e = await start({ DATABASE_URL: url });
    const { key } = await newKey(1000);
    await proxy.cut();
    // a key this instance has not cached yet must be looked up, and cannot be
    const refused = await validate(e.url, key);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).not.toBeNull();
    expect((await fetch(`${e.url}/readyz`)).status).toBe(503);
    await proxy.restore();
    await until('the instance to use PostgreSQL again', async () => (await validate(e.url, key)).status === 200);
    expect((await fetch(`${e.url}/readyz`)).status).toBe(200);
    expect(e.child.exitCode).toBeNull();
  });
});
