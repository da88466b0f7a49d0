import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { lcg } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

function walk(n: number, seed: number): number[] {
  const u = lcg(seed);
  const y = [-50];
  for (let t = 1; t < n; t++) y.push(y[t - 1] + 3 * (u() - 0.5));
  return y;
}

// upper half-widths at step 1 share one sd, so their ratio is the ratio of the multipliers
function ratio95to80(y: number[], seasonLength: number): number {
  const r = f.forecast(y, 3, { level: [80, 95], seasonLength, config: { model: 'tempo' } });
  const b80 = r.intervals!['80'], b95 = r.intervals!['95'];
  return (b95.upper[0] - r.forecast[0]) / (b80.upper[0] - r.forecast[0]);
}

// Student's t quantiles from printed tables (0.975 and 0.90 one-sided), and the normal ones
const T = { 11: [2.200985, 1.363430], 15: [2.131450, 1.340606], 195: [1.972204, 1.286] };
const Z = 1.959964 / 1.281552;

describe('tempo intervals use Student t with the residual degrees of freedom', () => {
  it('20 observations, no season: 15 degrees of freedom (n less 5 parameters)', () => {
    const got = ratio95to80(walk(20, 7), 1);
    expect(got).toBeCloseTo(T[15][0] / T[15][1], 4);
    expect(got).toBeGreaterThan(Z + 0.05);
  });

  it('20 observations, season 4: 11 degrees of freedom (the seasonal states cost 4 more)', () => {
    expect(ratio95to80(walk(20, 8), 4)).toBeCloseTo(T[11][0] / T[11][1], 4);
  });

  it('a single model keeps its normal multipliers (as R defines them)', () => {
    const r = f.forecast(walk(20, 7), 3, { level: [80, 95], seasonLength: 1, config: { model: 'naive' } });
    const got = (r.intervals!['95'].upper[0] - r.forecast[0]) / (r.intervals!['80'].upper[0] - r.forecast[0]);
    expect(got).toBeCloseTo(Z, 5);
  });

  it('200 observations: close to the normal multipliers', () => {
    const got = ratio95to80(walk(200, 9), 1);
    expect(got).toBeCloseTo(T[195][0] / 1.286056, 3);
    expect(Math.abs(got - Z)).toBeLessThan(0.01);
  });

  it('the far tail keeps its digits: a 1.4e-16 tail at 1995 degrees of freedom', () => {
    const y = walk(2000, 11);
    const r = f.forecast(y, 1, { level: [95, 99.99999999999999], seasonLength: 1, config: { model: 'tempo' } });
    const w = (lv: string) => r.intervals![lv].upper[0] - r.forecast[0];
    // the exact ratio of t(1995) quantiles: upper 0.5·(1 - 0.9999999999999999) point over upper 0.025 point
    expect(w('99.99999999999999') / w('95')).toBeCloseTo(4.250161063608, 7);
  });
});
