import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { CoreError, MODEL_IDS, STATUS, type Forecaster, type CoreModelName, type ForecastResult } from '@tempo-forecast/core';
import { seasonalSeries, lcg } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

const LEVELS = [1e-300, 1e-12, 0.5, 50, 80, 95, 99.9, 99.99999999999999];

function walk(n: number, seed: number, scale: number, start: number): number[] {
  const u = lcg(seed);
  const y = [start];
  for (let t = 1; t < n; t++) y.push(y[t - 1] + scale * (u() - 0.5));
  return y;
}

const SERIES: Record<string, number[]> = {
  seasonal: seasonalSeries(72, 12),
  walk: walk(80, 3, 2, 10),
  negative: walk(50, 5, 10, -500),
  short1: [42],
  short2: [3, 4],
  constant: Array(30).fill(7.25),
  gaps: [1, null, 3, 4, null, 6, 7, 8, null, 10, 11, 12] as unknown as number[],
  tiny: seasonalSeries(48, 12).map((v) => v * 1e-305),
  huge: seasonalSeries(48, 12).map((v) => v * 1e300),
  nearMax: [1.5e308, 1.6e308, 1.55e308, 1.7e308, 1.65e308, 1.6e308],
  nearMin: [-1.5e308, -1.6e308, -1.55e308, -1.7e308, -1.65e308, -1.6e308],
  constantMax: Array(10).fill(1.7e308),
  swing: [1.7e308, -1.7e308, 1.7e308, -1.7e308, 1.7e308, -1.7e308],
};

// every number finite, lower <= forecast <= upper at every level, wider levels never narrower
function checkOrdered(r: ForecastResult, what: string): void {
  expect(r.forecast.every(Number.isFinite), what).toBe(true);
  let prev: { lower: number[]; upper: number[] } | null = null;
  for (const lv of LEVELS) {
    const b = r.intervals![String(lv)];
    for (let i = 0; i < r.forecast.length; i++) {
      const at = `${what} level ${lv} step ${i}`;
      expect(Number.isFinite(b.lower[i]) && Number.isFinite(b.upper[i]), at).toBe(true);
      expect(b.lower[i], at).toBeLessThanOrEqual(r.forecast[i]);
      expect(r.forecast[i], at).toBeLessThanOrEqual(b.upper[i]);
      if (prev) {
        expect(b.lower[i], at).toBeLessThanOrEqual(prev.lower[i]);
        expect(b.upper[i], at).toBeGreaterThanOrEqual(prev.upper[i]);
      }
    }
    prev = b;
  }
}

describe('every number in an answer is finite and ordered', () => {
  it('over every model, level and hostile series: ordered finite bounds, or OUT_OF_RANGE, never anything else', () => {
    let answered = 0, refused = 0;
    for (const model of Object.keys(MODEL_IDS) as CoreModelName[]) {
      for (const [name, y] of Object.entries(SERIES)) {
        for (const seasonLength of [undefined, 1, 12]) {
          const what = `${model} on ${name} (m=${seasonLength ?? 'detect'})`;
          let r: ForecastResult;
          try {
            r = f.forecast(y, 7, { level: LEVELS, seasonLength, config: { model } });
          } catch (err) {
            expect(err, what).toBeInstanceOf(CoreError);
            expect((err as CoreError).status, what).toBe(STATUS.OUT_OF_RANGE);
            refused++;
            continue;
          }
          checkOrdered(r, what);
          answered++;
        }
      }
    }
    expect(answered).toBeGreaterThan(refused);
  });

  it('a level a hair below 100 gives finite, wide bounds (z from the upper tail, about 8.2)', () => {
    const y = walk(60, 11, 1, 0);
    const r = f.forecast(y, 3, { level: [95, 99.99999999999999], config: { model: 'naive' } });
    const w95 = r.intervals!['95'].upper[0] - r.forecast[0];
    const wTop = r.intervals!['99.99999999999999'].upper[0] - r.forecast[0];
    expect(Number.isFinite(wTop)).toBe(true);
    expect(wTop / w95).toBeGreaterThan(8.2 / 1.96 - 0.01);
    expect(wTop / w95).toBeLessThan(8.3 / 1.96);
  });

  it('a level a hair above 0 gives bounds equal to the forecast, never crossed', () => {
    const r = f.forecast(walk(40, 2, 1, 0), 4, { level: [1e-14], config: { model: 'naive' } });
    const b = r.intervals!['1e-14'];
    for (let i = 0; i < 4; i++) {
      expect(b.lower[i]).toBeLessThanOrEqual(r.forecast[i]);
      expect(b.upper[i]).toBeGreaterThanOrEqual(r.forecast[i]);
      expect(b.upper[i] - b.lower[i]).toBeLessThan(1e-12);
    }
  });

  it('values near the largest double are fitted at a safe scale and answered when the answer fits', () => {
    const r = f.forecast(SERIES.constantMax, 3);
    expect(r.forecast).toEqual([1.7e308, 1.7e308, 1.7e308]);
    // a constant series' intervals take the floor (5% of the level, never zero width): near the
    // largest double that passes it, and the series is refused as any whose bounds overflow
    expect(() => f.forecast(SERIES.constantMax, 3, { level: [95] })).toThrowError(expect.objectContaining({ status: STATUS.OUT_OF_RANGE }));
    const near = f.forecast(SERIES.constantMax.map(() => 1e307), 3, { level: [95] });
    for (let i = 0; i < 3; i++) expect(near.intervals!['95'].upper[i]).toBeGreaterThan(near.intervals!['95'].lower[i]);
    const s = f.forecast(SERIES.huge, 6, { level: [80, 95], seasonLength: 12 });
    const ref = f.forecast(SERIES.huge.map((v) => v / 1e300), 6, { level: [80, 95], seasonLength: 12 });
    for (let i = 0; i < 6; i++) expect(s.forecast[i] / 1e300).toBeCloseTo(ref.forecast[i], 6);
  });

  it('a series whose bounds would overflow is refused with OUT_OF_RANGE, not answered with Infinity', () => {
    expect(() => f.forecast(SERIES.swing, 3, { level: [95], config: { model: 'naive' } }))
      .toThrowError(expect.objectContaining({ status: STATUS.OUT_OF_RANGE }));
  });
});
