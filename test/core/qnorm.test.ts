import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { defaultWasmPath } from '../../src/core/node.js';
import { instantiateCore, type ArenaExports } from '../../packages/core/src/instantiate.js';
import fixture from './fixtures/qnorm.json' with { type: 'json' };

interface QnormExports extends ArenaExports { statsQnorm(p: number): number }
let ex: QnormExports;
beforeAll(async () => { ex = await instantiateCore<QnormExports>(await readFile(defaultWasmPath())); });

describe('qnorm (AS 241)', () => {
  it('matches 60-digit reference quantiles to about 1e-15 over (0, 1), tails included', () => {
    expect(fixture.rows.length).toBeGreaterThan(40);
    for (const { p, x } of fixture.rows) {
      const got = ex.statsQnorm(p);
      expect(Math.abs(got - x) / Math.max(1, Math.abs(x)), `p = ${p}`).toBeLessThanOrEqual(1e-15);
    }
  });

  it('is exactly 0 at 0.5 and odd about it', () => {
    expect(Object.is(ex.statsQnorm(0.5), 0)).toBe(true);
    // dyadic p, so 1 - p is exact and any asymmetry is the function's own
    for (const p of [0.25, 0.125, 0.375, 2 ** -10, 2 ** -30, 2 ** -52]) expect(ex.statsQnorm(1 - p)).toBe(-ex.statsQnorm(p));
  });

  it('is monotone on a fine grid and infinite only at 0 and 1', () => {
    let prev = -Infinity, drops = 0;
    for (let i = 1; i < 20000; i++) {
      const v = ex.statsQnorm(i / 20000);
      if (!(v > prev)) drops++;
      prev = v;
    }
    expect(drops).toBe(0);
    expect(ex.statsQnorm(0)).toBe(-Infinity);
    expect(ex.statsQnorm(1)).toBe(Infinity);
    expect(ex.statsQnorm(1.5)).toBeNaN();
    expect(ex.statsQnorm(-0.1)).toBeNaN();
  });
});
