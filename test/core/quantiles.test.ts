import { describe, it, expect, beforeAll } from 'vitest';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster, ForecastResult } from '@tempo-forecast/core';
import { readDataset } from '../../eval/csv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

const PROBS = [0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.975, 0.99];

// every step's quantiles, in the order of PROBS (ascending), never decrease
function crossings(r: ForecastResult, probs: number[]): string[] {
  const sorted = [...probs].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < r.forecast.length; i++) {
    for (let k = 1; k < sorted.length; k++) {
      const lo = r.quantiles![String(sorted[k - 1])][i], hi = r.quantiles![String(sorted[k])][i];
      if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) out.push(`step ${i}: q${sorted[k - 1]}=${lo} > q${sorted[k]}=${hi}`);
    }
  }
  return out;
}

describe('quantiles', () => {
  it('are the interval bounds of the matching levels, bit for bit, and 0.5 is the point forecast', () => {
    const y = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149, 170, 170, 158, 133, 114, 140];
    const r = f.forecast(y, 6, { seasonLength: 12, level: [80, 90, 95], quantiles: [0.025, 0.05, 0.1, 0.5, 0.9, 0.95, 0.975] });
    expect(r.quantiles!['0.025']).toEqual(r.intervals!['95'].lower);
    expect(r.quantiles!['0.975']).toEqual(r.intervals!['95'].upper);
    expect(r.quantiles!['0.05']).toEqual(r.intervals!['90'].lower);
    expect(r.quantiles!['0.95']).toEqual(r.intervals!['90'].upper);
    expect(r.quantiles!['0.1']).toEqual(r.intervals!['80'].lower);
    expect(r.quantiles!['0.9']).toEqual(r.intervals!['80'].upper);
    expect(r.quantiles!['0.5']).toEqual(r.forecast);
  });

  it('leave the forecast and intervals exactly as a request without them gets', () => {
    const y = [5, 7, 6, 9, 8, 11, 10, 12, 14, 13, 15, 17, 16, 18];
    for (const model of ['tempo', 'ets', 'arima', 'sba'] as const) {
      const plain = f.forecast(y, 5, { level: [80, 95], fitted: true, config: { model } });
      const more = f.forecast(y, 5, { level: [80, 95], fitted: true, quantiles: [0.3], config: { model } });
      expect(more.forecast).toEqual(plain.forecast);
      expect(more.intervals).toEqual(plain.intervals);
      expect(more.fitted).toEqual(plain.fitted);
      expect(more.method).toEqual(plain.method);
    }
  });

  it('never cross, on every series of the dev, intermittent and exogenous samples (with and without regressors)', () => {
    const rows = ['dev', 'intermittent', 'exogenous'].flatMap((d) => readDataset(join(root, 'datasets', d)));
    const problems: string[] = [];
    for (const row of rows) {
      const r = f.forecast(row.train, row.horizon, { seasonLength: row.seasonLength, quantiles: PROBS, ...(row.regressors ? { regressors: row.regressors } : {}) });
      for (const c of crossings(r, PROBS).slice(0, 1)) problems.push(`${row.id} ${c}`);
    }
    expect(rows.length).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 300_000);

  it('never cross on arbitrary series, models and probabilities (counts, non-negative and signed data)', () => {
    fc.assert(fc.property(
      fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })), { minLength: 1, maxLength: 40 }),
      fc.constantFrom('tempo', 'ets', 'arima', 'naive', 'snaive', 'sba', 'tsb', 'imapa', 'theta'),
      fc.uniqueArray(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), { minLength: 1, maxLength: 20 }),
      fc.integer({ min: 1, max: 12 }),
      (series, model, probs, h) => {
        const r = f.forecast(series, h, { quantiles: probs, config: { model } });
        expect(crossings(r, probs)).toEqual([]);
      },
    ), { numRuns: 300, seed: 25 });
  }, 120_000);

  it('never cross for count forecasts, where intervals become one-sided once their lower end reaches 0', () => {
    // a grid of probabilities puts levels on both sides of the one where the count interval's lower end reaches 0
    const grid = [0.02, 0.1, 0.3, ...Array.from({ length: 25 }, (_, i) => (51 + 2 * i) / 100)];
    fc.assert(fc.property(
      fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 9 })), { minLength: 12, maxLength: 60 }),
      fc.constantFrom('tempo', 'sba', 'tsb', 'adida', 'imapa'),
      (series, model) => {
        const r = f.forecast(series, 3, { quantiles: grid, config: { model } });
        expect(crossings(r, grid)).toEqual([]);
      },
    ), { numRuns: 200, seed: 7 });
  }, 120_000);

  it('reach the far tails without an infinite value', () => {
    const r = f.forecast([3, 5, 4, 6, 5, 7], 2, { quantiles: [1e-300, 0.5, 1 - 2 ** -53] });
    for (const q of Object.values(r.quantiles!)) for (const v of q) expect(Number.isFinite(v)).toBe(true);
    expect(r.quantiles!['1e-300'][0]).toBeLessThan(r.forecast[0]);
  });
});
