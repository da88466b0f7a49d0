// `tempo forecast --file` as a user runs it: the real binary, real files, real worker threads.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { BIN, ROOT, requireBuiltCli, tempo } from './run.js';
import { cli } from './in-process.js';

let dir: string;
beforeAll(() => { requireBuiltCli(); dir = mkdtempSync(join(tmpdir(), 'tempo-forecast-cli-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function monthEnd(i: number): string {
  return new Date(Date.UTC(2015 + Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10);
}

function salesCsv(ids: string[], n: number): { text: string; values: number[][] } {
  const values = ids.map((_, k) => Array.from({ length: n }, (_, i) => 100 + k + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919 + k) % 11) / 3));
  const rows = ids.flatMap((id, k) => values[k].map((v, i) => `"${id.replace(/"/g, '""')}",${monthEnd(i)},${v}`));
  return { text: `unique_id,ds,y\n${rows.join('\n')}\n`, values };
}

describe('tempo forecast --file', () => {
  it('writes a long CSV in input order with future month ends, what the core computes, and reports series/s', async () => {
    const ids = ['north, 1', 'south', 'east "x"', 'west'];
    const { text, values } = salesCsv(ids, 60);
    const file = join(dir, 'sales.csv'), out = join(dir, 'f.csv');
    writeFileSync(file, text);
    const r = await tempo(['forecast', '--file', file, '--horizon', '3', '--level', '80,95', '--out', out, '--workers', '2']);
    expect(r.stderr).toMatch(/4 series in [\d.]+ s \(\d+ series\/s\) on 2 workers; wrote /);
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('unique_id,ds,forecast,lo-80,hi-80,lo-95,hi-95');
    expect(lines.length).toBe(1 + 4 * 3);
    expect(lines[1].startsWith('"north, 1",2020-01-31,')).toBe(true);
    expect(lines[2].startsWith('"north, 1",2020-02-29,')).toBe(true);
    expect(lines[7].startsWith('"east ""x""",2020-01-31,')).toBe(true);
    const core = await loadForecaster();
    const expected = core.forecast(values[3], 3, { periodHints: [12], level: [80, 95] });
    const last = lines[12].split(',');
    expect(last.slice(0, 2)).toEqual(['west', '2020-03-31']);
    expect(Number(last[2])).toBe(expected.forecast[2]);
    expect(Number(last[6])).toBe(expected.intervals!['95'].upper[2]);
  });

  it('writes NDJSON, honours --season-length, and prints a JSON summary', async () => {
    const { text } = salesCsv(['a', 'b'], 48);
    const file = join(dir, 'two.csv'), out = join(dir, 'two.ndjson');
    writeFileSync(file, text.replace('unique_id,ds,y', 'id,timestamp,value'));
    const r = await cli(['forecast', '--file', file, '--horizon', '2', '--season-length', '1', '--out', out, '--json', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ series: 2, workers: 1, out });
    const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((x) => x.id)).toEqual(['a', 'b']);
    expect(rows[0].timestamps).toEqual(['2019-01-31', '2019-02-28']);
    expect(rows[0].freq).toBe('P1M');
    expect(rows[0].method.season_length).toBe(1);
  });

  it('refuses a bad row by line and column and leaves no file behind', async () => {
    const { text } = salesCsv(['a'], 30);
    const lines = text.split('\n');
    lines[11] = lines[11].replace(/,[^,]*$/, ',twelve');
    const file = join(dir, 'bad.csv'), out = join(dir, 'bad-out.csv');
    writeFileSync(file, lines.join('\n'));
    const r = await cli(['forecast', '--file', file, '--horizon', '2', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bad.csv line 12, column y: not a number');
    expect(readdirSync(dir).filter((f) => f.includes('bad-out'))).toEqual([]);
  });

  it('refuses a gap in the dates by line, with the expected date', async () => {
    const { text } = salesCsv(['a'], 30);
    const lines = text.split('\n');
    lines.splice(6, 1); // drops line 7, 2015-06-30
    const file = join(dir, 'gap.csv');
    writeFileSync(file, lines.join('\n'));
    const r = await cli(['forecast', '--file', file, '--horizon', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('gap.csv line 7, column ds: date is off the P1M grid: expected 2015-06-30');
    expect(r.stdout).toBe('');
  });

  it('reads date-times without an offset (pandas\' form) as UTC and writes the future ds the same way', async () => {
    const hours = (sep: string) => Array.from({ length: 72 }, (_, i) => new Date(Date.UTC(2024, 2, 29, i)).toISOString().slice(0, 19).replace('T', sep));
    const values = Array.from({ length: 72 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 24) + ((i * 7919) % 7) / 7);
    for (const [sep, name] of [[' ', 'space'], ['T', 'tee']]) {
      const file = join(dir, `naive-${name}.csv`), out = join(dir, `naive-${name}.csv.out.csv`);
      writeFileSync(file, `id,timestamp,value\n${hours(sep).map((t, i) => `m1,${t},${values[i]}`).join('\n')}\n`);
      const r = await tempo(['forecast', '--file', file, '--horizon', '3', '--out', out, '--workers', '1']);
      expect(r.code).toBe(0);
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      expect(lines.map((l) => l.split(',').slice(0, 2).join(','))).toEqual(
        ['unique_id,ds', ...['2024-04-01 00:00:00', '2024-04-01 01:00:00', '2024-04-01 02:00:00'].map((t) => `m1,${t.replace(' ', sep)}`)]);
      const core = await loadForecaster();
      expect(Number(lines[1].split(',')[2])).toBe(core.forecast(values, 3, { periodHints: [24, 168] }).forecast[0]);
    }
  });

  it('refuses a series mixing naive and offset date-times by line and column', async () => {
    const stamps = ['2024-01-01 00:00:00', '2024-01-01 01:00:00', '2024-01-01T02:00:00Z', '2024-01-01 03:00:00'];
    const file = join(dir, 'mixed.csv'), out = join(dir, 'mixed-out.csv');
    writeFileSync(file, `unique_id,ds,y\n${stamps.map((t, i) => `a,${t},${i}`).join('\n')}\n`);
    const r = await tempo(['forecast', '--file', file, '--horizon', '2', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('mixed.csv line 4, column ds: date is not a date-time without an offset but the date on line 2 is "2024-01-01 00:00:00"');
    expect(readdirSync(dir).filter((f) => f.includes('mixed-out'))).toEqual([]);
  });

  it('on Ctrl-C stops, says so, and leaves neither the output nor its temporary file', async () => {
    const ids = Array.from({ length: 400 }, (_, k) => `s${k}`);
    const file = join(dir, 'many.csv'), out = join(dir, 'many-out.csv');
    writeFileSync(file, salesCsv(ids, 100).text);
    const child = spawn(process.execPath, [BIN, 'forecast', '--file', file, '--horizon', '6', '--out', out, '--workers', '1'],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
    let stderr = '';
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d;
        // the first progress line means series are being written to the temporary file
        if (stderr.includes('series/s') && !child.killed) child.kill('SIGINT');
      });
      child.on('exit', (c) => resolve(c));
    });
    expect(stderr).toMatch(/interrupted after \d+ of 400 series; .*many-out\.csv was not written/);
    expect(code).toBe(1);
    expect(readdirSync(dir).filter((f) => f.includes('many-out'))).toEqual([]);
  });

  it('refuses bad flags with usage', async () => {
    const r1 = await cli(['forecast', '--file', 'x.csv']);
    expect([r1.code, r1.stderr.includes('--horizon is required')]).toEqual([2, true]);
    const r2 = await cli(['forecast', '--file', 'x.csv', '--horizon', '2', '--level', '80,120']);
    expect([r2.code, r2.stderr.includes('--level')]).toEqual([2, true]);
    const r3 = await cli(['forecast', '--file', 'x.csv', '--horizon', '2', '--out', 'x.xlsx']);
    expect([r3.code, r3.stderr.includes('.csv or .ndjson')]).toEqual([2, true]);
    const { text } = salesCsv(['a'], 30);
    writeFileSync(join(dir, 'ok.csv'), text);
    const r4 = await cli(['forecast', '--file', join(dir, 'ok.csv'), '--horizon', '2', '--freq', 'fortnightly']);
    expect([r4.code, r4.stderr.includes('--freq must be')]).toEqual([2, true]);
    const r5 = await cli(['forecast', '--file', join(dir, 'missing.csv'), '--horizon', '2']);
    expect([r5.code, r5.stderr.trim()]).toEqual([1, `tempo: forecast: ${join(dir, 'missing.csv')}: no such file`]);
    const r8 = await cli(['forecast', '--file', join(dir, 'ok.csv'), '--horizon', '2', '--out', join(dir, 'no-such-dir', 'f.csv')]);
    expect([r8.code, r8.stderr.trim()]).toEqual([1, `tempo: forecast: cannot write ${join(dir, 'no-such-dir', 'f.csv')} (ENOENT)`]);
    const r7 = await cli(['forecast', '--file', dir, '--horizon', '2']);
    expect([r7.code, r7.stderr.trim()]).toEqual([1, `tempo: forecast: ${dir}: cannot be read (EISDIR)`]);
    const r6 = await cli(['forecast', '--file', join(dir, 'ok.csv'), '--horizon', '2', '--data-dir', dir]);
    expect([r6.code, r6.stderr.includes('--data-dir does not apply')]).toEqual([2, true]);
  });
});
