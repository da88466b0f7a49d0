// The `tempo` ensemble through the public host: what it combines, how, and its fallbacks.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster, MemberName } from '@tempo-forecast/core';
import { lcg, seasonalSeries } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

const AIR = seasonalSeries(96, 12);
const finite = (a: number[]) => a.every(Number.isFinite);

function single(model: MemberName, y: number[], h: number, m: number): number[] {
  return f.forecast(y, h, { seasonLength: m, config: { model } }).forecast;
}

describe('tempo ensemble', () => {
  it('runs the five default members on a long seasonal series and names them', () => {
    const r = f.forecast(AIR, 12, { seasonLength: 12 });
    expect(r.method.season_length).toBe(12);
    const c = r.method.components;
    expect(c).toHaveLength(5);
    expect(c.some((s) => s.startsWith('ets('))).toBe(true);
    expect(c.some((s) => s.startsWith('arima('))).toBe(true);
    expect(c).toContain('dotm');
    expect(c).toContain('snaive');
  });

  it('is, step by step, the median of what its members forecast alone', () => {
    const h = 12;
    const members: MemberName[] = ['ets', 'dotm', 'arima'];
    const r = f.forecast(AIR, h, { seasonLength: 12, config: { members, combination: 'median' } });
    const alone = [single('ets', AIR, h, 12), single('dotm', AIR, h, 12), single('arima', AIR, h, 12)];
    for (let i = 0; i < h; i++) {
      const v = alone.map((a) => a[i]).sort((a, b) => a - b)[1];
      expect(r.forecast[i]).toBeCloseTo(v, 9);
    }
  });

  it('with combination mean, is the average of its members', () => {
    const h = 8;
    const r = f.forecast(AIR, h, { seasonLength: 12, config: { members: ['ets', 'arima'], combination: 'mean' } });
    const a = single('ets', AIR, h, 12), b = single('arima', AIR, h, 12);
    for (let i = 0; i < h; i++) expect(r.forecast[i]).toBeCloseTo((a[i] + b[i]) / 2, 9);
    expect(r.method.components).toHaveLength(2);
  });

  it('shares the damped forms between ets and damped without changing either member', () => {
    // ets fits every damped form damped fits; the ensemble fits each once and both members read it
    const h = 6;
    const noisy = lcg(11);
    const cases: Array<[number[], number]> = [
      [AIR, 12],
      [Array.from({ length: 60 }, (_, t) => 50 + 0.8 * t + 4 * noisy()), 1],
      [seasonalSeries(72, 4, 3, 0.2, 0.6), 4],
    ];
    for (const [y, m] of cases) {
      const r = f.forecast(y, h, { seasonLength: m, config: { members: ['ets', 'damped'], combination: 'mean' } });
      const a = single('ets', y, h, m), b = single('damped', y, h, m);
      expect(r.method.components).toHaveLength(2);
      for (let i = 0; i < h; i++) expect(r.forecast[i]).toBeCloseTo((a[i] + b[i]) / 2, 9);
    }
  });

  it('carries no shared fit into the next call, even for a series at the same place in memory', () => {
    const other = seasonalSeries(96, 12, 99, 0.1, 0.5);
    const fresh = single('damped', other, 6, 12);
    f.forecast(AIR, 6, { seasonLength: 12 });
    expect(single('damped', other, 6, 12)).toEqual(fresh);
    expect(f.forecast(other, 6, { seasonLength: 12, config: { members: ['damped', 'ets'] } }).forecast)
      .toEqual(f.forecast(other, 6, { seasonLength: 12, config: { members: ['damped', 'ets'] } }).forecast);
  });

  it('widens its interval by the members\' disagreement (mixture variance)', () => {
    // on a steep trend naive and dotm (which extrapolates it) disagree a lot; the mixture must cover both at 95%
    const y = Array.from({ length: 40 }, (_, t) => 10 + 3 * t + Math.sin(t));
    const h = 10;
    const r = f.forecast(y, h, { level: [95], config: { members: ['naive', 'dotm'], combination: 'mean' } });
    const a = single('naive', y, h, 1), b = single('dotm', y, h, 1);
    const { lower, upper } = r.intervals!['95'];
    for (let i = 0; i < h; i++) {
      for (const v of [a[i], b[i]]) {
        expect(v).toBeGreaterThan(lower[i]);
        expect(v).toBeLessThan(upper[i]);
      }
    }
  });

  it('counts the members\' disagreement fully on a short series and little on a long one', () => {
    // disagreement stands in for parameter and model uncertainty, which shrink as the series grows
    const trend = (n: number) => Array.from({ length: n }, (_, t) => 10 + 3 * t + Math.sin(t));
    const h = 10;
    const config = { members: ['naive', 'dotm'] as MemberName[], combination: 'median' as const };
    for (const n of [20, 600]) {
      const y = trend(n);
      const r = f.forecast(y, h, { level: [95], config });
      const a = single('naive', y, h, 1)[h - 1], b = single('dotm', y, h, 1)[h - 1];
      const { lower, upper } = r.intervals!['95'];
      const coversBoth = Math.min(a, b) > lower[h - 1] && Math.max(a, b) < upper[h - 1];
      expect(coversBoth).toBe(n === 20);
    }
  });

  it('forecasts a constant series as that constant', () => {
    const r = f.forecast(Array(30).fill(4.25), 5);
    expect(r.forecast).toEqual([4.25, 4.25, 4.25, 4.25, 4.25]);
    expect(r.method.components).toEqual(['constant']);
  });

  it('falls back to naive for one or two points', () => {
    expect(f.forecast([7], 3).forecast).toEqual([7, 7, 7]);
    const two = f.forecast([3, 5], 2);
    expect(two.forecast).toEqual([5, 5]);
    expect(two.method.components).toEqual(['naive']);
  });

  it('drops seasonal members on a series shorter than two seasons', () => {
    const r = f.forecast(AIR.slice(0, 20), 6, { seasonLength: 12 });
    expect(r.method.season_length).toBe(1);
    expect(finite(r.forecast)).toBe(true);
  });

  it('detects the period itself when the caller sends none', () => {
    const r = f.forecast(seasonalSeries(120, 12, 3, 0.2, 0.4), 12);
    expect(r.method.season_length).toBe(12);
  });

  it('fills missing values, leading and trailing gaps included', () => {
    const y: Array<number | null> = [null, null, ...AIR.slice(0, 50), null, ...AIR.slice(51, 90), null, null];
    const r = f.forecast(y, 6, { seasonLength: 12 });
    expect(finite(r.forecast)).toBe(true);
    expect(r.forecast).toHaveLength(6);
  });

  it('gives the same bytes twice, and from a second instance', async () => {
    const a = f.forecast(AIR, 12, { seasonLength: 12, level: [80, 95] });
    const b = f.forecast(AIR, 12, { seasonLength: 12, level: [80, 95] });
    const g = await loadForecaster();
    const c = g.forecast(AIR, 12, { seasonLength: 12, level: [80, 95] });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c)).toBe(JSON.stringify(a));
  });
});

describe('tempo invariants on awkward series', () => {
  const u = lcg(11);
  const noise = (n: number, scale = 1, offset = 0) => Array.from({ length: n }, () => offset + scale * (u() - 0.5));
  const cases: Array<[string, number[], number]> = [
    ['length 1', [3], 1],
    ['length 2', [3, 4], 1],
    ['length 3', [3, 4, 2], 1],
    ['constant zero', Array(20).fill(0), 1],
    ['with zeros', Array.from({ length: 60 }, (_, t) => (t % 7 === 0 ? 0 : 5 + (t % 7))), 7],
    ['negatives', noise(80, 10, -3), 4],
    ['tiny magnitudes', seasonalSeries(60, 12).map((v) => v * 1e-9), 12],
    ['huge magnitudes', seasonalSeries(60, 12).map((v) => v * 1e12), 12],
    ['10,000 points', seasonalSeries(10_000, 24, 5, 0.01), 24],
    ['a spike', [...Array(40).fill(10), 1e6, ...Array(40).fill(10)], 1],
  ];
  for (const [name, y, m] of cases) {
    it(`${name}: finite, ordered intervals, never narrower than a cycle before`, () => {
      const h = 10;
      const r = f.forecast(y, h, { seasonLength: m, level: [50, 95] });
      // rounding slack relative to the series' scale (a forecast of exactly 0 has no scale of its own)
      const slack = 1e-9 * Math.max(...y.map(Math.abs));
      expect(finite(r.forecast)).toBe(true);
      const i50 = r.intervals!['50'], i95 = r.intervals!['95'];
      for (let k = 0; k < h; k++) {
        expect(i95.lower[k]).toBeLessThanOrEqual(i50.lower[k]);
        expect(i50.lower[k]).toBeLessThanOrEqual(r.forecast[k]);
        expect(r.forecast[k]).toBeLessThanOrEqual(i50.upper[k]);
        expect(i50.upper[k]).toBeLessThanOrEqual(i95.upper[k]);
        // within a cycle the width may follow the season; from one cycle to the next it never shrinks
        const back = Math.max(1, r.method.season_length);
        if (k >= back) {
          expect(i95.upper[k] - i95.lower[k]).toBeGreaterThanOrEqual(i95.upper[k - back] - i95.lower[k - back] - slack);
        }
      }
    });
  }
});

describe('tempo intervals on a multiplicative season', () => {
  it('are narrower in the quiet months than in the busy ones, and wider a year on', () => {
    // the season scales the level by 0.5 to 1.5, so a quiet month's errors are a third of a busy one's
    const y = seasonalSeries(96, 12, 7, 0.5, 0.5);
    const r = f.forecast(y, 24, { seasonLength: 12, level: [95] });
    const width = r.forecast.map((_, k) => r.intervals!['95'].upper[k] - r.intervals!['95'].lower[k]);
    const first = width.slice(0, 12);
    const busy = r.forecast.indexOf(Math.max(...r.forecast.slice(0, 12)));
    const quiet = r.forecast.indexOf(Math.min(...r.forecast.slice(0, 12)));
    expect(quiet).toBeGreaterThan(busy);
    // a running maximum of the width would keep the busy month's width through the quiet one
    expect(first[quiet]).toBeLessThan(0.95 * Math.max(...first.slice(0, quiet)));
    for (let k = 12; k < 24; k++) expect(width[k]).toBeGreaterThanOrEqual(width[k - 12]);
  });
});
