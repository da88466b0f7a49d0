import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { defaultWasmPath } from '../../src/core/node.js';
import { createStats, type CoreStats } from '../../packages/core/src/stats.js';

let s: CoreStats;
beforeAll(async () => { s = await createStats(await readFile(defaultWasmPath())); });

/** Seeded uniform(0, 1) generator (Numerical Recipes LCG), so every run sees the same noise. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
function noise(n: number, seed: number, scale = 1): number[] {
  const u = lcg(seed);
  // sum of uniforms: close enough to normal for these tests
  return Array.from({ length: n }, () => scale * (u() + u() + u() + u() - 2));
}
function seasonal(n: number, p: number, seed: number, amp = 10, trend = 0.05, sd = 1): number[] {
  const e = noise(n, seed, sd);
  return e.map((v, t) => 100 + trend * t + amp * Math.sin((2 * Math.PI * t) / p) + v);
}

describe('acf', () => {
  it('matches the textbook definition lag by lag', () => {
    const y = noise(60, 7).map((v, t) => v + 0.1 * t);
    const mean = y.reduce((a, b) => a + b, 0) / y.length;
    const den = y.reduce((a, v) => a + (v - mean) ** 2, 0);
    const r = s.acf(y, 10);
    expect(r).toHaveLength(11);
    expect(r[0]).toBe(1);
    for (let k = 1; k <= 10; k++) {
      let num = 0;
      for (let t = k; t < y.length; t++) num += (y[t] - mean) * (y[t - k] - mean);
      expect(r[k]).toBeCloseTo(num / den, 12);
    }
  });

  it('gives zeros, not NaN, for a constant series', () => {
    const r = s.acf(Array(20).fill(3.5), 5);
    expect(r[0]).toBe(1);
    for (let k = 1; k <= 5; k++) expect(r[k]).toBe(0);
  });
});

describe('seasonalityTest', () => {
  it('passes on a strong sine of period 12 (n = 120)', () => {
    expect(s.seasonalityTest(seasonal(120, 12, 1), 12)).toBe(true);
  });

  it('fails on white noise', () => {
    expect(s.seasonalityTest(noise(120, 2), 12)).toBe(false);
  });

  it('needs m > 1 and at least 3m points', () => {
    const y = seasonal(120, 12, 3);
    expect(s.seasonalityTest(y, 1)).toBe(false);
    expect(s.seasonalityTest(y.slice(0, 35), 12)).toBe(false);
  });
});

describe('seasonalIndices', () => {
  it('recovers the indices of a pure multiplicative seasonal series', () => {
    const raw = [0.7, 1.3, 1.1, 0.9, 1.4, 0.6];
    const avg = raw.reduce((a, b) => a + b, 0) / raw.length;
    const idx = raw.map((v) => v / avg);
    const y = Array.from({ length: 60 }, (_, t) => 250 * idx[t % 6]);
    const got = s.seasonalIndices(y, 6, true);
    expect(got).toHaveLength(6);
    for (let i = 0; i < 6; i++) expect(got[i]).toBeCloseTo(idx[i], 10);
  });

  it('recovers additive indices under a linear trend, phase counted from the series start', () => {
    const idx = [3, -1, -4, 2];
    // the series starts at phase 0, so index i belongs to t % 4 == i
    const y = Array.from({ length: 40 }, (_, t) => 20 + 0.7 * t + idx[t % 4]);
    const got = s.seasonalIndices(y, 4, false);
    for (let i = 0; i < 4; i++) expect(got[i]).toBeCloseTo(idx[i], 10);
    expect(got.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 10);
  });

  it('normalises multiplicative indices to mean 1 on noisy data', () => {
    const got = s.seasonalIndices(seasonal(96, 12, 4), 12, true);
    expect(got.reduce((a, b) => a + b, 0) / 12).toBeCloseTo(1, 12);
  });
});

describe('detectPeriod', () => {
  for (const p of [4, 7, 12, 24]) {
    it(`finds period ${p} in a trending noisy seasonal series`, () => {
      const n = Math.max(120, 12 * p);
      expect(s.detectPeriod(seasonal(n, p, 10 + p, 10, 0.3, 2))).toBe(p);
    });
  }

  it('finds a non-sinusoidal weekly profile under a random-walk level', () => {
    const profile = [5, 6, 6, 7, 9, 3, 1];
    const e = noise(400, 21, 0.5);
    let level = 50;
    const y = e.map((v, t) => { level += 0.3 * v; return level + profile[t % 7] + v; });
    expect(s.detectPeriod(y)).toBe(7);
  });

  for (const seed of [31, 32, 33]) {
    it(`returns 1 on white noise (seed ${seed})`, () => {
      expect(s.detectPeriod(noise(300, seed))).toBe(1);
    });
  }

  it('returns 1 on a random walk and on a straight line', () => {
    let x = 0;
    expect(s.detectPeriod(noise(500, 41).map((v) => (x += v)))).toBe(1);
    expect(s.detectPeriod(Array.from({ length: 100 }, (_, t) => 3 + 2 * t))).toBe(1);
  });

  it('returns 1 on very short series', () => {
    expect(s.detectPeriod([1, 2, 1, 2, 1])).toBe(1);
    expect(s.detectPeriod([4])).toBe(1);
  });
});

describe('impute', () => {
  it('drops leading gaps and reproduces a linear series exactly', () => {
    const full = Array.from({ length: 30 }, (_, t) => 5 + 1.5 * t);
    const gappy: (number | null)[] = full.map((v, t) => ([3, 4, 5, 11, 20, 21].includes(t) ? null : v));
    gappy.unshift(null, null);
    const got = s.impute(gappy, 0);
    expect(got).toHaveLength(30);
    for (let t = 0; t < 30; t++) expect(got[t]).toBeCloseTo(full[t], 9);
    // the same with a season length given: a line has no season to put back
    const got12 = s.impute(gappy, 12);
    for (let t = 0; t < 30; t++) expect(got12[t]).toBeCloseTo(full[t], 9);
  });

  it('never leaves NaN, whatever the gaps', () => {
    const u = lcg(99);
    for (const m of [0, 1, 4, 12]) {
      for (let rep = 0; rep < 20; rep++) {
        const y: (number | null)[] = seasonal(80, 12, rep).map((v) => (u() < 0.3 ? null : v));
        y[Math.floor(u() * 80)] = 1; // at least one value
        y[79] = null; // a trailing gap
        const got = s.impute(y, m);
        expect(got.length).toBeGreaterThan(0);
        for (const v of got) expect(Number.isFinite(v)).toBe(true);
      }
    }
  });

  it('keeps the seasonal shape inside a gap when the season is known', () => {
    const truth = Array.from({ length: 96 }, (_, t) => 100 + 20 * Math.sin((2 * Math.PI * t) / 12));
    const gappy: (number | null)[] = truth.map((v, t) => (t >= 40 && t < 46 ? null : v));
    const seasonalFill = s.impute(gappy, 12);
    const linearFill = s.impute(gappy, 0);
    let errS = 0, errL = 0;
    for (let t = 40; t < 46; t++) {
      errS = Math.max(errS, Math.abs(seasonalFill[t] - truth[t]));
      errL = Math.max(errL, Math.abs(linearFill[t] - truth[t]));
    }
    expect(errS).toBeLessThan(2);
    expect(errS).toBeLessThan(errL / 5);
  });

  it('continues the season over a trailing gap', () => {
    const truth = Array.from({ length: 60 }, (_, t) => 50 + 10 * Math.cos((2 * Math.PI * t) / 4));
    const gappy: (number | null)[] = truth.map((v, t) => (t >= 57 ? null : v));
    const got = s.impute(gappy, 4);
    for (let t = 57; t < 60; t++) expect(Math.abs(got[t] - truth[t])).toBeLessThan(0.05);
  });
});
