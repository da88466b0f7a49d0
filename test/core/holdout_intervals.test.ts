import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { lcg } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

const Z95 = 1.959963984540054;
// Student's t 0.975 quantile at 15 degrees of freedom (printed tables): 20 observations less the 5
// parameters of a damped trend
const T15 = 2.131449545559323;

function walk(n: number, seed: number, start = 500): number[] {
  const u = lcg(seed);
  const y = [start];
  for (let t = 1; t < n; t++) y.push(y[t - 1] + 3 * (u() - 0.5));
  return y;
}

/**
 * How much wider than fitted the forecast's first-step sd is. The fitted intervals are
 * prediction ± z·sd1 with the ensemble's own one-step sd; the forecast's first step is
 * mean ± t·sd1·widening, so their ratio times z/t is the widening (t = 1 for a named model).
 */
function widening(y: number[], h: number, model: 'tempo' | 'naive', t: number): number {
  const r = f.forecast(y, h, { fitted: true, level: [95], seasonLength: 1, config: { model } });
  const last = y.length - 1;
  const fitHalf = r.fitted_intervals!['95'].upper[last]! - r.fitted![last]!;
  const fcHalf = r.intervals!['95'].upper[0] - r.forecast[0];
  return (fcHalf / fitHalf) * (Z95 / t);
}

describe('tempo widens a short series\' intervals by its errors on the last h observations', () => {
  it('a level shift inside the last h observations widens the bounds several times', () => {
    // the shift is about 35 step sds: the forecast from 16 observations misses all four by far
    const y = walk(20, 3);
    for (let t = 16; t < 20; t++) y[t] += 30;
    expect(widening(y, 4, 'tempo', T15)).toBeGreaterThan(2);
  });

  it('never narrows: seeded random walks get a factor of at least 1', () => {
    for (let seed = 1; seed <= 12; seed++) expect(widening(walk(20, seed), 4, 'tempo', T15)).toBeGreaterThanOrEqual(1 - 1e-9);
  });

  it('a medium series (30 to 60 residual degrees of freedom) is checked too, with the models its full fit chose', () => {
    // 50 observations less 5 parameters: 45 degrees of freedom; t(45) 0.975 quantile from tables
    const y = walk(50, 3);
    for (let t = 46; t < 50; t++) y[t] += 30;
    expect(widening(y, 4, 'tempo', 2.014103389)).toBeGreaterThan(2);
  });

  it('a long series (60 or more residual degrees of freedom) is not checked: the same shift leaves it as fitted', () => {
    const y = walk(70, 3);
    for (let t = 66; t < 70; t++) y[t] += 30;
    // 70 observations less 5 parameters: 65 degrees of freedom; t(65) 0.975 quantile from tables
    expect(widening(y, 4, 'tempo', 1.997137908)).toBeCloseTo(1, 6);
  });

  it('the check leaves nothing behind: a forecast is the same before and after a checked one', () => {
    // the medium series' check keeps its models for the earlier forecast only; were that kept for
    // later calls, the seasonal series below would be fitted with the walk's models
    const u = lcg(7);
    const seasonal = Array.from({ length: 48 }, (_, t) => 100 + 20 * Math.sin((2 * Math.PI * t) / 12) + 0.5 * t + 4 * u());
    const before = f.forecast(seasonal, 12, { seasonLength: 12, level: [95] });
    const shifted = walk(50, 3);
    for (let t = 46; t < 50; t++) shifted[t] += 30;
    f.forecast(shifted, 4, { seasonLength: 1, level: [95] });
    expect(f.forecast(seasonal, 12, { seasonLength: 12, level: [95] })).toEqual(before);
  });

  it('a model named alone keeps its own definition of the interval', () => {
    const y = walk(20, 3);
    for (let t = 16; t < 20; t++) y[t] += 30;
    expect(widening(y, 4, 'naive', Z95)).toBeCloseTo(1, 9);
  });
});
