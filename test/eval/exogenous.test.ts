// The exogenous format's reader and the comparison table, on small hand-made inputs and on the real ANCHORS.md.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseExogenousCsv } from '../../eval/exogenous.js';
import { parseExogenousAnchors, exogenousTable, againstBestR } from '../../eval/exogenous_report.js';
import type { SeriesResult } from '../../eval/run.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HEADER = 'id,source,frequency,horizon,season_length,n_train,start,freq,train,test,regressors';

describe('parseExogenousCsv', () => {
  it('reads the train, test, dates and the quoted JSON regressors', () => {
    const rows = parseExogenousCsv(`${HEADER}\na-1,A,Daily,2,7,3,2014-01-01,P1D,1 2 3,4 5,"{""t"":[1,2,3,4,5],""w"":[0,1,0,1,1]}"\n`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'a-1', source: 'A', horizon: 2, seasonLength: 7, train: [1, 2, 3], test: [4, 5], start: '2014-01-01', freq: 'P1D' });
    expect(rows[0].regressors).toEqual({ t: [1, 2, 3, 4, 5], w: [0, 1, 0, 1, 1] });
  });

  it('names the line of a regressor whose length is not n_train + horizon', () => {
    const bad = `${HEADER}\na-1,A,Daily,2,7,3,2014-01-01,P1D,1 2 3,4 5,"{""t"":[1,2,3,4,5]}"\na-2,A,Daily,2,7,3,2014-01-01,P1D,1 2 3,4 5,"{""t"":[1,2,3,4]}"\n`;
    expect(() => parseExogenousCsv(bad, 'x.csv')).toThrow(/x\.csv:3: regressor "t" must be 5 finite numbers/);
  });

  it('reads the repository sample: 62 windows with their regressors', () => {
    const rows = parseExogenousCsv(readFileSync(join(root, 'datasets', 'exogenous', 'Exogenous.csv'), 'utf8'));
    expect(rows).toHaveLength(62);
    for (const r of rows) for (const v of Object.values(r.regressors!)) expect(v).toHaveLength(r.train.length + r.horizon);
  });
});

describe('the comparison with R', () => {
  const anchors = parseExogenousAnchors(readFileSync(join(root, 'datasets', 'exogenous', 'ANCHORS.md'), 'utf8'));

  it('reads R\u2019s scores per group and method', () => {
    expect(anchors.get('ELECDAILY/Daily')!.get('arimax_sq')).toEqual({ n: 22, mase: 0.481, rmsse: 0.335, cover95: 0.981, msis: 3.09 });
    expect(anchors.get('ALL')!.get('arimax')!.mase).toBe(0.567);
  });

  const res = (group: string, mase: number): SeriesResult => ({
    id: group + mase, group, smape: 1, mase, naive2Smape: 1, naive2Mase: 1, ms: 1, failed: false, method: [], season_length: 1,
    in80: 1, in95: 2, points: 2, msis: 1, mase1: 1, rmsse: 1, rmsseSeasonal: 1, spl: 1, negForecast: false, negBound: false, naive2Method: ['naive2'],
  });

  it('sets our rows beside R\u2019s and finds R\u2019s best method that uses the regressors', () => {
    const withX = Array.from({ length: 22 }, () => res('ELECDAILY/Daily', 0.5));
    const without = Array.from({ length: 22 }, () => res('ELECDAILY/Daily', 0.6));
    const rows = exogenousTable(withX, without, 'tempo', anchors);
    expect(rows.filter((r) => r.group === 'ELECDAILY/Daily').map((r) => r.method).slice(0, 3)).toEqual(['tempo + regressors', 'tempo', 'R snaive']);
    const best = againstBestR(rows);
    expect(best[0]).toEqual({ group: 'ELECDAILY/Daily', mase: 0.5, rBest: 'arimax_sq', rBestMase: 0.481 });
    // R's ALL rows of 62 windows do not describe a 22-window run; its electricity-only ones (22) do
    expect(rows.filter((r) => r.group === 'ALL' && r.method.startsWith('R ')).map((r) => r.method)).toEqual(['R arimax_sq', 'R hr_lm', 'R dhr']);
  });
});
