// Successful answers and quotas over real HTTP: forecast, validate, models, rate-limit headers,
// the running lock, time limits and worker failures.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { createComputePool } from '../../src/compute/pool.js';
import { buildTrappingCore } from '../compute/trapping-core.js';
import { seasonal, startHarness, type Harness } from './harness.js';
import { waitFor } from '../support/wait.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function parseRateLimit(v: string | null) {
  const m = /^"(minute|hour)";r=(\d+);t=(\d+)$/.exec(v ?? '');
  expect(m, `RateLimit header ${v}`).not.toBeNull();
  return { name: m![1], r: Number(m![2]), t: Number(m![3]) };
}

describe('forecast', () => {
  it('answers what the core computes, with model and method, and intervals when asked', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(60);
    series[7] = null as unknown as number;
    const res = await h.forecast(fullKey, { series, horizon: 6, season_length: 12, level: [80, 95] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    const expected = (await loadForecaster()).forecast(series, 6, { seasonLength: 12, level: [80, 95], config: {} });
    expect(body).toEqual({ ...expected, model: 'tempo' });
    expect(Object.keys(body.intervals)).toEqual(['80', '95']);
  });

  it('runs an organization\'s own model with its stored config', async () => {
    const { fullKey } = await h.key({ organizationId: 'naive-co' });
    await h.store.createModel({ name: 'last-value', organizationId: 'naive-co', base: 'tempo', config: { model: 'naive' } });
    const series = seasonal(30);
    const res = await h.forecast(fullKey, { series, horizon: 3 }, { model: 'last-value' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.model).toBe('last-value');
    expect(body.method.components).toEqual(['naive']);
    expect(body.forecast).toEqual([series[29], series[29], series[29]]);
  });
});

describe('validate and models', () => {
  it('validate returns the key metadata and does not count against the quota', async () => {
    const k = await h.key({ rateLimitPerMinute: 7, rateLimitPerHour: 70, name: 'ci key', projectId: 'p9', userId: 'u9' });
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${h.url}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${k.fullKey}` } });
      expect(res.status).toBe(200);
      if (i === 0) {
        expect(await res.json()).toEqual({
          valid: true, key_id: k.keyId, status: 'active', env: 'live', project_id: 'p9', organization_id: 'acme',
          user_id: 'u9', product_id: 'platform', name: 'ci key', expires_at: null,
          rate_limit_per_minute: 7, rate_limit_per_hour: 70,
        });
      }
    }
    const f = await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
    expect(f.headers.get('x-ratelimit-remaining')).toBe('6');
  });

  it('lists the organization\'s models with tempo first and no other organization\'s', async () => {
    const k = await h.key({ organizationId: 'lister' });
    await h.store.createModel({ name: 'aaa-first-by-name', organizationId: 'lister', base: 'tempo', config: {} });
    await h.store.createModel({ name: 'hidden', organizationId: 'someone-else', base: 'tempo', config: {} });
    const res = await fetch(`${h.url}/v1/models`, { headers: { Authorization: `Bearer ${k.fullKey}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.organization_id).toBe('lister');
    expect(body.models.map((m: { name: string }) => m.name)).toEqual(['tempo', 'aaa-first-by-name']);
    expect(body.models[0]).toMatchObject({ name: 'tempo', default: true });
    expect(body.models[1]).toMatchObject({ default: false, base: 'tempo', config: {} });
    expect(typeof body.models[1].created_at).toBe('string');
    expect((await fetch(`${h.url}/v1/models`)).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('reports the minute window while it is the tighter one, then refuses with 429', async () => {
    const k = await h.key({ rateLimitPerMinute: 3, rateLimitPerHour: 1000 });
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60, "hour";q=1000;w=3600');
      const rl = parseRateLimit(res.headers.get('ratelimit'));
      expect(rl.name).toBe('minute');
      expect(rl.t).toBeGreaterThanOrEqual(1);
      expect(rl.t).toBeLessThanOrEqual(60);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(rl.r));
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(rl.t));
      remaining.push(rl.r);
    }
    expect(remaining).toEqual([2, 1, 0]);
    const res = await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body.code).toBe('API_USAGE_LIMIT');
    expect(body.violated_policies).toEqual(['minute']);
    expect(body.retry_after).toBe(Number(res.headers.get('retry-after')));
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('reports the hour window when it has fewer left, and names it when it runs out', async () => {
    const k = await h.key({ rateLimitPerMinute: 10, rateLimitPerHour: 2 });
    const first = await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
    const rl = parseRateLimit(first.headers.get('ratelimit'));
    expect(rl).toMatchObject({ name: 'hour', r: 1 });
    expect(rl.t).toBeLessThanOrEqual(3600);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
    const refused = await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
    expect(refused.status).toBe(429);
    expect((await refused.json()).violated_policies).toEqual(['hour']);
  });

  it('puts the headers on error answers after authentication, and not before', async () => {
    const k = await h.key({ rateLimitPerMinute: 5, rateLimitPerHour: 50 });
    const bad = await h.forecast(k.fullKey, { series: [], horizon: 1 });
    expect(bad.status).toBe(400);
    // counted before its body was read (the API's order of checks)
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('4');
    const noModel = await h.forecast(k.fullKey, { series: [1], horizon: 1 }, { model: 'nope' });
    expect(noModel.status).toBe(404);
    expect(noModel.headers.get('ratelimit-policy')).toBe('"minute";q=5;w=60, "hour";q=50;w=3600');
    const unauth = await h.forecast(null, { series: [1], horizon: 1 });
    expect(unauth.headers.get('ratelimit')).toBeNull();
  });
});

describe('running lock', () => {
  it('answers 409 with Retry-After while the key\'s lock is held, and counts the request', async () => {
    const k = await h.key({ rateLimitPerMinute: 10, rateLimitPerHour: 100 });
    const token = await h.limits.acquireLock(k.keyId, 30_000);
    expect(token).not.toBeNull();
    const res = await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 });
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('9');
    expect((await res.json()).code).toBe('FORECAST_ALREADY_RUNNING');
    // another key is not blocked
    const other = await h.key();
    expect((await h.forecast(other.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(200);
    await h.limits.releaseLock(k.keyId, token!);
    expect((await h.forecast(k.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(200);
  });

  it('lets one of several concurrent forecasts of a key run and turns the others away', async () => {
    const k = await h.key({ rateLimitPerMinute: 100, rateLimitPerHour: 1000 });
    // the longest series allowed, so the fit outlasts the arrival of the other requests by a wide margin
    const series = seasonal(10_000);
    const statuses = (await Promise.all(Array.from({ length: 4 }, () => h.forecast(k.fullKey, { series, horizon: 24 }))))
      .map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409, 409, 409]);
    // whatever the interleaving, the lock is free afterwards
    const token = await h.limits.acquireLock(k.keyId, 1000);
    expect(token).not.toBeNull();
    await h.limits.releaseLock(k.keyId, token!);
  });
});

describe('time limit and worker failures', () => {
  // a server on the test-only core that traps or hangs on demand (see test/compute/fixtures)
  const fixture = {} as { t: Harness; pool: ReturnType<typeof createComputePool>; key: string; keyId: string };
  beforeAll(async () => {
    fixture.pool = createComputePool({ workers: 1, timeoutMs: 3000, wasmPath: buildTrappingCore() });
    // a 1 s lease: shorter ones can lapse on a loaded machine whose event loop stalls past a renewal
    fixture.t = await startHarness({ pool: fixture.pool, config: { lockLeaseMs: 1000 } });
    ({ fullKey: fixture.key, keyId: fixture.keyId } = await fixture.t.key({ rateLimitPerMinute: 100 }));
  });
  afterAll(async () => {
    await fixture.t.close();
    await fixture.pool.close();
  });

  it('answers 503 with Retry-After when a forecast runs past the limit, and frees the lock', async () => {
    const t = await startHarness({ config: { forecastTimeoutMs: 1 } });
    try {
      const k = await t.key();
      const res = await t.forecast(k.fullKey, { series: seasonal(10_000), horizon: 100 });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await res.json()).code).toBe('SERVICE_UNAVAILABLE');
      expect(await t.limits.acquireLock(k.keyId, 1000)).not.toBeNull();
    } finally {
      await t.close();
    }
  });

  it('answers 500 INTERNAL_ERROR without internals when the core traps, then serves the key again', async () => {
    const res = await fixture.t.forecast(fixture.key, { series: new Array(13).fill(2), horizon: 2 });
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(text).not.toMatch(/abort|stack|worker|\.ts|\.js/i);
    const next = await fixture.t.forecast(fixture.key, { series: [1, 2, 9], horizon: 2 });
    expect(next.status).toBe(200);
    expect((await next.json()).forecast).toEqual([9, 9]);
  });

  it('holds the lock past its first lease while a forecast runs (renewed), and frees it when it times out', async () => {
    const { t, keyId } = fixture;
    const slow = t.forecast(fixture.key, { series: new Array(17).fill(1), horizon: 1 });
    await waitFor('the slow forecast running', () => t.server.pool.inFlight() > 0, 10_000, 5);
    const [b, c] = await Promise.all([1, 2].map(() => t.forecast(fixture.key, { series: [1, 2], horizon: 1 })));
    expect([b.status, c.status]).toEqual([409, 409]);
    // the lease is 1 s: for 1.5 s, well past it, the renewals must keep holding it at every look
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      expect(await t.limits.acquireLock(keyId, 1000)).toBeNull();
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await slow;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const token = await t.limits.acquireLock(keyId, 1000);
    expect(token).not.toBeNull();
    await t.limits.releaseLock(keyId, token!);
  });

  it('answers 400 REQUEST_INVALID when the core refuses the input with a status, and frees the lock', async () => {
    const { fullKey, keyId } = await h.key();
    // finite JSON numbers whose 95% bounds would overflow: the core reports a status, not a trap
    const series = [1.7e308, -1.7e308, 1.7e308, -1.7e308, 1.7e308];
    const direct = await loadForecaster();
    expect(() => direct.forecast(series, 3, { level: [95] })).toThrow();
    const res = await h.forecast(fullKey, { series, horizon: 3, level: [95] });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('REQUEST_INVALID');
    expect(await h.limits.acquireLock(keyId, 1000)).not.toBeNull();
  });
});
