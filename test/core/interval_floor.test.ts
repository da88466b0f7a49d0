import { describe, it, expect, beforeAll } from 'vitest';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster, ForecastResult } from '@tempo-forecast/core';
import { readDataset } from '../../eval/csv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

// every interval of the answer (forecast and in-sample) whose upper bound is not above its lower
function collapsed(r: ForecastResult): string[] {
  const out: string[] = [];
  for (const [k, b] of Object.entries(r.intervals ?? {})) {
    b.lower.forEach((lo, i) => { if (!(b.upper[i] > lo)) out.push(`${k}% step ${i}: [${lo}, ${b.upper[i]}]`); });
  }
  for (const [k, b] of Object.entries(r.fitted_intervals ?? {})) {
    b.lower.forEach((lo, i) => { if (lo !== null && !(b.upper[i]! > lo)) out.push(`fitted ${k}% at ${i}: [${lo}, ${b.upper[i]}]`); });
  }
  return out;
}

const FLAT: Array<Array<number | null>> = [
  [5], [0], [3.7], [-2], [1e-9], [null, 7, null], [100, 100], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  Array(30).fill(2.5), Array(40).fill(-4), Array(60).fill(1e6), Array(24).fill(12),
];

describe('intervals never collapse', () => {
  it('constant and one-point series get a floor: 5% of the level, at least 1 for whole numbers, widening like the naive method', () => {
    for (const s of FLAT) {
      for (const options of [{ level: [50, 80, 95], fitted: true }, { level: [50, 95], seasonLength: 12, fitted: true }]) {
        const r = f.forecast(s as number[], 6, options);
        expect(collapsed(r), JSON.stringify(s)).toEqual([]);
        const w = r.intervals!['95'].upper.map((u, i) => u - r.intervals!['95'].lower[i]);
        // wider with the horizon, or at least no narrower where the support (≥ 0) clips the lower bound
        for (let i = 1; i < w.length; i++) expect(w[i]).toBeGreaterThanOrEqual(w[i - 1]);
      }
    }
    // the floor's size: a constant of 1e6 over 60 points has a one-step 95% half-width near 1.96·5% of it
    const big = f.forecast(Array(60).fill(1e6), 1, { level: [95] });
    const half = big.intervals!['95'].upper[0] - 1e6;
    expect(half / 1e6).toBeGreaterThan(0.05 * 1.9);
    expect(half / 1e6).toBeLessThan(0.05 * 2.1);
    // counts: all zeros take a unit step, and nothing goes below 0
    const zeros = f.forecast(Array(24).fill(0), 1, { level: [95] });
    expect(zeros.intervals!['95'].lower[0]).toBe(0);
    expect(zeros.intervals!['95'].upper[0]).toBeGreaterThan(1.9);
  });

  it('on no series of the dev and intermittent samples, told or blind, nor in their quantiles', () => {
    const bad: string[] = [];
    for (const d of ['dev', 'intermittent']) {
      for (const r of readDataset(join(root, 'datasets', d))) {
        const told = f.forecast(r.train, r.horizon, { seasonLength: r.seasonLength, level: [80, 95] });
        const blind = f.forecast(r.train, r.horizon, { level: [50], quantiles: [0.4, 0.6] });
        for (const p of [...collapsed(told), ...collapsed(blind)]) bad.push(`${r.id} ${p}`);
        blind.quantiles!['0.4'].forEach((q, i) => { if (!(blind.quantiles!['0.6'][i] > q)) bad.push(`${r.id} q0.4/q0.6 at ${i}`); });
      }
    }
    expect(bad).toEqual([]);
  }, 120_000);
});
