// Regressors, holidays and quantiles on POST /{model}/v1/forecast over real HTTP: the answer the
// core gives, the method's report, and every bad input refused with a pointer before compute.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

const n = 60, horizon = 5;
const promo = Array.from({ length: n + horizon }, (_, t) => ((t * 7919) % 13 < 3 ? 1 : 0));
const price = Array.from({ length: n + horizon }, (_, t) => 10 + Math.sin(t / 4) + (t % 3) / 2);
const series = Array.from({ length: n }, (_, t) => 100 + 25 * promo[t] - 3 * price[t] + ((t * 7919) % 11) / 4);
// daily dates from 2014-01-01, with Melbourne Cup day 2014-11-04 among the future ones
const days = (from: string, k: number) => Array.from({ length: k }, (_, i) => new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10));

async function errorsOf(res: Response): Promise<Array<{ pointer: string; detail: string }>> {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.code).toBe('REQUEST_INVALID');
  return body.errors;
}

describe('forecast with regressors', () => {
  it('answers what the core answers, and names each regressor with its coefficient in method', async () => {
    const { fullKey } = await h.key();
    const res = await h.forecast(fullKey, { series, horizon, regressors: { promo, price }, level: [95], quantiles: [0.025, 0.5, 0.975] });
    expect(res.status).toBe(200);
    const body = await res.json();
    const core = (await loadForecaster()).forecast(series, horizon, { regressors: { promo, price }, level: [95], quantiles: [0.025, 0.5, 0.975], config: {} });
    expect(body.forecast).toEqual(core.forecast);
    expect(body.method).toEqual(core.method);
    expect(body.method.regressors.map((r: { name: string }) => r.name)).toEqual(['promo', 'price']);
    expect(body.method.regressors[0].coefficient).toBeGreaterThan(20);
    expect(body.method.regressors_dropped).toEqual([]);
    expect(body.quantiles['0.025']).toEqual(body.intervals['95'].lower);
    expect(body.quantiles['0.975']).toEqual(body.intervals['95'].upper);
    expect(body.quantiles['0.5']).toEqual(body.forecast);
  });

  it('drops a regressor constant over the history by name, never a NaN', async () => {
    const { fullKey } = await h.key();
    const flat = Array.from({ length: n + horizon }, (_, t) => (t < n ? 0 : 1));
    const res = await h.forecast(fullKey, { series, horizon, regressors: { promo, flat } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.method.regressors_dropped).toEqual(['flat']);
    expect(body.method.regressors_dropped_reason).toEqual({ flat: 'constant' });
    expect(body.forecast.every(Number.isFinite)).toBe(true);
  });

  it('adds the public holidays of a region as the `holidays` regressor when the request is dated', async () => {
    const { fullKey } = await h.key();
    const k = 300;
    const ts = days('2014-01-01', k + 10);
    const holidays = new Set(['2014-01-01', '2014-01-27', '2014-03-10', '2014-04-18', '2014-04-19', '2014-04-20', '2014-04-21', '2014-04-25', '2014-06-09', '2014-11-04']);
    const y = ts.slice(0, k).map((d, t) => 200 + 10 * Math.sin((2 * Math.PI * t) / 7) - (holidays.has(d) ? 40 : 0) + ((t * 7919) % 13) / 3);
    const res = await h.forecast(fullKey, { series: y, horizon: 10, timestamps: ts.slice(0, k), holidays: 'AU-VIC', season_length: 7 });
    expect(res.status).toBe(200);
    const body = await res.json();
    const used = body.method.regressors.find((r: { name: string }) => r.name === 'holidays');
    expect(used.coefficient).toBeLessThan(-30);
    expect(body.timestamps[7]).toBe('2014-11-04');
    // the Cup is forecast lower than the same weekday a week earlier
    expect(body.forecast[7]).toBeLessThan(body.forecast[0] - 20);
  });

  it('takes the holiday code in any case, and a country without a region', async () => {
    const { fullKey } = await h.key();
    const ts = days('2023-12-01', 40);
    const res = await h.forecast(fullKey, { series: Array.from({ length: 40 }, (_, t) => 10 + (t % 5)), horizon: 3, timestamps: ts, holidays: 'us' });
    expect(res.status).toBe(200);
    expect((await res.json()).method.regressors_dropped).toEqual([]);
  });

  it('refuses a regressor of the wrong length, with its pointer and the length it needs', async () => {
    const { fullKey } = await h.key();
    const errors = await errorsOf(await h.forecast(fullKey, { series, horizon, regressors: { promo: promo.slice(0, n) } }));
    expect(errors).toEqual([{ pointer: '/regressors/promo', detail: 'regressors/promo has 60 values; it needs 65: one per series value (60) and then one per forecast step (5)' }]);
  });

  it('refuses a non-number, a null and an overflowing number in a regressor, each at its element', async () => {
    const { fullKey } = await h.key();
    const body = `{"series": [1, 2, 3], "horizon": 1, "regressors": {"a": [1, "2", 3, 4], "b": [1, null, 3, 4], "c": [1, 2, 1e999, 4]}}`;
    const res = await h.forecast(fullKey, body);
    const errors = await errorsOf(res);
    expect(errors.map((e) => e.pointer)).toEqual(['/regressors/a/1', '/regressors/b/1', '/regressors/c/2']);
    expect(errors[0].detail).toMatch(/must be a finite number/);
  });

  it('refuses a bad name, more than 50 regressors and a secret-like name without repeating it', async () => {
    const { fullKey } = await h.key();
    const col = Array.from({ length: 4 }, () => 1);
    const bad = await errorsOf(await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1, regressors: { 'a b': col } }));
    expect(bad[0].pointer).toBe('/regressors');
    expect(bad[0].detail).toMatch(/name is not allowed/);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`r${i}`, col]));
    const tooMany = await errorsOf(await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1, regressors: many }));
    expect(tooMany[0].pointer).toBe('/regressors');
    const secret = 'tempoKeyLike12345678';
    const res = await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1, regressors: { [secret]: [1, 2] } });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toContain(secret);
    expect(JSON.parse(text).errors[0].pointer).toBe('/regressors');
  });

  it('refuses an unknown holiday code, and holidays without timestamps, at /holidays', async () => {
    const { fullKey } = await h.key();
    const ts = days('2024-01-01', 10);
    const unknown = await errorsOf(await h.forecast(fullKey, { series: Array(10).fill(1), horizon: 2, timestamps: ts, holidays: 'XX-YY' }));
    expect(unknown).toEqual([{ pointer: '/holidays', detail: expect.stringMatching(/holiday calendar knows/) }]);
    const noDates = await errorsOf(await h.forecast(fullKey, { series: Array(10).fill(1), horizon: 2, holidays: 'AU' }));
    expect(noDates).toEqual([{ pointer: '/holidays', detail: 'holidays needs timestamps, one per series value: the holidays are read from the dates' }]);
    const taken = await errorsOf(await h.forecast(fullKey, { series: Array(10).fill(1), horizon: 2, timestamps: ts, holidays: 'AU', regressors: { holidays: Array(12).fill(0) } }));
    expect(taken[0].pointer).toBe('/regressors/holidays');
  });

  it('refuses quantiles out of (0, 1), repeated, or more than 20', async () => {
    const { fullKey } = await h.key();
    for (const [quantiles, pointer] of [[[0.5, 1], '/quantiles/1'], [[0.5, 0.5], '/quantiles'], [Array.from({ length: 21 }, (_, i) => (i + 1) / 22), '/quantiles']] as const) {
      const errors = await errorsOf(await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1, quantiles }));
      expect(errors[0].pointer).toBe(pointer);
    }
  });

  it('answers a request without regressors or quantiles exactly as before: no new fields', async () => {
    const { fullKey } = await h.key();
    const res = await h.forecast(fullKey, { series, horizon });
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['forecast', 'method', 'model']);
    expect(Object.keys(body.method).sort()).toEqual(['components', 'season_length']);
  });
});
