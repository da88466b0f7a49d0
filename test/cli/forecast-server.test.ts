// `tempo forecast --server`: the series of a file sent in batches to a real server, checked, written
// and reported exactly as a local run does; it reads a quoted CSV, names a bad line and column,
// never prints the key, writes whole files.
import { mkdtempSync, readFileSync, existsSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { cli } from './in-process.js';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { requireBuiltCli, tempo } from './run.js';

let h: Harness;
beforeAll(async () => {
  requireBuiltCli();
  h = await startHarness({ config: { workers: 2 } });
});
afterAll(async () => { await h.close(); });

describe('tempo forecast --server and on this machine', () => {
  it('give the same output, final line and exit codes, and the server run sends its series in batches', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const dir = mkdtempSync(join(tmpdir(), 'tempo-cli-forecast-'));
    const csv = join(dir, 'sales.csv');
    const ids = ['a', 'b,1', 'c "q"', 'd', 'e'];
    const month = (i: number) => `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
    const rows = ['unique_id,ds,y', ...ids.flatMap((id, k) => seasonal(30 + k).map((y, i) => `"${id.replace(/"/g, '""')}",${month(i)},${y}`))];
    // a bad value in d, a new product of one row
    rows[1 + 30 + 31 + 32 + 5] = rows[1 + 30 + 31 + 32 + 5].replace(/,[^,]*$/, ',abc');
    rows.push(`new,${month(33)},12`);
    writeFileSync(csv, rows.join('\n') + '\n');
    const local = await cli(['forecast', '--file', csv, '--horizon', '3', '--level', '80', '--out', join(dir, 'local.csv'), '--on-invalid', 'skip', '--workers', '1']);
    const remote = await cli(['forecast', '--file', csv, '--horizon', '3', '--level', '80', '--out', join(dir, 'remote.csv'), '--on-invalid', 'skip', '--server', h.url, '--batch-size', '2'],
      { TEMPO_API_KEY: fullKey });
    expect(remote.code).toBe(0);
    expect(local.code).toBe(0);
    expect(readFileSync(join(dir, 'remote.csv'), 'utf8')).toBe(readFileSync(join(dir, 'local.csv'), 'utf8'));
    expect(readFileSync(join(dir, 'remote.problems.csv'), 'utf8')).toBe(readFileSync(join(dir, 'local.problems.csv'), 'utf8'));
    const last = (r: { stderr: string }) => r.stderr.trim().split('\n').filter((l) => l.startsWith('tempo forecast:')).map((l) => l.replace(/[\d.]+ s \(\d+ series\/s\) on .*?;/, 'T on W;').replace(/(local|remote)/, 'X').replace(/\d+ series\/s  ETA \S+/, 'R'));
    expect(last(remote)).toEqual(last(local));
    expect(last(remote)).toContain(`tempo forecast: 5 series in T on W; wrote ${join(dir, 'X.csv')}`);
    // the same refusal and exit code without skip
    const refusedLocal = await cli(['forecast', '--file', csv, '--horizon', '3']);
    const refusedRemote = await cli(['forecast', '--file', csv, '--horizon', '3', '--server', h.url], { TEMPO_API_KEY: fullKey });
    expect(refusedRemote.code).toBe(1);
    expect(refusedRemote).toEqual(refusedLocal);
    // --model: a core model here, a model the key may use there
    const ets = await cli(['forecast', '--file', csv, '--horizon', '3', '--model', 'ets', '--on-invalid', 'skip', '--out', join(dir, 'ets.ndjson'), '--workers', '1']);
    expect(ets.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'ets.ndjson'), 'utf8').split('\n')[0]).method.components[0]).toMatch(/^ets\(/);
    expect((await cli(['forecast', '--file', csv, '--horizon', '3', '--model', 'my-tuned'])).code).toBe(2);
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
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bad.csv line 3, column value: not a number (leave it empty or write NA for a missing value) (series "x")');
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
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('mixed.csv line 4, column timestamp: date separates date and time with "T" but the date on line 2 is "2024-01-01 00:00"');
    expect(readdirSync(dir)).toEqual(['mixed.csv']);
  });
});
