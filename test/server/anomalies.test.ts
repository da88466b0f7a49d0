// POST /{model}/v1/anomalies and `fitted` on forecast over real HTTP: the answers agree with the
// core, the errors a caller can cause, and the quota and running lock they share with forecasts.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Ajv } from 'ajv';
import { loadForecaster } from '../../src/core/node.js';
import { anomaliesResponseSchema } from '../../src/server/schemas/anomalies-response.js';
import { forecastResponseSchema } from '../../src/server/schemas/responses.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function post(key: string | null, path: string, body: unknown, model = 'tempo'): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  return fetch(`${h.url}/${model}/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

const validAnomalies = new Ajv({ strict: false }).compile(anomaliesResponseSchema);
const validForecast = new Ajv({ strict: false }).compile(forecastResponseSchema);

describe('fitted on forecast', () => {
  it('adds fitted and fitted_intervals as the core computes them, and nothing without it', async () => {
    const { fullKey } = await h.key();
    const series: Array<number | null> = seasonal(60);
    series[0] = null;
    const res = await post(fullKey, 'forecast', { series, horizon: 3, season_length: 12, level: [80, 95], fitted: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validForecast(body), JSON.stringify(validForecast.errors)).toBe(true);
    const core = await loadForecaster();
    const want = core.forecast(series, 3, { seasonLength: 12, level: [80, 95], fitted: true });
    expect(body.fitted).toEqual(want.fitted);
    expect(body.fitted).toHaveLength(60);
    expect(body.fitted[0]).toBeNull();
    expect(body.fitted_intervals).toEqual(want.fitted_intervals);
    expect(body.forecast).toEqual(want.forecast);
    const plain = await (await post(fullKey, 'forecast', { series, horizon: 3, fitted: false })).json();
    expect(plain.fitted).toBeUndefined();
    expect(plain.fitted_intervals).toBeUndefined();
  });

  it('refuses a fitted that is not a boolean, pointing at it', async () => {
    const { fullKey } = await h.key();
    const res = await post(fullKey, 'forecast', { series: seasonal(20), horizon: 2, fitted: 'yes' });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.code).toBe('REQUEST_INVALID');
    expect(problem.errors).toEqual([{ pointer: '/fitted', detail: expect.stringMatching(/fitted must be true or false/) }]);
  });
});

describe('anomalies', () => {
  it('lists exactly the values outside the one-step interval at level 99 by default, a spike among them', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(72);
    series[50] += 40;
    const res = await post(fullKey, 'anomalies', { series, season_length: 12 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validAnomalies(body), JSON.stringify(validAnomalies.errors)).toBe(true);
    expect(body.level).toBe(99);
    expect(body.model).toBe('tempo');
    const core = await loadForecaster();
    const fit = core.forecast(series, 1, { seasonLength: 12, level: [99], fitted: true });
    const band = fit.fitted_intervals!['99'];
    const outside = series.map((_, i) => i).filter((i) => fit.fitted![i] !== null && (series[i] < band.lower[i]! || series[i] > band.upper[i]!));
    expect(body.anomalies.map((a: { index: number }) => a.index)).toEqual(outside);
    const spike = body.anomalies.find((a: { index: number }) => a.index === 50);
    expect(spike).toEqual({ index: 50, value: series[50], expected: fit.fitted![50], lower: band.lower[50], upper: band.upper[50] });
    expect(spike.value).toBeGreaterThan(spike.upper);
  });

  it('a narrower level flags at least as many values; missing values are never anomalies', async () => {
    const { fullKey } = await h.key();
    const series: Array<number | null> = seasonal(60);
    series[30] = null;
    const wide = await (await post(fullKey, 'anomalies', { series, level: 99.9 })).json();
    const narrow = await (await post(fullKey, 'anomalies', { series, level: 50 })).json();
    expect(narrow.level).toBe(50);
    expect(narrow.anomalies.length).toBeGreaterThan(0);
    expect(narrow.anomalies.length).toBeGreaterThanOrEqual(wide.anomalies.length);
    expect(narrow.anomalies.some((a: { index: number }) => a.index === 30)).toBe(false);
  });

  it('refuses bad fields with pointers', async () => {
    const { fullKey } = await h.key();
    const cases: Array<[unknown, string]> = [
      [{ series: seasonal(30), level: 100 }, '/level'],
      [{ series: seasonal(30), level: 0 }, '/level'],
      [{ series: seasonal(30), level: [99] }, '/level'],
      [{ series: seasonal(30), horizon: 2 }, '/horizon'],
      [{ series: seasonal(30), fitted: true }, '/fitted'],
      [{ series: seasonal(30), season_length: 0 }, '/season_length'],
      [{ series: [1, 'x', 3] }, '/series/1'],
      [{ series: [null, null] }, '/series'],
      [{ level: 99 }, '/series'],
    ];
    for (const [body, pointer] of cases) {
      const res = await post(fullKey, 'anomalies', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const problem = await res.json();
      expect(problem.code).toBe('REQUEST_INVALID');
      expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    expect((await post(fullKey, 'anomalies', [1, 2])).status).toBe(400);
  });

  it('needs a key and a model the organization may use, and runs an own model\'s config', async () => {
    expect((await post(null, 'anomalies', { series: [1, 2, 3, 4] })).status).toBe(401);
    const { fullKey } = await h.key({ organizationId: 'anomaly-naive-co' });
    const other = await post(fullKey, 'anomalies', { series: seasonal(30) }, 'someone-elses');
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe('MODEL_NOT_AVAILABLE');
    await h.store.createModel({ name: 'anomaly-last-value', organizationId: 'anomaly-naive-co', base: 'tempo', config: { model: 'naive' } });
    // naive predicts the previous value: a jump of 100 in a flat-ish series is the one anomaly
    const series = Array.from({ length: 40 }, (_, t) => 10 + (t % 2));
    series[20] = 110;
    const body = await (await post(fullKey, 'anomalies', { series }, 'anomaly-last-value')).json();
    expect(body.model).toBe('anomaly-last-value');
    expect(body.anomalies[0]).toMatchObject({ index: 20, value: 110, expected: series[19] });
  });

  it('counts as one request for the quota and is refused while the key\'s lock is held', async () => {
    const k = await h.key({ rateLimitPerMinute: 2, rateLimitPerHour: 100 });
    const ok = await post(k.fullKey, 'anomalies', { series: seasonal(40) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('1');
    const token = await h.limits.acquireLock(k.keyId, 30_000);
    const locked = await post(k.fullKey, 'anomalies', { series: seasonal(40) });
    expect(locked.status).toBe(409);
    expect((await locked.json()).code).toBe('FORECAST_ALREADY_RUNNING');
    await h.limits.releaseLock(k.keyId, token!);
    expect((await post(k.fullKey, 'anomalies', { series: seasonal(40) })).status).toBe(429);
  });
});
