// Regressors, holidays and quantiles on the batch and cross-validation routes over real HTTP: each
// series or window forecast as the core forecasts it alone, and bad input refused with a pointer.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Ajv } from 'ajv';
import { loadForecaster } from '../../src/core/node.js';
import { scaledPinball } from '../../src/metrics/index.js';
import { batchResponseSchema } from '../../src/server/schemas/batch-response.js';
import { crossValidationResponseSchema } from '../../src/server/schemas/cross-validation-response.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function post(path: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

const days = (from: string, k: number) => Array.from({ length: k }, (_, i) => new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10));
const driver = (k: number, seed: number) => Array.from({ length: k }, (_, t) => 10 + 4 * Math.sin((t + seed) / 3) + ((t * 7919 + seed) % 7) / 3);
const driven = (x: number[], n: number) => x.slice(0, n).map((v, t) => 50 + 2.5 * v + ((t * 104729) % 11) / 5);

describe('batch with regressors', () => {
  it('forecasts each series with its own regressors and the batch\u2019s quantiles, as a single forecast would', async () => {
    const { fullKey } = await h.key();
    const xa = driver(48, 1), xb = driver(40, 2);
    const series = [
      { id: 'a', values: driven(xa, 42), regressors: { x: xa } },
      { id: 'b', values: driven(xb, 34), regressors: { x: xb } },
      { id: 'plain', values: driven(xa, 42) },
    ];
    const res = await post('forecast/batch', fullKey, { horizon: 6, level: [90], quantiles: [0.05, 0.95], series });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(new Ajv({ strict: false }).compile(batchResponseSchema)(body)).toBe(true);
    const core = await loadForecaster();
    for (const [i, s] of series.entries()) {
      const alone = core.forecast(s.values, 6, { level: [90], quantiles: [0.05, 0.95], config: {}, ...(s.regressors ? { regressors: s.regressors } : {}) });
      expect(body.forecasts[i].forecast).toEqual(alone.forecast);
      expect(body.forecasts[i].quantiles).toEqual(alone.quantiles);
      expect(body.forecasts[i].method).toEqual(alone.method);
    }
    expect(body.forecasts[0].method.regressors[0].name).toBe('x');
    expect(body.forecasts[2].method.regressors).toBeUndefined();
  });

  it('adds the batch\u2019s holidays to each dated series, a series\u2019 own code winning', async () => {
    const { fullKey } = await h.key();
    const ts = days('2024-11-01', 60);
    const values = Array.from({ length: 60 }, (_, t) => 100 + (t % 7) * 3 + (ts[t] === '2024-11-28' || ts[t] === '2024-12-25' ? -30 : 0));
    const res = await post('forecast/batch', fullKey, { horizon: 3, holidays: 'US', series: [{ id: 'us', values, timestamps: ts }, { id: 'gb', values, timestamps: ts, holidays: 'GB' }] });
    expect(res.status).toBe(200);
    const body = await res.json();
    for (const item of body.forecasts) expect([...item.method.regressors.map((r: { name: string }) => r.name), ...item.method.regressors_dropped]).toContain('holidays');
    expect(body.forecasts[0].method).not.toEqual(body.forecasts[1].method);
  });

  it('refuses the whole batch for a regressor of the wrong length, at the series\u2019 pointer', async () => {
    const { fullKey } = await h.key();
    const res = await post('forecast/batch', fullKey, { horizon: 2, series: [{ id: 'a', values: [1, 2, 3] }, { id: 'b', values: [1, 2, 3], regressors: { x: [1, 2, 3] } }] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual([{ pointer: '/series/1/regressors/x', detail: 'series/1/regressors/x has 3 values; it needs 5: one per series value (3) and then one per forecast step (2)', id: 'b' }]);
  });

  it('refuses holidays for a series without timestamps, at that series', async () => {
    const { fullKey } = await h.key();
    const res = await post('forecast/batch', fullKey, { horizon: 2, holidays: 'AU', series: [{ id: 'a', values: [1, 2, 3, 4] }] });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toEqual({ pointer: '/series/0/holidays', detail: 'series/0/holidays needs timestamps, one per series value: the holidays are read from the dates', id: 'a' });
  });
});

describe('cross-validation with regressors and quantiles', () => {
  it('gives each window the regressor rows up to its last step, its quantiles, and the scaled pinball loss', async () => {
    const { fullKey } = await h.key();
    const x = driver(66, 3);
    const series = driven(x, 60);
    const res = await post('cross-validation', fullKey, { series, horizon: 6, windows: 2, regressors: { x }, quantiles: [0.1, 0.5, 0.9] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(new Ajv({ strict: false }).compile(crossValidationResponseSchema)(body)).toBe(true);
    const core = await loadForecaster();
    const losses: number[] = [];
    for (const w of body.windows) {
      const train = series.slice(0, w.cutoff + 1);
      const alone = core.forecast(train, 6, { regressors: { x: x.slice(0, w.cutoff + 7) }, quantiles: [0.1, 0.5, 0.9], config: {} });
      expect(w.forecast).toEqual(alone.forecast);
      expect(w.quantiles).toEqual(alone.quantiles);
      losses.push(scaledPinball(train, series.slice(w.cutoff + 1, w.cutoff + 7), alone.quantiles!));
    }
    expect(body.metrics.spl).toBeCloseTo((losses[0] + losses[1]) / 2, 12);
  });

  it('refuses a regressor shorter than the series plus the horizon', async () => {
    const { fullKey } = await h.key();
    const res = await post('cross-validation', fullKey, { series: driven(driver(30, 1), 30), horizon: 3, regressors: { x: driver(30, 1) } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].pointer).toBe('/regressors/x');
  });
});
