import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster, CoreModelName } from '@tempo-forecast/core';

let f: Forecaster;
beforeAll(async () => {
  f = await loadForecaster();
});

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
// a trending seasonal series of period 4 with uniform noise, negative so no bound is clipped at 0
function seasonal(n: number, seed: number): number[] {
  const u = lcg(seed);
  return Array.from({ length: n }, (_, t) => -100 + 0.5 * t + [3, -1, 2, -4][t % 4] + (u() - 0.5) * 2);
}

const MODELS: CoreModelName[] = ['tempo', 'ets', 'theta', 'otm', 'dotm', 'naive', 'snaive', 'drift', 'naive2',
  'damped', 'arima', 'sba', 'tsb', 'adida', 'imapa'];

describe('fitted values (one-step-ahead, in sample)', () => {
  it('the baselines predict what their equations say', () => {
    const y = seasonal(40, 1);
    const naive = f.forecast(y, 2, { fitted: true, config: { model: 'naive' } }).fitted!;
    expect(naive[0]).toBeNull();
    for (let t = 1; t < y.length; t++) expect(naive[t]).toBe(y[t - 1]);
    const sn = f.forecast(y, 2, { fitted: true, seasonLength: 4, config: { model: 'snaive' } }).fitted!;
    for (let t = 0; t < 4; t++) expect(sn[t]).toBeNull();
    for (let t = 4; t < y.length; t++) expect(sn[t]).toBe(y[t - 4]);
    const slope = (y[39] - y[0]) / 39;
    const dr = f.forecast(y, 2, { fitted: true, config: { model: 'drift' } }).fitted!;
    for (let t = 1; t < y.length; t++) expect(dr[t]).toBeCloseTo(y[t - 1] + slope, 10);
  });

  it('every model gives one value per observation, predictions close to the data once started', () => {
    const y = seasonal(60, 2);
    for (const model of MODELS) {
      const r = f.forecast(y, 3, { fitted: true, seasonLength: 4, config: { model } });
      const fv = r.fitted!;
      expect(fv.length, model).toBe(60);
      const known = fv.map((v, t) => [v, y[t]] as const).filter(([v]) => v !== null) as [number, number][];
      // every model predicts the second half of the series (its warm-up is at most a few seasons)
      expect(known.length, model).toBeGreaterThanOrEqual(30);
      const rmse = Math.sqrt(known.reduce((a, [v, x]) => a + (v - x) ** 2, 0) / known.length);
      // the series moves 5 from one value to the next at most: a real one-step fit is well within that
      expect(rmse, model).toBeLessThan(8);
    }
  });

  it('tempo combines its members\' fitted values by the same rule as their forecasts', () => {
    const y = seasonal(48, 3);
    const members = ['naive', 'snaive', 'theta'] as const;
    const single = members.map((m) => f.forecast(y, 2, { fitted: true, seasonLength: 4, config: { model: m } }).fitted!);
    for (const combination of ['median', 'mean'] as const) {
      const r = f.forecast(y, 2, { fitted: true, seasonLength: 4, config: { model: 'tempo', members: [...members], combination } });
      for (let t = 4; t < y.length; t++) {
        const v = single.map((s) => s[t]!).sort((a, b) => a - b);
        const want = combination === 'median' ? v[1] : (v[0] + v[1] + v[2]) / 3;
        expect(r.fitted![t]).toBeCloseTo(want, 9);
      }
    }
  });

  it('tempo on intermittent demand averages its intermittent members\' fitted values', () => {
    const u = lcg(8);
    const y = Array.from({ length: 60 }, () => (u() < 0.3 ? 1 + Math.floor(u() * 4) : 0));
    const r = f.forecast(y, 2, { fitted: true });
    expect(r.method.components).toEqual(['sba', 'tsb', 'adida', 'imapa']);
    const single = (['sba', 'tsb', 'adida', 'imapa'] as const).map((m) => f.forecast(y, 2, { fitted: true, config: { model: m } }).fitted!);
    let compared = 0;
    for (let t = 0; t < y.length; t++) {
      const v = single.map((s) => s[t]);
      if (v.some((x) => x === null)) continue;
      expect(r.fitted![t]).toBeCloseTo((v as number[]).reduce((a, b) => a + b, 0) / 4, 10);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('intervals are the prediction ± z times the one-step sd of the forecast', () => {
    const y = seasonal(48, 4);
    const r = f.forecast(y, 3, { fitted: true, level: [80, 95], config: { model: 'ets' } });
    const sd1 = (r.intervals!['95'].upper[0] - r.forecast[0]) / 1.959963984540054;
    expect(sd1).toBeGreaterThan(0);
    for (const [lv, z] of [['80', 1.2815515655446004], ['95', 1.959963984540054]] as const) {
      const iv = r.fitted_intervals![lv];
      for (let t = 0; t < y.length; t++) {
        expect(iv.upper[t]! - r.fitted![t]!).toBeCloseTo(z * sd1, 8);
        expect(r.fitted![t]! - iv.lower[t]!).toBeCloseTo(z * sd1, 8);
      }
    }
  });

  it('leading gaps get no prediction, and a call without `fitted` is unchanged', () => {
    const y = [null, null, ...seasonal(30, 5)];
    const r = f.forecast(y, 4, { fitted: true, level: [90] });
    expect(r.fitted!.length).toBe(32);
    expect(r.fitted![0]).toBeNull();
    expect(r.fitted![1]).toBeNull();
    expect(r.fitted_intervals!['90'].lower[1]).toBeNull();
    const plain = f.forecast(y, 4, { level: [90] });
    expect(plain.fitted).toBeUndefined();
    expect(plain.forecast).toEqual(r.forecast);
    expect(plain.intervals).toEqual(r.intervals);
  });

  it('a huge series is fitted at a power-of-two scale and answered in its own units', () => {
    const y = seasonal(40, 6).map((v) => v * 2 ** 500);
    const small = f.forecast(seasonal(40, 6), 2, { fitted: true, config: { model: 'naive' } }).fitted!;
    const big = f.forecast(y, 2, { fitted: true, config: { model: 'naive' } }).fitted!;
    for (let t = 1; t < 40; t++) expect(big[t]! / 2 ** 500).toBeCloseTo(small[t]!, 9);
  });
});
