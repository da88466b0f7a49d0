// `tempo forecast --server`: rows grouped into series and sent in batches to a real server; the
// command reads a quoted CSV, names a bad line and column, never prints the key, writes whole files.
import { mkdtempSync, readFileSync, existsSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { forecastViaServer, seriesOf, type LongRow } from '../../src/cli/forecast-server.js';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { requireBuiltCli, tempo } from './run.js';

let h: Harness;
beforeAll(async () => {
  requireBuiltCli();
  h = await startHarness({ config: { workers: 2 } });
});
afterAll(async () => { await h.close(); });

function longRows(ids: string[], n: number): LongRow[] {
  let line = 1;
  return ids.flatMap((id, k) => seasonal(n + k).map((y) => ({ id, y, line: ++line })));
}

describe('forecastViaServer', () => {
  it('groups rows into series, sends them in batches and writes one CSV row per step, in order', async () => {
    const { fullKey } = await h.key();
    const ids = ['a', 'b,1', 'c "q"', 'd', 'e'];
    let text = '';
    const progress: number[] = [];
    const r = await forecastViaServer(longRows(ids, 30), { server: h.url, apiKey: fullKey, horizon: 3, level: [80], batchSize: 2, format: 'csv' },
      { write: (t) => { text += t; }, progress: (p) => progress.push(p.done) });
    expect(r.series).toBe(5);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    const lines = text.trimEnd().split('\n');
    // rows without dates: ds is the step number
    expect(lines[0]).toBe('unique_id,ds,forecast,lo-80,hi-80');
    expect(lines).toHaveLength(1 + 5 * 3);
    expect(lines[4].startsWith('"b,1",1,')).toBe(true);
    expect(lines[7].startsWith('"c ""q""",1,')).toBe(true);
    const single = await (await h.forecast(fullKey, { series: seasonal(31), horizon: 3, level: [80] })).json();
    expect(lines.slice(4, 7).map((l) => Number(l.split(',')[3]))).toEqual(single.forecast);
    const cells = lines[4].split(',');
    expect(Number(cells[4])).toBe(single.intervals['80'].lower[0]);
  });

  it('refuses rows of one series that are not together, naming the line', async () => {
    const rows: LongRow[] = [{ id: 'a', y: 1, line: 2 }, { id: 'b', y: 1, line: 3 }, { id: 'a', y: 2, line: 4 }];
    await expect((async () => { for await (const _ of seriesOf(rows)) { /* drain */ } })()).rejects.toThrow(/line 4: the rows of series "a" are not together/);
  });
});

describe('tempo forecast --server', () => {
  it('reads a quoted CSV, writes the --out file whole and never prints the key', async () => {
    const { fullKey } = await h.key();
    const dir = mkdtempSync(join(tmpdir(), 'tempo-cli-forecast-'));
    const csv = join(dir, 'sales.csv');
    const month = (i: number) => `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
    const rows = ['unique_id,ds,y', ...['north', 'south, east'].flatMap((id) => seasonal(36).map((y, i) => `"${id}",${month(i)},${y}`))];
    writeFileSync(csv, rows.join('\n') + '\n');
    const out = join(dir, 'out.ndjson');
    const run = await tempo(['forecast', '--file', csv, '--server', h.url, '--horizon', '4', '--out', out], { TEMPO_API_KEY: fullKey });
    expect(run.stderr).toMatch(/2 series in/);
    expect(run.code).toBe(0);
    const items = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(items.map((x) => x.id)).toEqual(['north', 'south, east']);
    expect(items[0].forecast).toHaveLength(4);
    expect(items[0].timestamps).toEqual(['2023-01-01', '2023-02-01', '2023-03-01', '2023-04-01']);
    expect(items[0].freq).toBe('P1M');
    // the batch endpoint's shape, as the local command writes it: method in snake_case
    expect(Object.keys(items[0])).toEqual(['id', 'forecast', 'timestamps', 'freq', 'method']);
    expect(items[0].method.season_length).toBe(12);
    for (const text of [run.stdout, run.stderr]) expect(text).not.toContain(fullKey.split('-')[2]);
  });

  it('names the line and column of a bad value and leaves no output file behind', async () => {
    const { fullKey } = await h.key();
    const dir = mkdtempSync(join(tmpdir(), 'tempo-cli-forecast-'));
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'id,timestamp,value\nx,2020-01-01,1\nx,2020-02-01,"12a"\n');
    const out = join(dir, 'out.csv');
    const run = await tempo(['forecast', '--file', csv, '--server', h.url, '--horizon', '2', '--out', out], { TEMPO_API_KEY: fullKey });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/line 3, column 3 \(value\): "12a" is not a number/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual(['bad.csv']);
    const noKey = await tempo(['forecast', '--file', csv, '--server', h.url, '--horizon', '2']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/TEMPO_API_KEY/);
  });

  it('sends date-times without an offset as UTC and writes the future ds back in the file\'s form', async () => {
    const { fullKey } = await h.key();
    const dir = mkdtempSync(join(tmpdir(), 'tempo-cli-forecast-'));
    const csv = join(dir, 'load.csv');
    const values = seasonal(48);
    const stamp = (i: number) => new Date(Date.UTC(2024, 9, 26, i)).toISOString().slice(0, 19).replace('T', ' ');
    writeFileSync(csv, `unique_id,ds,y\n${values.map((y, i) => `meter,${stamp(i)},${y}`).join('\n')}\n`);
    const out = join(dir, 'out.csv');
    const run = await tempo(['forecast', '--file', csv, '--server', h.url, '--horizon', '2', '--level', '90', '--out', out], { TEMPO_API_KEY: fullKey });
    expect(run.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('unique_id,ds,forecast,lo-90,hi-90');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['meter,2024-10-28 00:00:00', 'meter,2024-10-28 01:00:00']);
    // the server saw the same series as UTC date-times
    const single = await (await h.forecast(fullKey, { series: values, horizon: 2, level: [90], timestamps: values.map((_, i) => stamp(i).replace(' ', 'T') + 'Z') })).json();
    expect(single.timestamps).toEqual(['2024-10-28T00:00:00Z', '2024-10-28T01:00:00Z']);
    expect(lines.slice(1).map((l) => Number(l.split(',')[2]))).toEqual(single.forecast);
  });

  it('refuses a series mixing date forms by line and column before sending it, and writes nothing', async () => {
    const { fullKey } = await h.key();
    const dir = mkdtempSync(join(tmpdir(), 'tempo-cli-forecast-'));
    const csv = join(dir, 'mixed.csv');
    writeFileSync(csv, 'id,timestamp,value\nx,2024-01-01 00:00,1\nx,2024-01-01 01:00,2\nx,2024-01-01T02:00,3\n');
    const out = join(dir, 'out.csv');
    const run = await tempo(['forecast', '--file', csv, '--server', h.url, '--horizon', '2', '--out', out], { TEMPO_API_KEY: fullKey });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mixed.csv line 4, column timestamp: date separates date and time with "T" but the date on line 2 is "2024-01-01 00:00"');
    expect(readdirSync(dir)).toEqual(['mixed.csv']);
  });
});
