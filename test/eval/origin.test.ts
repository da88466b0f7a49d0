// `npm run eval -- --origin K`: the rows moved K horizons back, and the flag's checks.
import { describe, expect, it } from 'vitest';
import { atOrigin } from '../../eval/origin.js';
import { parseEvalArgs } from '../../eval/args.js';
import type { SeriesRow } from '../../eval/csv.js';

const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
const row = (id: string, n: number, horizon: number, seasonLength = 1): SeriesRow => ({
  id, source: 'S', frequency: 'Quarterly', horizon, seasonLength, train: range(0, n), test: range(n, n + horizon),
});

describe('eval at an earlier origin', () => {
  it('origin 0 leaves every row as given', () => {
    const rows = [row('a', 10, 4), row('b', 3, 4)];
    expect(atOrigin(rows, 0)).toEqual(rows);
  });

  it('origin k ends the training k horizons earlier and tests on the h values after it', () => {
    const [one] = atOrigin([row('a', 20, 4)], 1);
    expect(one.train).toEqual(range(0, 16));
    expect(one.test).toEqual(range(16, 20));
    const [two] = atOrigin([row('a', 20, 4)], 2);
    expect(two.train).toEqual(range(0, 12));
    expect(two.test).toEqual(range(12, 16));
    expect(two.horizon).toBe(4);
  });

  it('skips a row left with fewer than 2h training values or no more than a season', () => {
    // 20 − 2·4 = 12 ≥ 8 kept; 15 − 2·4 = 7 < 8 skipped; 30 − 1·4 = 26 ≤ season 26 skipped
    const kept = atOrigin([row('long', 20, 4), row('short', 15, 4), row('seasonal', 30, 4, 26)], 2);
    expect(kept.map((r) => r.id)).toEqual(['long']);
  });

  it('takes --origin as a whole number and names the report after it', () => {
    const args = parseEvalArgs(['--origin', '2', '--blind'], '/repo');
    expect(args.origin).toBe(2);
    expect(args.out).toBe('/repo/eval/results/tempo-blind-origin2.json');
    expect(parseEvalArgs([], '/repo').origin).toBe(0);
    for (const bad of ['-1', '1.5', 'x', '']) expect(() => parseEvalArgs([`--origin=${bad}`], '/repo')).toThrow(/--origin takes a whole number/);
  });
});
