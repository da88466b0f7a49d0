import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { lcg } from '../support/series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

// a standard normal draw (Box–Muller) from the uniform stream u
function gauss(u: () => number): number {
  return Math.sqrt(-2 * Math.log(u() + 1e-12)) * Math.cos(2 * Math.PI * u());
}

/** 500 steps of an AR(1) with coefficient phi around 100: a series that returns towards its level. */
function ar1(phi: number, seed: number, n = 500): number[] {
  const u = lcg(seed);
  const y = [100];
  for (let t = 1; t < n; t++) y.push(100 + phi * (y[t - 1] - 100) + gauss(u));
  return y;
}

/** The root mean square of y[t] − y[t − lag]: what the naive forecast actually erred `lag` steps ahead. */
function naiveError(y: number[], lag: number): number {
  let sq = 0;
  for (let t = lag; t < y.length; t++) sq += (y[t] - y[t - lag]) ** 2;
  return Math.sqrt(sq / (y.length - lag));
}

// the sd behind the 95% bound at step i (500 observations: Student's t is the normal to 3 digits)
function sdAt(r: { forecast: number[]; intervals?: Record<string, { upper: number[] }> }, i: number): number {
  return (r.intervals!['95'].upper[i] - r.forecast[i]) / 1.96;
}

describe('tempo holds a long series\' spread towards the errors the naive forecast actually made', () => {
  it('a series that returns to its level: the sd 60 steps ahead stays within 1.8× the naive error at lag 60', () => {
    // the members extrapolate one-step errors as if the series wandered: before, 2.0–2.6× on these seeds
    for (let seed = 1; seed <= 6; seed++) {
      const y = ar1(0.9, seed);
      const r = f.forecast(y, 60, { seasonLength: 1, level: [95] });
      expect(sdAt(r, 59) / naiveError(y, 60)).toBeLessThan(1.8);
    }
  });

  it('a random walk keeps its growing spread: the naive error grows as fast', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const y = ar1(1, seed);
      const r = f.forecast(y, 60, { seasonLength: 1, level: [95] });
      expect(sdAt(r, 59) / naiveError(y, 60)).toBeGreaterThan(0.8);
      expect(sdAt(r, 59) / sdAt(r, 0)).toBeGreaterThan(5);
    }
  });

  it('too few differences at the longest lag: no step is held, so the spread grows without a jump', () => {
    // 130 observations, 40 steps: 100 or more differences up to lag 30 but not at 31–40; holding the
    // steps that could be held made step 31 about 1.2× step 30
    for (let seed = 1; seed <= 6; seed++) {
      const y = ar1(0.9, seed, 130);
      const r = f.forecast(y, 40, { seasonLength: 1, level: [95] });
      for (let i = 5; i < 40; i++) expect(sdAt(r, i) / sdAt(r, i - 1)).toBeLessThan(1.15);
    }
  });

  it('a positive series that grew fivefold is held to its naive errors in proportion to today\'s level', () => {
    // an AR(1) in logs around a level that rises fivefold: the absolute lag-60 errors of its low
    // early years understate today's, and held to them the sd at step 60 was 5.8–6.1× the first
    // step's on these seeds; measured in proportion, 7.6–7.8×
    for (let seed = 1; seed <= 6; seed++) {
      const u = lcg(seed);
      let x = 0;
      const y: number[] = [];
      for (let t = 0; t < 500; t++) {
        x = 0.9 * x + 0.05 * gauss(u);
        y.push(100 * 5 ** (t / 500) * Math.exp(x));
      }
      const r = f.forecast(y, 60, { seasonLength: 1, level: [95] });
      expect(sdAt(r, 59) / sdAt(r, 0)).toBeGreaterThan(7);
    }
  });
});
