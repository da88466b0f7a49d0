// The M4 measures on cases small enough to compute by hand, plus the parsers the eval relies on.
import { describe, it, expect } from 'vitest';
import { smape, mase, maseScale, owa, mean, quantile, msis, countInside } from '../../src/metrics/index.js';
import { parseCsv } from '../../eval/csv.js';
import { parseAnchors } from '../../eval/anchors.js';
import { groupNames, groupRow } from '../../eval/report.js';
import type { SeriesResult } from '../../eval/run.js';

describe('smape', () => {
  it('averages 200|y-f|/(|y|+|f|) over the horizon', () => {
    // terms: 200*2/(10+12) = 18.1818…, 200*0/(20+20) = 0 → mean 9.0909…
    expect(smape([10, 20], [12, 20])).toBeCloseTo(200 / 22, 12);
  });
  it('counts a 0/0 term as 0 but still in the denominator of the mean', () => {
    // terms: 0 (0/0), 200*5/5 = 200 → mean 100
    expect(smape([0, 0], [0, 5])).toBeCloseTo(100, 12);
  });
  it('is symmetric in actual and forecast', () => {
    expect(smape([3, 7, 1], [4, 2, 9])).toBeCloseTo(smape([4, 2, 9], [3, 7, 1]), 12);
  });
});

describe('mase', () => {
  it('scales by the mean absolute seasonal difference at lag m', () => {
    const train = [1, 2, 3, 4, 3, 5, 4, 7]; // lag-4 diffs: 2, 3, 1, 3 → 2.25
    expect(maseScale(train, 4)).toBeCloseTo(2.25, 12);
    // errors 1 and 3.5 → mean 2.25 → MASE 1
    expect(mase(train, [8, 10], [9, 6.5], 4)).toBeCloseTo(1, 12);
  });
  it('falls back to lag 1 when the series is not longer than m', () => {
    const train = [1, 4, 2, 8]; // n = 4 <= m = 4; lag-1 |diffs|: 3, 2, 6 → 11/3
    expect(maseScale(train, 4)).toBeCloseTo(11 / 3, 12);
    expect(maseScale(train, 12)).toBeCloseTo(11 / 3, 12);
    expect(mase(train, [5], [5 + 11 / 3], 12)).toBeCloseTo(1, 12);
  });
  it('uses lag m as soon as n exceeds m by one', () => {
    expect(maseScale([1, 4, 2, 8, 3], 4)).toBeCloseTo(2, 12); // one lag-4 diff: |3-1|
  });
});

describe('owa', () => {
  it('is exactly 1 for Naive2 measured against itself', () => {
    expect(owa(13.7, 2.9, 13.7, 2.9)).toBe(1);
  });
  it('averages the two relative errors', () => {
    expect(owa(10, 3, 20, 2)).toBeCloseTo(0.5 * (0.5 + 1.5), 12);
  });
});

describe('mean and quantile', () => {
  it('match hand values (type-7 quantile)', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.95)).toBeCloseTo(4.8, 12);
  });
});

describe('group table', () => {
  const row = (id: string, group: string, s: number, m: number): SeriesResult => ({
    id, group, smape: s, mase: m, naive2Smape: s, naive2Mase: m, ms: 1, failed: false,
    method: ['naive2'], season_length: 1, naive2Method: ['naive2'],
    in80: id === 'a' ? 1 : 2, in95: 2, points: 2, msis: m, mase1: m, rmsse: m, rmsseSeasonal: m, spl: m, negForecast: false, negBound: false,
  });
  const results = [row('a', 'M1/Yearly', 10, 1), row('b', 'M4/Hourly', 30, 3), row('c', 'M1/Monthly', 20, 2)];
  it('orders source/frequency, then source/ALL, then ALL', () => {
    expect(groupNames(results)).toEqual(['M1/Monthly', 'M1/Yearly', 'M4/Hourly', 'M1/ALL', 'M4/ALL', 'ALL']);
  });
  it('gives OWA 1 and group means when the model is Naive2 itself', () => {
    const r = groupRow(results, 'M1/ALL', 'naive2');
    expect(r.n).toBe(2);
    expect(r.smape).toBe(15);
    expect(r.owa).toBe(1);
  });
  it('pools interval coverage over the group\'s points and averages MSIS', () => {
    const r = groupRow(results, 'M1/ALL', 'naive2');
    expect(r.cover80).toBe(3 / 4);
    expect(r.cover95).toBe(1);
    expect(r.msis).toBe(1.5);
  });
});

describe('msis and coverage', () => {
  // train 1,2,3,4: lag-1 scale 1; alpha 0.05 makes a miss cost 40 per unit
  const train = [1, 2, 3, 4];
  it('is the mean width when every value is inside', () => {
    expect(msis(train, [5, 6], [4, 5], [6, 8], 1, 0.05)).toBe(2.5);
  });
  it('adds 2/alpha times each miss, below and above', () => {
    // widths 2 and 3; y=3 is 1 below 4 (+40), y=9 is 1 above 8 (+40)
    expect(msis(train, [3, 9], [4, 5], [6, 8], 1, 0.05)).toBe((2 + 40 + 3 + 40) / 2);
  });
  it('counts values inside the bounds, bounds included', () => {
    expect(countInside([4, 6, 9, 5], [4, 4, 4, 6], [6, 6, 8, 7])).toBe(2);
  });
});

describe('parsers', () => {
  it('reads a CSV row and checks its declared lengths', () => {
    const head = 'id,source,frequency,horizon,season_length,n_train,train,test';
    const rows = parseCsv(`${head}\nX1,M4,Weekly,2,1,3,1 2 3,4 5\n`);
    expect(rows).toEqual([{ id: 'X1', source: 'M4', frequency: 'Weekly', horizon: 2, seasonLength: 1, train: [1, 2, 3], test: [4, 5] }]);
    expect(() => parseCsv(`${head}\nX1,M4,Weekly,2,1,4,1 2 3,4 5\n`)).toThrow(/n_train/);
  });
  it('reads ANCHORS.md tables by group and method', () => {
    const md = '## M1/ALL\n\n| method | n | sMAPE | MASE | OWA | median ms | mean ms | fails |\n|---|---:|---:|---:|---:|---:|---:|---:|\n| ets | 350 | 18.134 | 2.052 | 0.891 | 113.0 | 226.3 | 0 |\n';
    const a = parseAnchors(md);
    expect(a.get('M1/ALL')?.get('ets')?.owa).toBe(0.891);
    expect(a.get('M1/ALL')?.size).toBe(1);
  });
});
