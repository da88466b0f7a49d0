// The default `tempo` ensemble for hourly and finer data: seasonal ARIMA of the series less its
// MSTL weekly component, ARIMA of the series less both classical seasons, and the seasonal naive
// forecast; the weekly cycle only when it tests positive.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { normals } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

const mae = (a: number[], b: number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
const FIVE = ['ets', 'damped', 'dotm', 'arima', 'snaive'] as const;

/**
 * Hourly load: a daily shape whose amplitude drifts over six weeks, 20 lower on weekend days, and
 * AR(1) noise (coefficient 0.8), the short-run memory hourly data have and a fixed season misses.
 */
function hourly(n: number, seed: number, weekend = 20): number[] {
  const z = Array.from({ length: n }, normals(seed));
  let e = 0;
  return z.map((v, t) => {
    e = 0.8 * e + 2 * v;
    const amp = 30 * (1 + 0.3 * Math.sin((2 * Math.PI * t) / (24 * 45)));
    return 200 + amp * Math.sin((2 * Math.PI * (t % 24)) / 24) - (Math.floor(t / 24) % 7 >= 5 ? weekend : 0) + e;
  });
}

describe('tempo on hourly data spanning three weeks or more', () => {
  const n = 24 * 7 * 5;

  it('runs its three members and reports both periods when the weekly cycle shows', () => {
    const { method } = f.forecast(hourly(n, 3), 48, { seasonLength: 24 });
    expect(method.components).toHaveLength(3);
    // seasonal ARIMA of the week-adjusted series (seasonally differenced at 24), ARIMA of the
    // twice-adjusted one (no seasonal part), the seasonal naive forecast
    expect(method.components[0]).toMatch(/^arima\(\d,\d,\d\)\(\d,1,\d\)$/);
    expect(method.components[1]).toMatch(/^arima\(\d,\d,\d\)\(0,0,0\)$/);
    expect(method.components[2]).toBe('snaive');
    expect(method.seasonal_periods).toEqual([24, 168]);
  });

  it('keeps the day alone when no weekly cycle shows, and says so', () => {
    const { method } = f.forecast(hourly(n, 3, 0), 48, { seasonLength: 24 });
    expect(method.components).toHaveLength(3);
    expect(method.components[2]).toBe('snaive');
    expect(method).not.toHaveProperty('seasonal_periods');
  });

  it('forecasts such series better than the five-member median on the same two-season decomposition', () => {
    // naming the members keeps the classical two-season path with them, as before this ensemble
    let mine = 0, five = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const all = hourly(n + 48, seed);
      const train = all.slice(0, n), test = all.slice(n);
      mine += mae(f.forecast(train, 48, { seasonLength: 24 }).forecast, test);
      five += mae(f.forecast(train, 48, { seasonLength: 24, config: { model: 'tempo', members: [...FIVE] } }).forecast, test);
    }
    // measured 3.4 against 5.9 per step on twelve such series
    expect(mine).toBeLessThan(0.8 * five);
  });

  it('keeps callers\' named members on the two-season path', () => {
    const { method } = f.forecast(hourly(n, 3), 48, { seasonLength: 24, config: { model: 'tempo', members: ['ets', 'theta'] } });
    expect(method.components).toHaveLength(2);
    expect(method.components[0]).toMatch(/^ets\(.,.+,N\)$/);
    expect(method.components[1]).toBe('theta');
    expect(method.seasonal_periods).toEqual([24, 168]);
  });

  it('leaves shorter hourly series to the usual ensemble', () => {
    const { method } = f.forecast(hourly(24 * 7 * 2 + 24 * 3, 3), 48, { seasonLength: 24 });
    // the default five, ETS and Theta among them
    expect(method.components).toHaveLength(5);
    expect(method.components).toContain('dotm');
  });

  it('gives finite forecasts, ordered bounds and in-sample predictions with gaps, a level shift and a flat stretch', () => {
    const y: (number | null)[] = hourly(n, 9);
    for (let t = 300; t < 340; t++) y[t] = null;
    for (let t = 500; t < n; t++) y[t] = (y[t] as number) + 150;
    for (let t = 700; t < 760; t++) y[t] = 400;
    const r = f.forecast(y, 48, { seasonLength: 24, level: [80, 95], fitted: true });
    expect(r.forecast.every(Number.isFinite)).toBe(true);
    for (const lv of ['80', '95']) {
      const { lower, upper } = r.intervals![lv];
      r.forecast.forEach((v, i) => { expect(lower[i]).toBeLessThanOrEqual(v); expect(upper[i]).toBeGreaterThanOrEqual(v); });
    }
    expect(r.fitted!.filter((v) => v !== null && Number.isFinite(v)).length).toBeGreaterThan(n / 2);
  });
});
