import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster, ForecastResult } from '@tempo-forecast/core';
import { normals } from '../support/series.js';

// Regression with ARIMA errors through the `forecastWith` export (requires a current build/tempo.wasm).
let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

/** y_t = 50 + 3·x_t + η_t with η an AR(1) (φ = 0.6, sd 1) and x a noisy cycle: n history values and h future ones. */
function linearCase(n: number, h: number, seed = 7) {
  const z = normals(seed);
  const x: number[] = [], y: number[] = [];
  let eta = 0;
  for (let t = 0; t < n + h; t++) {
    x.push(10 + 5 * Math.sin(t / 3) + 2 * z());
    eta = 0.6 * eta + z();
    y.push(50 + 3 * x[t] + eta);
  }
  return { y: y.slice(0, n), future: y.slice(n), x };
}

function maxAbsErr(a: number[], b: number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i])));
}

describe('regression with ARIMA errors', () => {
  it('recovers the coefficient and forecasts with the future values of the regressor', () => {
    const { y, future, x } = linearCase(200, 12);
    const r = f.forecast(y, 12, { seasonLength: 1, level: [95], regressors: { x }, config: { model: 'arima' } });
    expect(r.method.regressors).toHaveLength(1);
    expect(r.method.regressors![0].name).toBe('x');
    expect(r.method.regressors![0].coefficient).toBeGreaterThan(2.8);
    expect(r.method.regressors![0].coefficient).toBeLessThan(3.2);
    expect(r.method.regressors_dropped).toEqual([]);
    expect(r.method.regression_errors).toMatch(/^arima\(/);
    // the noise left is an AR(1) with sd 1.25: the forecast follows x's future swings, the plain one cannot
    const plain = f.forecast(y, 12, { seasonLength: 1, config: { model: 'arima' } });
    expect(maxAbsErr(r.forecast, future)).toBeLessThan(5);
    expect(maxAbsErr(plain.forecast, future)).toBeGreaterThan(maxAbsErr(r.forecast, future));
    for (let i = 0; i < 12; i++) {
      expect(r.intervals!['95'].lower[i]).toBeLessThan(r.forecast[i]);
      expect(r.intervals!['95'].upper[i]).toBeGreaterThan(r.forecast[i]);
    }
  });

  it('the ensemble uses the regressors too, and every model answers finite values', () => {
    const { y, future, x } = linearCase(150, 8, 11);
    for (const model of ['tempo', 'ets', 'theta', 'dotm', 'snaive', 'naive', 'arima'] as const) {
      const r = f.forecast(y, 8, { level: [80], regressors: { x }, config: { model } });
      for (const v of [...r.forecast, ...r.intervals!['80'].lower, ...r.intervals!['80'].upper]) expect(Number.isFinite(v)).toBe(true);
      expect(r.method.regressors!.map((u) => u.name)).toEqual(['x']);
      expect(maxAbsErr(r.forecast, future), model).toBeLessThan(8);
    }
  });

  it('drops a regressor constant over the history, and one collinear with another, by name and without a NaN', () => {
    const { y, x } = linearCase(120, 6, 3);
    const flat = x.map((_, t) => (t < 120 ? 1 : 2)); // constant over the history, varying in the future
    const twice = x.map((v) => 2 * v - 4); // collinear with x and the constant
    const r = f.forecast(y, 6, { level: [95], fitted: true, regressors: { x, flat, twice }, config: { model: 'arima' } });
    expect(r.method.regressors!.map((u) => u.name)).toEqual(['x']);
    expect(r.method.regressors_dropped).toEqual(['flat', 'twice']);
    expect(r.method.regressors_dropped_reason).toEqual({ flat: 'constant', twice: 'collinear' });
    for (const v of [...r.forecast, ...r.intervals!['95'].lower, ...r.intervals!['95'].upper]) expect(Number.isFinite(v)).toBe(true);
    for (const v of r.fitted!) expect(v === null || Number.isFinite(v)).toBe(true);
  });

  it('a regressor that only differs from another after the history is still collinear over it', () => {
    const { y, x } = linearCase(60, 4, 5);
    const copy = x.map((v, t) => (t < 60 ? v : v + 100));
    const r = f.forecast(y, 4, { regressors: { x, copy } });
    expect(r.method.regressors_dropped).toEqual(['copy']);
    expect(r.forecast.every(Number.isFinite)).toBe(true);
  });

  it('bends a regressor whose effect is V-shaped (a hinge chosen by AICc) and forecasts it better than a straight line could', () => {
    const z = normals(21);
    const n = 300, h = 14;
    const temp: number[] = [], y: number[] = [];
    for (let t = 0; t < n + h; t++) {
      temp.push(20 + 8 * Math.sin((2 * Math.PI * t) / 60) + 3 * z());
      y.push(200 + 4 * Math.abs(temp[t] - 18) + z());
    }
    const r = f.forecast(y.slice(0, n), h, { seasonLength: 1, regressors: { temp }, config: { model: 'arima' } });
    const use = r.method.regressors![0];
    expect(use.terms?.some((t) => t.term === 'hinge')).toBe(true);
    const mae = r.forecast.reduce((s, v, i) => s + Math.abs(v - y[n + i]), 0) / h;
    expect(mae).toBeLessThan(3);
  });

  it('leaves the regressors unused (named, not refused) when the series is constant or a single value', () => {
    const x = [1, 2, 3, 4, 5, 6, 7];
    const r = f.forecast([5, 5, 5, 5, 5], 2, { regressors: { x } });
    expect(r.forecast).toEqual([5, 5]);
    expect(r.method.regressors_dropped).toEqual(['x']);
    expect(r.method.regressors_dropped_reason).toEqual({ x: 'unused' });
    const one = f.forecast([3], 1, { regressors: { x: [1, 2] } });
    expect(one.forecast).toEqual([3]);
  });

  it('answers 50 regressors on 2,000 values (two-step estimates, no bends) without running out of memory', () => {
    const z = normals(5);
    const n = 2000, h = 24;
    const regressors: Record<string, number[]> = {};
    for (let j = 0; j < 50; j++) regressors[`x${j}`] = Array.from({ length: n + h }, (_, t) => Math.sin(t / (3 + j)) * 10 + z());
    const y = Array.from({ length: n }, (_, t) => 100 + 2 * regressors.x0[t] - regressors.x7[t] + z());
    const r = f.forecast(y, h, { level: [95], regressors });
    expect(r.method.regressors).toHaveLength(50);
    expect(r.method.regressors!.every((u) => u.terms === undefined)).toBe(true);
    expect(r.method.regressors![0].coefficient).toBeGreaterThan(1.8);
    expect(r.forecast.every(Number.isFinite)).toBe(true);
  });

  it('refuses regressors of the wrong length or with a non-finite value', () => {
    expect(() => f.forecast([1, 2, 3], 2, { regressors: { x: [1, 2, 3, 4] } })).toThrow(/5/);
    expect(() => f.forecast([1, 2, 3], 1, { regressors: { x: [1, NaN, 3, 4] } })).toThrow(/finite/);
  });
});
