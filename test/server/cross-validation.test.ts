// POST /{model}/v1/cross-validation over real HTTP: windows, metrics by the shared code, the
// errors a caller can cause, and the quota and running lock it shares with forecasts.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Ajv } from 'ajv';
import { loadForecaster } from '../../src/core/node.js';
import { mase, rmsse, smape } from '../../src/metrics/index.js';
import { crossValidationResponseSchema } from '../../src/server/schemas/cross-validation-response.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function cv(key: string | null, body: unknown, model = 'tempo'): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  return fetch(`${h.url}/${model}/v1/cross-validation`, { method: 'POST', headers, body: JSON.stringify(body) });
}

const validAnswer = new Ajv({ strict: false }).compile(crossValidationResponseSchema);

describe('cross-validation', () => {
  it('forecasts each window from the values up to its cutoff, as a forecast of that prefix would', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(100);
    const res = await cv(fullKey, { series, horizon: 6, season_length: 12, level: [80] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validAnswer(body), JSON.stringify(validAnswer.errors)).toBe(true);
    expect(body.model).toBe('tempo');
    // default: 3 windows, step = horizon, the last ending on the last value
    expect(body.windows.map((w: { cutoff: number }) => w.cutoff)).toEqual([81, 87, 93]);
    const core = await loadForecaster();
    const m: number[] = [], s: number[] = [], r: number[] = [];
    let inside = 0;
    for (const w of body.windows) {
      const train = series.slice(0, w.cutoff + 1);
      const actual = series.slice(w.cutoff + 1, w.cutoff + 7);
      const expected = core.forecast(train, 6, { seasonLength: 12, level: [80], config: {} });
      expect(w.forecast).toEqual(expected.forecast);
      expect(w.intervals).toEqual(expected.intervals);
      expect(w.actual).toEqual(actual);
      m.push(mase(train, actual, w.forecast, 12));
      s.push(smape(actual, w.forecast));
      r.push(rmsse(train, actual, w.forecast));
      actual.forEach((y, i) => { if (y >= w.intervals['80'].lower[i] && y <= w.intervals['80'].upper[i]) inside++; });
    }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(body.metrics.mase).toBeCloseTo(avg(m), 12);
    expect(body.metrics.smape).toBeCloseTo(avg(s), 12);
    expect(body.metrics.rmsse).toBeCloseTo(avg(r), 12);
    expect(body.metrics.coverage).toEqual({ '80': inside / 18 });
  });

  it('takes windows and step, and leaves coverage out without level', async () => {
    const { fullKey } = await h.key();
    const res = await cv(fullKey, { series: seasonal(40), horizon: 4, windows: 5, step: 2 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.windows.map((w: { cutoff: number }) => w.cutoff)).toEqual([27, 29, 31, 33, 35]);
    expect(body.metrics.coverage).toBeUndefined();
    expect(body.windows[0].intervals).toBeUndefined();
  });

  it('answers missing actual values as null and scores only the present ones', async () => {
    const { fullKey } = await h.key();
    const series: Array<number | null> = seasonal(50);
    series[48] = null;
    const res = await cv(fullKey, { series, horizon: 3, windows: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.windows[0].actual).toEqual([series[47], null, series[49]]);
    expect(Number.isFinite(body.metrics.mase)).toBe(true);
  });

  it('says how many windows fit when the series is too short, pointing at windows', async () => {
    const { fullKey } = await h.key();
    const res = await cv(fullKey, { series: seasonal(20), horizon: 6, windows: 4 });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('REQUEST_INVALID');
    // 20 values, horizon 6, step 6, 2 before the first cutoff: 3 windows fit (needs 26 for 4)
    expect(body.detail).toMatch(/only 3 windows fit/);
    expect(body.detail).toMatch(/needs 26/);
    expect(body.errors).toEqual([{ pointer: '/windows', detail: expect.stringMatching(/only 3 windows fit/) }]);
  });

  it('points at series when not even one window fits', async () => {
    const { fullKey } = await h.key();
    const body = await (await cv(fullKey, { series: [1, 2, 3], horizon: 2, windows: 1 })).json();
    expect(body.code).toBe('REQUEST_INVALID');
    expect(body.errors[0].pointer).toBe('/series');
    expect(body.detail).toMatch(/no window fits/);
  });

  it('refuses bad windows, step, forecast fields and unknown fields with pointers', async () => {
    const { fullKey } = await h.key();
    const cases: Array<[unknown, string]> = [
      [{ series: seasonal(30), horizon: 2, windows: 21 }, '/windows'],
      [{ series: seasonal(30), horizon: 2, windows: 0 }, '/windows'],
      [{ series: seasonal(30), horizon: 2, windows: 1.5 }, '/windows'],
      [{ series: seasonal(30), horizon: 2, step: 0 }, '/step'],
      [{ series: seasonal(30), horizon: 2, step: '2' }, '/step'],
      [{ series: seasonal(30), horizon: 0 }, '/horizon'],
      [{ series: [1, 'x', 3], horizon: 1 }, '/series/1'],
      [{ series: seasonal(30), horizon: 2, level: [120] }, '/level/0'],
      [{ series: seasonal(30), horizon: 2, fitted: true }, '/fitted'],
      [{ horizon: 2 }, '/series'],
    ];
    for (const [body, pointer] of cases) {
      const res = await cv(fullKey, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const problem = await res.json();
      expect(problem.code).toBe('REQUEST_INVALID');
      expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    const notObject = await cv(fullKey, [1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('needs a key and a model the organization may use', async () => {
    expect((await cv(null, { series: [1, 2, 3, 4], horizon: 1 })).status).toBe(401);
    const { fullKey } = await h.key();
    const res = await cv(fullKey, { series: seasonal(30), horizon: 2 }, 'someone-elses');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('MODEL_NOT_AVAILABLE');
  });

  it('runs an organization\'s own model with its stored config', async () => {
    const { fullKey } = await h.key({ organizationId: 'cv-naive-co' });
    await h.store.createModel({ name: 'cv-last-value', organizationId: 'cv-naive-co', base: 'tempo', config: { model: 'naive' } });
    const series = seasonal(30);
    const body = await (await cv(fullKey, { series, horizon: 2, windows: 2 }, 'cv-last-value')).json();
    expect(body.model).toBe('cv-last-value');
    expect(body.windows[0].forecast).toEqual([series[25], series[25]]);
    expect(body.windows[1].forecast).toEqual([series[27], series[27]]);
  });

  it('counts as one request for the quota and is refused while the key\'s lock is held', async () => {
    const k = await h.key({ rateLimitPerMinute: 3, rateLimitPerHour: 100 });
    const ok = await cv(k.fullKey, { series: seasonal(40), horizon: 4, windows: 5 });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('2');
    const token = await h.limits.acquireLock(k.keyId, 30_000);
    const locked = await cv(k.fullKey, { series: seasonal(40), horizon: 4 });
    expect(locked.status).toBe(409);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await locked.json()).code).toBe('FORECAST_ALREADY_RUNNING');
    await h.limits.releaseLock(k.keyId, token!);
    expect((await cv(k.fullKey, { series: seasonal(40), horizon: 4 })).status).toBe(200);
    const over = await cv(k.fullKey, { series: seasonal(40), horizon: 4 });
    expect(over.status).toBe(429);
  });
});
