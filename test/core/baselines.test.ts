import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { loadForecaster, defaultWasmPath } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { createStats, type CoreStats } from '../../packages/core/src/stats.js';

let f: Forecaster;
let s: CoreStats;
beforeAll(async () => {
  f = await loadForecaster();
  s = await createStats(await readFile(defaultWasmPath()));
});

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
function walk(n: number, seed: number, start = 50): number[] {
  const u = lcg(seed);
  let x = start;
  return Array.from({ length: n }, () => (x += u() - 0.5));
}
const run = (model: 'naive' | 'snaive' | 'drift' | 'naive2', y: number[], h: number, m: number, level?: number[]) =>
  f.forecast(y, h, { seasonLength: m, level, config: { model } });

/** Classical multiplicative decomposition written out by hand (2×4 centred average for m = 4). */
function handNaive2(y: number[], m: number, h: number): number[] {
  const n = y.length, half = m / 2;
  const sums = Array(m).fill(0), counts = Array(m).fill(0);
  for (let t = half; t + half < n; t++) {
    let c = 0.5 * (y[t - half] + y[t + half]);
    for (let j = t - half + 1; j < t + half; j++) c += y[j];
    c /= m;
    sums[t % m] += y[t] / c;
    counts[t % m]++;
  }
  const raw = sums.map((v, i) => v / counts[i]);
  const avg = raw.reduce((a, b) => a + b, 0) / m;
  const idx = raw.map((v) => v / avg);
  const lastAdjusted = y[n - 1] / idx[(n - 1) % m];
  return Array.from({ length: h }, (_, i) => lastAdjusted * idx[(n + i) % m]);
}

describe('naive2', () => {
  it('equals naive when m = 1', () => {
    const y = walk(40, 1);
    expect(run('naive2', y, 6, 1).forecast).toEqual(run('naive', y, 6, 1).forecast);
    expect(run('naive2', y, 6, 1).method.components).toEqual(['naive2']);
  });

  it('equals naive when the series is shorter than 3 seasons', () => {
    const y = walk(23, 2);
    expect(run('naive2', y, 5, 8).forecast).toEqual(run('naive', y, 5, 8).forecast);
  });

  it('equals naive when the seasonality test fails', () => {
    const u = lcg(3);
    const y = Array.from({ length: 60 }, () => 20 + u());
    expect(s.seasonalityTest(y, 4)).toBe(false);
    expect(run('naive2', y, 5, 4).forecast).toEqual(run('naive', y, 5, 4).forecast);
  });

  it('equals the hand-computed seasonally adjusted naive on a seasonal series', () => {
    const pattern = [1.3, 0.8, 0.6, 1.3];
    const u = lcg(4);
    const y = Array.from({ length: 24 }, (_, t) => (40 + 0.5 * t) * pattern[t % 4] * (1 + 0.02 * (u() - 0.5)));
    expect(s.seasonalityTest(y, 4)).toBe(true);
    const got = run('naive2', y, 7, 4).forecast;
    const want = handNaive2(y, 4, 7);
    for (let i = 0; i < 7; i++) expect(got[i]).toBeCloseTo(want[i], 9);
  });

  it('adjusts additively, without NaN, when the data holds zeros or negatives', () => {
    const y = Array.from({ length: 48 }, (_, t) => 5 * Math.sin((2 * Math.PI * t) / 12) + (t % 5 === 0 ? 0 : 0.1));
    const r = run('naive2', y, 12, 12, [90]);
    for (const v of r.forecast) expect(Number.isFinite(v)).toBe(true);
    // the season is put back: the path is not flat
    expect(Math.max(...r.forecast) - Math.min(...r.forecast)).toBeGreaterThan(5);
  });

  it('widens its intervals with the horizon', () => {
    const r = run('naive2', walk(50, 5), 8, 1, [95]);
    const w = r.intervals!['95'].upper.map((u, i) => u - r.intervals!['95'].lower[i]);
    for (let i = 1; i < 8; i++) expect(w[i]).toBeGreaterThan(w[i - 1]);
  });
});

describe('snaive', () => {
  it('repeats the last observed season', () => {
    const y = walk(30, 6);
    const r = run('snaive', y, 17, 7);
    for (let i = 0; i < 17; i++) expect(r.forecast[i]).toBe(y[30 - 7 + (i % 7)]);
    expect(r.method.components).toEqual(['snaive']);
  });

  it('is naive when m <= 1 or the series is shorter than a season', () => {
    const y = walk(5, 7);
    expect(run('snaive', y, 3, 12).forecast).toEqual(run('naive', y, 3, 12).forecast);
    expect(run('snaive', y, 3, 1).forecast).toEqual(run('naive', y, 3, 1).forecast);
  });

  it('keeps its interval width within a season and widens it at the next', () => {
    const r = run('snaive', walk(40, 8), 8, 4, [80]);
    const w = r.intervals!['80'].upper.map((u, i) => u - r.intervals!['80'].lower[i]);
    for (let i = 1; i < 4; i++) expect(w[i]).toBeCloseTo(w[0], 9);
    expect(w[4]).toBeGreaterThan(w[3]);
    expect(w[4] / w[0]).toBeCloseTo(Math.SQRT2, 9);
  });
});

describe('drift', () => {
  it('extends the line through the first and last observations', () => {
    const y = walk(25, 9);
    const slope = (y[24] - y[0]) / 24;
    const r = run('drift', y, 5, 1);
    for (let i = 0; i < 5; i++) expect(r.forecast[i]).toBeCloseTo(y[24] + slope * (i + 1), 9);
    expect(r.method.components).toEqual(['drift']);
  });

  it('is naive on a single observation', () => {
    expect(run('drift', [4.5], 3, 1).forecast).toEqual([4.5, 4.5, 4.5]);
  });

  it('gives ordered, widening intervals', () => {
    const r = run('drift', walk(30, 10), 6, 1, [80, 95]);
    for (let i = 0; i < 6; i++) {
      expect(r.intervals!['95'].lower[i]).toBeLessThan(r.intervals!['80'].lower[i]);
      expect(r.intervals!['80'].upper[i]).toBeLessThan(r.intervals!['95'].upper[i]);
    }
    const w = r.intervals!['95'].upper.map((u, i) => u - r.intervals!['95'].lower[i]);
    for (let i = 1; i < 6; i++) expect(w[i]).toBeGreaterThan(w[i - 1]);
  });
});
