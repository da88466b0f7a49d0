// Blind period detection on calendar periods: power on short trending series, false alarms on
// series with no season at all (seeded, so every run sees the same series).
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { defaultWasmPath } from '../../src/core/node.js';
import { createStats, type CoreStats } from '../../packages/core/src/stats.js';

let s: CoreStats;
beforeAll(async () => { s = await createStats(await readFile(defaultWasmPath())); });

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 4294967296; };
}
/** Standard normal draws (Box-Muller) from the seeded generator. */
function gauss(n: number, seed: number): number[] {
  const u = lcg(seed);
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u()));
}
function rate(count: number, make: (seed: number) => number[], pass: (p: number) => boolean): number {
  let k = 0;
  for (let seed = 1; seed <= count; seed++) if (pass(s.detectPeriod(make(seed)))) k++;
  return k / count;
}

describe('detectPeriod on calendar periods', () => {
  it('finds a modest quarterly season in short trending series', () => {
    const pattern = [1.2, -0.4, -1.2, 0.4];
    const found = rate(100, (seed) => gauss(40, 1000 + seed).map((e, t) => 50 + 0.8 * t + pattern[t % 4] + 0.7 * e),
      (p) => p === 4);
    // the autocorrelation peak search alone found 79 of these 100
    expect(found).toBeGreaterThanOrEqual(0.95);
  });

  it('finds a monthly season under a random-walk level', () => {
    const found = rate(100, (seed) => {
      let level = 100;
      return gauss(72, 2000 + seed).map((e, t) => (level += 0.6 * e) + 2 * Math.sin((2 * Math.PI * t) / 12));
    }, (p) => p === 12);
    // the autocorrelation peak search alone found 15 of these 100
    expect(found).toBeGreaterThanOrEqual(0.8);
  });

  for (const n of [48, 300, 1000]) {
    it(`raises at most 10% false alarms on noise, random walks and trends (n = ${n})`, () => {
      const kinds: Array<(seed: number) => number[]> = [
        (seed) => gauss(n, seed).map((v) => 100 + v),
        (seed) => { let x = 100; return gauss(n, seed).map((v) => (x += v)); },
        (seed) => gauss(n, seed).map((v, t) => 100 + 0.3 * t + v),
      ];
      for (const make of kinds) expect(rate(200, (seed) => make(seed * 7919 + n), (p) => p > 1)).toBeLessThanOrEqual(0.1);
    });
  }
});
