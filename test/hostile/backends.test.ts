// Redis and PostgreSQL stopped and frozen under a running server (private instances only): the
// caught request gets its 503 fast, and the service recovers by itself when the backend returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKeys, startChild, type ChildServer } from './child-server.js';
import { havePostgresBinaries, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './private-backends.js';
import { reportTarget } from './targets.js';

let redis: PrivateRedis;
let pg: PrivatePostgres;
let server: ChildServer;
let key: string;

beforeAll(async () => {
  if (!havePostgresBinaries()) throw new Error('PostgreSQL server binaries are needed for this drill (apt-get install postgresql)');
  redis = await startPrivateRedis();
  pg = await startPrivatePostgres();
  const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url };
  const made = await makeKeys(1, env);
  key = made.keys[0];
  // no key cache: every request reads the store, so a frozen store is met at once
  server = await startChild(made.dataDir, { ...env, TEMPO_KEY_CACHE_TTL_MS: '0', TEMPO_NEGATIVE_CACHE_TTL_MS: '0', TEMPO_LOG_LEVEL: 'warn' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await redis?.kill();
  pg?.destroy();
});

async function timedForecast(): Promise<{ status: number; ms: number; retryAfter: string | null }> {
  const t = performance.now();
  const res = await fetch(`${server.url}/tempo/v1/forecast`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ series: [1, 2, 3, 4, 5, 6], horizon: 2 }),
    signal: AbortSignal.timeout(20_000),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t, retryAfter: res.headers.get('retry-after') };
}

/** Milliseconds until a forecast answers 200 again (polling every 100 ms, at most 20 s). */
async function recovery(): Promise<number> {
  const t = Date.now();
  while (Date.now() - t < 20_000) {
    if ((await timedForecast()).status === 200) return Date.now() - t;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Infinity;
}

function report(what: string, caught: { status: number; ms: number }, recoveredMs: number) {
  reportTarget({ target: `${what}: the caught request's 503`, required: '≤ 1.5 s', measured: `${caught.status} in ${caught.ms.toFixed(0)} ms`, met: caught.status === 503 && caught.ms <= 1500 });
  reportTarget({ target: `${what}: back to 200 by itself after the backend returns`, required: 'yes', measured: Number.isFinite(recoveredMs) ? `after ${recoveredMs} ms` : 'no', met: Number.isFinite(recoveredMs) });
}

describe('backends that stall fail fast and recover', () => {
  it('frozen Redis (SIGSTOP)', async () => {
    expect((await timedForecast()).status).toBe(200);
    redis.proc.kill('SIGSTOP');
    const caught = await timedForecast();
    redis.proc.kill('SIGCONT');
    const back = await recovery();
    report('Redis frozen', caught, back);
    expect(caught.status).toBe(503);
    expect(caught.retryAfter).not.toBeNull();
    expect(back).toBeLessThan(Infinity);
  });

  it('stopped Redis', async () => {
    await redis.kill();
    const caught = await timedForecast();
    await redis.start();
    const back = await recovery();
    report('Redis stopped', caught, back);
    expect(caught.status).toBe(503);
    expect(back).toBeLessThan(Infinity);
  });

  it('frozen PostgreSQL (SIGSTOP on the postmaster and its backends)', async () => {
    expect((await timedForecast()).status).toBe(200);
    const pids = pg.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    let caught;
    try {
      caught = await timedForecast();
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    const back = await recovery();
    report('PostgreSQL frozen', caught, back);
    expect(caught.status).toBe(503);
    expect(back).toBeLessThan(Infinity);
  });

  it('stopped PostgreSQL', async () => {
    pg.stop();
    const caught = await timedForecast();
    pg.start();
    const back = await recovery();
    report('PostgreSQL stopped', caught, back);
    expect(caught.status).toBe(503);
    expect(back).toBeLessThan(Infinity);
  });
});
