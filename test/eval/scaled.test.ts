// The lag-1 scaled errors of the intermittent sample, its ANCHORS.md parser and the per-source table.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mase1, rmsse, anyNegative } from '../../src/metrics/index.js';
import { parseScaledAnchors, scaledTable } from '../../eval/scaled_report.js';
import type { SeriesResult } from '../../eval/run.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('MASE1 and RMSSE', () => {
  const train = [0, 2, 0, 0, 4]; // lag-1 diffs 2, -2, 0, 4: mean |d| = 2, mean d² = 6
  it('scale absolute errors by the mean absolute lag-1 difference', () => {
    // errors 1, 3 → mean 2 → 2 / 2
    expect(mase1(train, [1, 0], [0, 3])).toBeCloseTo(1, 12);
  });
  it('scale squared errors by the mean squared lag-1 difference, then take the root', () => {
    // squared errors 1, 9 → mean 5 → sqrt(5/6)
    expect(rmsse(train, [1, 0], [0, 3])).toBeCloseTo(Math.sqrt(5 / 6), 12);
  });
  it('are NaN for a constant training part (no scale), not a silent number', () => {
    expect(rmsse([3, 3, 3], [3], [4])).toBeNaN();
    expect(mase1([3, 3, 3], [3], [4])).toBeNaN();
  });
  it('refuse lengths that differ', () => {
    expect(() => rmsse(train, [1, 2], [1])).toThrow();
    expect(() => mase1(train, [], [])).toThrow();
  });
  it('anyNegative sees one value below zero and ignores zeros', () => {
    expect(anyNegative([0, 0, 1])).toBe(false);
    expect(anyNegative([0, -1e-9, 1])).toBe(true);
  });
});

describe('intermittent ANCHORS.md', () => {
  const anchors = parseScaledAnchors(readFileSync(join(root, 'datasets', 'intermittent', 'ANCHORS.md'), 'utf8'));
  it('reads every group and method row with its numbers', () => {
    expect([...anchors.keys()].sort()).toEqual(['ALL', 'CARPARTS', 'HOSPITAL']);
    expect(anchors.get('HOSPITAL')!.get('ets')).toEqual({ n: 150, mase1: 0.869, rmsse: 0.837, neg: 0 });
    expect(anchors.get('CARPARTS')!.get('thetaf')!.neg).toBeCloseTo(0.23, 12);
  });
  it('finds no rows in the competition ANCHORS.md (a different table shape)', () => {
    const dev = readFileSync(join(root, 'datasets', 'dev', 'ANCHORS.md'), 'utf8');
    expect(parseScaledAnchors(dev).size).toBe(0);
  });

  const res = (group: string, rmsseV: number, negForecast: boolean, negBound: boolean, in95: number): SeriesResult => ({
    id: group + rmsseV, group, smape: 0, mase: 0, naive2Smape: 1, naive2Mase: 1, ms: 1, failed: false, method: ['sba'],
    season_length: 1, in80: 0, in95, points: 12, msis: 0, naive2Method: ['naive2'], mase1: 2 * rmsseV, rmsse: rmsseV, rmsseSeasonal: rmsseV, spl: rmsseV,
    negForecast, negBound,
  });
  it('tables means, pooled coverage and negative shares per source, with R\'s best excluding zero', () => {
    const carparts = Array.from({ length: 400 }, (_, i) => res('CARPARTS/Monthly', i < 200 ? 0.5 : 0.7, i === 0, i < 4, 12));
    const hospital = Array.from({ length: 150 }, () => res('HOSPITAL/Monthly', 0.8, false, false, 6));
    const rows = scaledTable([...carparts, ...hospital], anchors);
    expect(rows.map((r) => r.group)).toEqual(['CARPARTS', 'HOSPITAL', 'ALL']);
    const [c, h, all] = rows;
    expect(c.rmsse).toBeCloseTo(0.6, 12);
    expect(c.mase1).toBeCloseTo(1.2, 12);
    // zero (0.636) is lower on carparts but is not a method: ses is the best R method there
    expect([c.rBestMethod, c.rBestRmsse]).toEqual(['ses', 0.661]);
    expect([h.rBestMethod, h.rBestRmsse]).toEqual(['ets', 0.837]);
    expect(c.negForecast).toBeCloseTo(1 / 400, 12);
    expect(c.negBound).toBeCloseTo(4 / 400, 12);
    expect(h.cover95).toBeCloseTo(0.5, 12);
    expect(all.cover95).toBeCloseTo((400 * 12 + 150 * 6) / (550 * 12), 12);
  });
  it('gives no R reference for a partial group (its means describe other series)', () => {
    const rows = scaledTable([res('CARPARTS/Monthly', 0.5, false, false, 12)], anchors);
    expect(rows[0].rBestRmsse).toBeNull();
  });
});
