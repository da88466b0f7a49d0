// Intermittent demand: the SBA, TSB, ADIDA and IMAPA members on hand-checkable series, the routing
// of `tempo`, and the rule that a non-negative series never gets a negative forecast or bound.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { MODEL_IDS, type Forecaster, type CoreModelName } from '@tempo-forecast/core';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
/** Demand 6 every third period: sizes 6, intervals 3, rate 2. */
const every3 = Array.from({ length: 30 }, (_, t) => (t % 3 === 2 ? 6 : 0));
/** Sparse counts with random sizes and gaps (about one period in four has demand). */
function sparse(n: number, seed: number): number[] {
  const u = lcg(seed);
  return Array.from({ length: n }, () => (u() < 0.25 ? 1 + Math.floor(u() * 6) : 0));
}
const one = (model: CoreModelName, y: number[], h = 4, level?: number[]) => f.forecast(y, h, { level, config: { model } });

describe('intermittent members', () => {
  it('SBA: demand every period is SES on sizes with interval 1, deflated by 1 − α/2 (α = 0.05 has the least MSE)', () => {
    // z = 4, p = 1 throughout: forecast (1 − α/2)·4, error 2α every step, least at the smallest α
    expect(one('sba', Array(20).fill(4)).forecast).toEqual(Array(4).fill(0.975 * 4));
  });
  it('SBA: regular demand 6 every 3 periods gives (1 − α/2)·6/3 = 1.95', () => {
    const r = one('sba', every3);
    for (const v of r.forecast) expect(v).toBeCloseTo(1.95, 12);
    expect(r.method.components).toEqual(['sba']);
  });
  it('ADIDA: buckets of ADI = 3 periods hold exactly 6 each, so the rate is 6/3 = 2 with no spread', () => {
    const r = one('adida', every3, 3, [95]);
    for (const v of r.forecast) expect(v).toBeCloseTo(2, 12);
    // no spread is less than counts can have: the bounds fall back to Poisson(2), whose 2.5% quantile
    // is 0 (P(0) = 0.135), so the upper bound is its 95% quantile, the count whose cumulative
    // probability is nearest 0.95: P(Y ≤ 4) = 0.947 (not P(Y ≤ 5) = 0.983)
    expect(r.intervals!['95'].lower).toEqual([0, 0, 0]);
    expect(r.intervals!['95'].upper).toEqual([4, 4, 4]);
    // and at 80%: P(0) = 0.135 ≥ 0.10 puts the lower bound at 0, the upper at the 80% quantile:
    // P(Y ≤ 2) = 0.677, P(Y ≤ 3) = 0.857 → 3
    expect(one('adida', every3, 1, [80]).intervals!['80'].upper).toEqual([3]);
  });
  it('IMAPA: averages levels 1..3, each near the true rate 2 (SBA-deflated below it where still intermittent)', () => {
    const r = one('imapa', every3);
    for (const v of r.forecast) { expect(v).toBeGreaterThan(1.8); expect(v).toBeLessThan(2); }
  });
  it('TSB lets the forecast decay through a long run of zeros, where SBA keeps the last rate', () => {
    const y = [...sparse(24, 5).map((v) => v + 1), ...Array(24).fill(0)];
    const tsb = one('tsb', y).forecast[0], sba = one('sba', y).forecast[0];
    expect(tsb).toBeGreaterThanOrEqual(0);
    expect(tsb).toBeLessThan(0.5 * sba);
  });
  it('every member forecasts zero for a series with no demand at all', () => {
    for (const m of ['sba', 'tsb', 'adida', 'imapa'] as const) expect(one(m, Array(12).fill(0)).forecast).toEqual([0, 0, 0, 0]);
  });
});

describe('tempo routing', () => {
  it('sends intermittent demand (ADI > 1.32) to the four intermittent members, averaged', () => {
    const y = sparse(40, 11);
    const r = one('tempo', y, 6);
    expect(r.method.components).toEqual(['sba', 'tsb', 'adida', 'imapa']);
    const parts = (['sba', 'tsb', 'adida', 'imapa'] as const).map((m) => one(m, y, 6).forecast[0]);
    expect(r.forecast[0]).toBeCloseTo(parts.reduce((a, b) => a + b, 0) / 4, 12);
  });
  it('keeps smooth demand (a zero now and then, ADI ≤ 1.32) on the regular members', () => {
    const u = lcg(3);
    const y = Array.from({ length: 48 }, (_, t) => (t % 10 === 4 ? 0 : 20 + 5 * Math.sin(t / 2) + 4 * u()));
    const r = one('tempo', y, 6);
    expect(r.method.components.some((c) => ['sba', 'tsb', 'adida', 'imapa'].includes(c))).toBe(false);
  });
  it('does not route a series with negative values, however many zeros it has', () => {
    const y = sparse(40, 11).map((v, t) => (t === 7 ? -3 : v));
    expect(one('tempo', y).method.components).not.toContain('sba');
  });
  it('runs the members the caller names instead of routing', () => {
    const r = f.forecast(sparse(40, 11), 4, { config: { model: 'tempo', members: ['ets', 'imapa'] } });
    expect([...r.method.components].sort()).toEqual(['ets(A,N,N)', 'imapa'].sort());
  });
  it('bounds intermittent counts with integer quantiles of a count distribution, nested by level', () => {
    const r = one('tempo', sparse(40, 11), 6, [50, 80, 95]);
    const iv = r.intervals!;
    for (const lv of ['50', '80', '95']) {
      for (let i = 0; i < 6; i++) {
        // a count quantile, except where a narrow interval would leave out the (real-valued) mean:
        // every interval holds its forecast, so the upper bound is then the forecast itself
        expect(Number.isInteger(iv[lv].lower[i])).toBe(true);
        const upper = iv[lv].upper[i];
        expect(Number.isInteger(upper) || upper === r.forecast[i], `${lv}% upper ${upper} vs forecast ${r.forecast[i]}`).toBe(true);
        expect(upper).toBeGreaterThanOrEqual(r.forecast[i]);
        expect(iv[lv].lower[i]).toBe(0);
      }
    }
    for (let i = 0; i < 6; i++) {
      expect(iv['50'].upper[i]).toBeLessThanOrEqual(iv['80'].upper[i]);
      expect(iv['80'].upper[i]).toBeLessThanOrEqual(iv['95'].upper[i]);
      expect(iv['95'].upper[i]).toBeGreaterThan(r.forecast[i]);
    }
  });
});

describe('intermittent bounds', () => {
  it('are count quantiles for a member asked for alone, too', () => {
    const r = one('sba', sparse(40, 11), 3, [95]);
    for (const v of r.intervals!['95'].upper) expect(Number.isInteger(v)).toBe(true);
  });
  it('of many levels asked together are, level by level, those of each level asked alone (forecast and fitted)', () => {
    // every level's bounds come from one walk along the mass function per step; each must still be
    // the quantile a walk for that level alone finds, counts far out (past the walk's bound) included
    const levels = [1, 5, 10, 50, 80, 95, 99, 99.9];
    const cases = [sparse(40, 11), [0, 0, 0, 1e6, 1e6], sparse(30, 4).map((v) => v * 1000), [0, 3, 0, 0, 0, 40, 0, 2, 0, 0]];
    for (const y of cases) {
      const together = f.forecast(y, 5, { level: levels, fitted: true });
      expect(together.method.components).toContain('sba');
      for (const lv of levels) {
        const alone = f.forecast(y, 5, { level: [lv], fitted: true });
        expect(together.intervals![String(lv)], `${lv}% of ${y.slice(0, 6).join(',')}`).toEqual(alone.intervals![String(lv)]);
        expect(together.fitted_intervals![String(lv)]).toEqual(alone.fitted_intervals![String(lv)]);
      }
    }
  });
  it('are normal bounds floored at zero when the demand is not counts (no count distribution fits)', () => {
    const y = sparse(40, 11).map((v) => v * 0.37);
    const r = one('tempo', y, 3, [95]);
    expect(r.method.components).toContain('tsb');
    expect(r.intervals!['95'].lower).toEqual([0, 0, 0]);
    const sd = (r.intervals!['95'].upper[0] - r.forecast[0]) / 1.959963984540054;
    expect(sd).toBeGreaterThan(0);
    expect(Number.isInteger(r.intervals!['95'].upper[0])).toBe(false);
  });
});

describe('non-negative series', () => {
  const down = Array.from({ length: 36 }, (_, t) => Math.max(0, 40 - 1.2 * t + ((t * 7) % 5)));
  const series: Array<[string, number[]]> = [
    ['falling to zero', down],
    ['sparse counts', sparse(40, 21)],
    ['lumpy', sparse(60, 8).map((v, t) => (t % 9 === 0 ? v * 20 : v))],
    ['small noisy level', Array.from({ length: 50 }, (_, t) => ((t * 37) % 11) / 10)],
  ];
  it('get no negative point forecast and no negative bound from any model', () => {
    for (const [name, y] of series) {
      for (const model of Object.keys(MODEL_IDS) as CoreModelName[]) {
        for (const opts of [{}, { seasonLength: 12 }]) {
          const r = f.forecast(y, 18, { ...opts, level: [80, 95], config: { model } });
          const all = [...r.forecast, ...r.intervals!['80'].lower, ...r.intervals!['95'].lower];
          expect(Math.min(...all), `${name} ${model} ${JSON.stringify(opts)}`).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });
  it('clamp only there: the same fall with one value below zero may forecast below zero', () => {
    const y = down.map((v, t) => (t === 3 ? -1 : v));
    const r = f.forecast(y, 18, { level: [95], config: { model: 'drift' } });
    expect(Math.min(...r.forecast)).toBeLessThan(0);
    // and the non-negative fall itself is clamped: drift would cross zero
    const c = f.forecast(down, 18, { level: [95], config: { model: 'drift' } });
    expect(c.forecast[17]).toBe(0);
    expect(c.intervals!['95'].lower[0]).toBe(0);
  });
});
