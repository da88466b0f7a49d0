// `tempo forecast --file --on-invalid`: by default every problem of a file listed, by series, and
// nothing written; with skip, the valid series forecast as they would be alone and each invalid
// one's problems in a file beside the output.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './in-process.js';

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'tempo-on-invalid-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function monthStart(i: number): string {
  return new Date(Date.UTC(2018 + Math.floor(i / 12), i % 12, 1)).toISOString().slice(0, 10);
}
const value = (k: number, i: number) => (100 + k + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919 + k) % 11) / 3).toFixed(3);

// six series of 36 months; b has a corrupt value, d a month off the grid, f's id is used again for another product's rows
function planted(): string {
  const rows: string[] = [];
  for (const [k, id] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
    for (let i = 0; i < 36; i++) {
      let ds = monthStart(i), y = value(k, i);
      if (id === 'b' && i === 10) y = 'abc';
      if (id === 'b' && i === 20) y = '1.2.3';
      if (id === 'd' && i === 30) ds = ds.replace(/-01$/, '-15');
      rows.push(`${id},${ds},${y}`);
    }
  }
  // "f" again: a second product given the same id
  for (let i = 0; i < 12; i++) rows.push(`f,${monthStart(i)},${value(9, i)}`);
  return `unique_id,ds,y\n${rows.join('\n')}\n`;
}

describe('tempo forecast --on-invalid', () => {
  it('by default lists every problem with its series and writes nothing', async () => {
    const file = join(dir, 'sales.csv'), out = join(dir, 'fail.csv');
    writeFileSync(file, planted());
    const r = await cli(['forecast', '--file', file, '--horizon', '3', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('sales.csv line 48, column y: not a number (leave it empty or write NA for a missing value) (series "b")');
    expect(r.stderr).toContain('sales.csv line 58, column y: not a number');
    expect(r.stderr).toContain('column ds: date is off the P1M grid');
    expect(r.stderr).toContain('sales.csv line 218, column ds: the dates of series "f" start again on line 218 (the date of line 182): is the id used by two series?');
    expect(r.stderr).toContain('4 problems in 3 series; nothing was forecast');
    expect(readdirSync(dir).filter((f) => f.startsWith('fail'))).toEqual([]);
  });

  it('with skip forecasts the valid series as alone and lists the problems beside the output', async () => {
    const file = join(dir, 'sales.csv'), out = join(dir, 'skip.csv');
    writeFileSync(file, planted());
    const r = await cli(['forecast', '--file', file, '--horizon', '3', '--out', out, '--on-invalid', 'skip', '--json']);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ series: 3, skipped: 3, problems: 4, problems_file: join(dir, 'skip.problems.csv') });
    expect(r.stdout).not.toContain('abc');
    const ids = readFileSync(out, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]);
    expect([...new Set(ids)]).toEqual(['a', 'c', 'e']);
    const problems = readFileSync(join(dir, 'skip.problems.csv'), 'utf8').trim().split('\n');
    expect(problems[0]).toBe('unique_id,line,column,problem');
    expect(problems.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['b,48,y', 'b,58,y', 'd,140,ds', 'f,218,ds']);

    // the valid series' forecasts are those of a file holding them alone
    const clean = planted().split('\n').filter((l) => /^(unique_id|a|c|e),/.test(l)).join('\n') + '\n';
    const cleanFile = join(dir, 'clean.csv'), cleanOut = join(dir, 'clean-out.csv');
    writeFileSync(cleanFile, clean);
    expect((await cli(['forecast', '--file', cleanFile, '--horizon', '3', '--out', cleanOut])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(cleanOut, 'utf8'));

    const plain = await cli(['forecast', '--file', file, '--horizon', '3', '--out', join(dir, 'skip2.csv'), '--on-invalid', 'skip']);
    expect(plain.stderr).toContain(`skipped 3 invalid series (4 problems), listed in ${join(dir, 'skip2.problems.csv')}`);
    expect((await cli(['forecast', '--file', file, '--horizon', '3', '--on-invalid', 'maybe'])).code).toBe(2);
  });
});
