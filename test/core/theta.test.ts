import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

type Variant = 'theta' | 'otm' | 'dotm';
const VARIANTS: Variant[] = ['theta', 'otm', 'dotm'];

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
function noisy(n: number, seed: number, fn: (t: number) => number, sd = 1): number[] {
  const u = lcg(seed);
  return Array.from({ length: n }, (_, t) => fn(t) + sd * (u() + u() + u() - 1.5));
}
const run = (model: Variant, y: number[], h: number, m = 1, level?: number[]) =>
  f.forecast(y, h, { seasonLength: m, level, config: { model } });
const allFinite = (a: number[]) => a.every((v) => Number.isFinite(v));

const SERIES: Record<string, { y: number[]; m: number }> = {
  trending: { y: noisy(60, 1, (t) => 10 + 2 * t), m: 1 },
  seasonal: { y: noisy(96, 2, (t) => 100 + 0.5 * t + 25 * Math.sin((2 * Math.PI * t) / 12), 2), m: 12 },
  zeros: { y: noisy(48, 3, (t) => (t % 3 === 0 ? 0 : 5 + Math.sin(t))).map((v, t) => (t % 3 === 0 ? 0 : v)), m: 4 },
  negative: { y: noisy(50, 4, (t) => -200 - 3 * t + 10 * Math.cos((2 * Math.PI * t) / 4), 2), m: 4 },
  crossing: { y: noisy(40, 5, (t) => 20 - t, 3), m: 1 },
  long: { y: noisy(10_000, 6, (t) => 500 + 0.01 * t + 30 * Math.sin((2 * Math.PI * t) / 24), 5), m: 24 },
};

describe.each(VARIANTS)('%s', (model) => {
  for (const [name, { y, m }] of Object.entries(SERIES)) {
    it(`gives finite forecasts and ordered intervals on a ${name} series`, () => {
      const r = run(model, y, 18, m, [80, 95]);
      expect(r.forecast).toHaveLength(18);
      expect(allFinite(r.forecast)).toBe(true);
      expect(r.method.components).toEqual([model]);
      const i80 = r.intervals!['80'], i95 = r.intervals!['95'];
      for (let k = 0; k < 18; k++) {
        expect(i95.lower[k]).toBeLessThanOrEqual(i80.lower[k]);
        expect(i80.lower[k]).toBeLessThanOrEqual(r.forecast[k]);
        expect(r.forecast[k]).toBeLessThanOrEqual(i80.upper[k]);
        expect(i80.upper[k]).toBeLessThanOrEqual(i95.upper[k]);
      }
    });
  }

  it('forecasts a constant series as that constant', () => {
    const r = run(model, Array(30).fill(7.25), 5, 12, [95]);
    expect(r.forecast).toEqual([7.25, 7.25, 7.25, 7.25, 7.25]);
    // no spread in the data: the interval takes the documented floor (docs/accuracy.md#intervals), never zero width
    const up = r.intervals!['95'].upper;
    for (let i = 0; i < up.length; i++) expect(up[i]).toBeGreaterThan(i === 0 ? 7.25 : up[i - 1]);
  });

  it('gives finite forecasts on short series (n = 1..5), falling back below 3 points', () => {
    for (let n = 1; n <= 5; n++) {
      const y = [3, 5, 4, 6, 8].slice(0, n);
      const r = run(model, y, 4, 4);
      expect(allFinite(r.forecast)).toBe(true);
      expect(r.method.components).toEqual(n < 3 ? ['naive'] : [model]);
    }
  });

  it('follows a trend upwards', () => {
    const y = SERIES.trending.y;
    const r = run(model, y, 10);
    expect(r.forecast[9]).toBeGreaterThan(r.forecast[0]);
    expect(r.forecast[0]).toBeGreaterThan(y[y.length - 1] - 10);
  });

  it('puts the season back on the forecast', () => {
    const truth = (t: number) => 100 + 0.5 * t + 25 * Math.sin((2 * Math.PI * t) / 12);
    const r = run(model, SERIES.seasonal.y, 12, 12);
    for (let k = 0; k < 12; k++) expect(Math.abs(r.forecast[k] - truth(96 + k))).toBeLessThan(10);
  });

  it('is deterministic', () => {
    const y = SERIES.seasonal.y;
    const a = run(model, y, 24, 12, [90]);
    const b = run(model, y, 24, 12, [90]);
    expect(b).toEqual(a);
  });
});

describe('theta variants', () => {
  it('standard Theta drifts by half the least-squares slope per step', () => {
    const y = SERIES.trending.y;
    const n = y.length;
    const tbar = (n + 1) / 2, ybar = y.reduce((a, b) => a + b, 0) / n;
    let sxy = 0, sxx = 0;
    y.forEach((v, i) => { sxy += (i + 1 - tbar) * (v - ybar); sxx += (i + 1 - tbar) ** 2; });
    const r = run('theta', y, 6);
    for (let k = 1; k < 6; k++) expect(r.forecast[k] - r.forecast[k - 1]).toBeCloseTo(sxy / sxx / 2, 9);
  });

  it('the optimised variants can differ from the standard one', () => {
    const y = noisy(80, 9, (t) => 50 + 0.8 * t + 0.02 * t * t, 4);
    const std = run('theta', y, 8).forecast, otm = run('otm', y, 8).forecast, dotm = run('dotm', y, 8).forecast;
    expect(otm).not.toEqual(std);
    expect(dotm).not.toEqual(otm);
  });
});
