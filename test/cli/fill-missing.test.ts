// `tempo forecast --file --fill-missing` and one-row series: absent months put back as missing
// values (as the API's fill_missing does), and a new product of one row on the file's own step.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { cli } from './in-process.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'tempo-fill-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const monthStart = (i: number) => new Date(Date.UTC(2018 + Math.floor(i / 12), i % 12, 1)).toISOString().slice(0, 10);
const value = (k: number, i: number) => Number((100 + k + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919 + k) % 11) / 3).toFixed(3));
const ABSENT = new Set([7, 8, 20]);

function file(): string {
  const rows: string[] = [];
  for (let i = 0; i < 36; i++) rows.push(`a,${monthStart(i)},${value(0, i)}`);
  for (let i = 0; i < 36; i++) if (!ABSENT.has(i)) rows.push(`gappy,${monthStart(i)},${value(1, i)}`);
  rows.push(`new,${monthStart(35)},42`);
  return `unique_id,ds,y\n${rows.join('\n')}\n`;
}

describe('tempo forecast --fill-missing', () => {
  it('forecasts a series with absent months as the same series with empty values, and says how many', async () => {
    const f = join(dir, 'sales.csv'), out = join(dir, 'out.ndjson');
    writeFileSync(f, file());
    const refused = await cli(['forecast', '--file', f, '--horizon', '3', '--out', join(dir, 'x.ndjson')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('column ds: date is off the P1M grid');
    expect(refused.stderr).toContain('(series "gappy")');

    const r = await cli(['forecast', '--file', f, '--horizon', '3', '--out', out, '--fill-missing', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('filled 3 absent dates in 1 series');
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.id, l.method.filled])).toEqual([['a', 0], ['gappy', 3], ['new', 0]]);
    const core = await loadForecaster();
    const whole = Array.from({ length: 36 }, (_, i) => (ABSENT.has(i) ? null : value(1, i)));
    expect(lines[1].forecast).toEqual(core.forecast(whole as number[], 3, { periodHints: [12] }).forecast);
    expect(lines[1].timestamps).toEqual(['2021-01-01', '2021-02-01', '2021-03-01']);
    // the new product of one row took the file's monthly step
    expect(lines[2].timestamps).toEqual(['2021-01-01', '2021-02-01', '2021-03-01']);
    expect(lines[2].freq).toBe('P1M');
  });

  it('--fitted writes the in-sample rows beside the output', async () => {
    const f = join(dir, 'sales.csv'), out = join(dir, 'fit.csv');
    writeFileSync(f, file());
    const r = await cli(['forecast', '--file', f, '--horizon', '3', '--level', '90', '--out', out, '--fill-missing', '--fitted', '--workers', '1']);
    expect(r.code).toBe(0);
    const rows = readFileSync(join(dir, 'fit.fitted.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('unique_id,ds,y,fitted,lo-90,hi-90');
    // every month of each series, the absent ones put back with y empty
    expect(rows).toHaveLength(1 + 36 + 36 + 1);
    const core = await loadForecaster();
    const a = Array.from({ length: 36 }, (_, i) => value(0, i));
    const fit = core.forecast(a, 3, { periodHints: [12], level: [90], fitted: true });
    expect(rows[5]).toBe(['a', monthStart(4), String(a[4]), String(fit.fitted![4]), String(fit.fitted_intervals!['90'].lower[4]), String(fit.fitted_intervals!['90'].upper[4])].join(','));
    expect(rows[1 + 36 + 7].split(',').slice(0, 3)).toEqual(['gappy', monthStart(7), '']);
    expect((await cli(['forecast', '--file', f, '--horizon', '3', '--fitted'])).code).toBe(2);
  });
});
