// Two seasonal cycles (a day inside a week of hours): the tempo model must carry the weekly
// shape into the forecast, not only the daily one, and keep intervals around what happens.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
/** Load at `perDay` steps a day (24: hourly): a daily shape, 40% lower on the two weekend days, mild noise. */
function hourly(n: number, seed: number, perDay = 24): number[] {
  const u = lcg(seed);
  return Array.from({ length: n }, (_, t) => {
    const day = 100 + 30 * Math.sin((2 * Math.PI * (t % perDay)) / perDay);
    const weekend = Math.floor(t / perDay) % 7 >= 5 ? 0.6 : 1.0;
    return day * weekend + 3 * (u() + u() + u() - 1.5);
  });
}

function mae(a: number[], b: number[]): number {
  return a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length;
}

describe('tempo with a day inside a week', () => {
  // 5 weeks of history; the 48 hours ahead are the weekend, which the daily cycle alone cannot know
  const n = 24 * 7 * 5 + 24 * 5;
  const all = hourly(n + 48, 11);
  const train = all.slice(0, n), test = all.slice(n);

  for (const told of [true, false]) {
    it(`forecasts the weekend drop (${told ? 'told 24' : 'blind'})`, () => {
      const res = f.forecast(train, 48, told ? { seasonLength: 24, level: [95] } : { level: [95] });
      // a daily-only forecast misses by about 40% of the level over the weekend (~35 here)
      expect(mae(res.forecast, test)).toBeLessThan(6);
      const lo = res.intervals!['95'].lower, hi = res.intervals!['95'].upper;
      const inside = test.filter((v, i) => v >= lo[i] && v <= hi[i]).length;
      expect(inside / 48).toBeGreaterThanOrEqual(0.85);
    });
  }
});

describe('tempo\'s fitted values with a day inside a week', () => {
  // the default members (sub-daily ensemble) and named ones (classical two-season path) alike
  for (const members of [undefined, ['ets', 'damped', 'dotm', 'arima'] as const]) {
    it(`put both seasons back: the one-step predictions follow the weekend drop (${members ? 'named members' : 'default members'})`, () => {
      const y = hourly(24 * 7 * 5 + 24 * 5, 11);
      const r = f.forecast(y, 24, { seasonLength: 24, fitted: true, ...(members ? { config: { model: 'tempo' as const, members: [...members] } } : {}) });
      expect(r.method.seasonal_periods).toEqual([24, 168]);
      // the named members see the adjusted series without a season
      if (members) expect(r.method.components.filter((c) => c.startsWith('ets(')).every((c) => c.endsWith(',N)'))).toBe(true);
      const fv = r.fitted!;
      const pairs = y.map((v, t) => [v, fv[t]] as const).filter(([, p]) => p !== null) as [number, number][];
      expect(pairs.length).toBeGreaterThan(y.length / 2);
      // the noise has sd 1.5; missing either season would leave errors of tens
      expect(mae(pairs.map((p) => p[0]), pairs.map((p) => p[1]))).toBeLessThan(4);
      const weekend = y.map((_, t) => t).filter((t) => Math.floor(t / 24) % 7 >= 5 && fv[t] !== null);
      expect(weekend.length).toBeGreaterThan(100);
      expect(mae(weekend.map((t) => y[t]), weekend.map((t) => fv[t]!))).toBeLessThan(4);
    });
  }
});

describe('method names every seasonal period the forecast used', () => {
  it('reports [24, 168] when the weekly cycle is decomposed too, told 24 or given the calendar\'s hints', () => {
    const y = hourly(24 * 7 * 5 + 24 * 5, 11);
    for (const opts of [{ seasonLength: 24 }, { periodHints: [24, 168] }]) {
      const { method } = f.forecast(y, 24, opts);
      expect(method.season_length).toBe(24);
      expect(method.seasonal_periods).toEqual([24, 168]);
    }
  });

  it('decomposes a week of half hours too: [48, 336], and the weekend drop is forecast', () => {
    const n = 48 * 7 * 5 + 48 * 5;
    const all = hourly(n + 96, 5, 48);
    const res = f.forecast(all.slice(0, n), 96, { seasonLength: 48 });
    expect(res.method.seasonal_periods).toEqual([48, 336]);
    // the daily cycle alone would miss the weekend by about 40% of the level (~35 here)
    expect(mae(res.forecast, all.slice(n))).toBeLessThan(6);
  });

  it('leaves seasonal_periods out with one season (the daily cycle alone, or a monthly series)', () => {
    const daily = Array.from({ length: 24 * 7 * 5 }, (_, t) => 100 + 30 * Math.sin((2 * Math.PI * (t % 24)) / 24) + ((t * 7919) % 13) / 13);
    const monthly = Array.from({ length: 60 }, (_, t) => 100 + t + 10 * Math.sin((2 * Math.PI * t) / 12));
    for (const [y, m] of [[daily, 24], [monthly, 12]] as const) {
      const { method } = f.forecast(y, 12, { seasonLength: m });
      expect(method.season_length).toBe(m);
      expect(method).not.toHaveProperty('seasonal_periods');
    }
  });
});
