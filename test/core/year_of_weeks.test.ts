// Weekly data with a yearly cycle: the year is 52.18 weeks, which the default ensemble sees through
// Fourier terms (Theta on the Fourier-adjusted series, ETS and ARIMA added on it), and the seasonal
// naive member repeats last year only when the seasonal-means test shows a year.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { normals } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

const mae = (a: number[], b: number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
const FIVE = ['ets', 'damped', 'dotm', 'arima', 'snaive'] as const;
const YEAR = 365.25 / 7;

/** A wandering level, a smooth yearly shape of 52.18 weeks (two harmonics) and noise. */
function weekly(n: number, seed: number): number[] {
  const z = Array.from({ length: 2 * n }, normals(seed));
  let level = 100;
  return Array.from({ length: n }, (_, t) => {
    level += 0.5 * z[2 * t];
    return level + 10 * Math.sin((2 * Math.PI * t) / YEAR) + 4 * Math.cos((4 * Math.PI * t) / YEAR) + 2 * z[2 * t + 1];
  });
}

describe('tempo on weekly data with a season of 52', () => {
  it('adds ETS and ARIMA on the Fourier-adjusted series to the default five', () => {
    const { method } = f.forecast(weekly(400, 1), 13, { seasonLength: 52 });
    expect(method.season_length).toBe(52);
    expect(method.components).toHaveLength(7);
    expect(method.components[4]).toBe('snaive');
    // the two added members fit the adjusted series without a season
    expect(method.components[5]).toMatch(/^ets\(.,.+,N\)$/);
    expect(method.components[6]).toMatch(/^arima\(\d,\d,\d\)\(0,0,0\)$/);
  });

  it('forecasts a year of 52.18 weeks better than the five members alone', () => {
    let mine = 0, five = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const all = weekly(413, seed);
      const train = all.slice(0, 400), test = all.slice(400);
      mine += mae(f.forecast(train, 13, { seasonLength: 52 }).forecast, test);
      five += mae(f.forecast(train, 13, { seasonLength: 52, config: { model: 'tempo', members: [...FIVE] } }).forecast, test);
    }
    // measured 2.05 against 2.59 per step on twenty such series
    expect(mine).toBeLessThan(0.9 * five);
  });

  it('lets the seasonal naive member repeat last year only when a year shows', () => {
    for (let seed = 1; seed <= 5; seed++) {
      let level = 100;
      const walk = Array.from({ length: 300 }, normals(100 + seed)).map((v) => (level += v));
      const { method } = f.forecast(walk, 13, { seasonLength: 52 });
      expect(method.components).toContain('naive');
      expect(method.components).not.toContain('snaive');
    }
  });

  it('leaves callers\' named members and other season lengths alone', () => {
    const y = weekly(400, 2);
    expect(f.forecast(y, 13, { seasonLength: 52, config: { model: 'tempo', members: [...FIVE] } }).method.components).toHaveLength(5);
    expect(f.forecast(y, 13, { seasonLength: 13 }).method.components).toHaveLength(5);
  });
});
