// Regressor columns, future rows, --quantiles and --holidays in `tempo forecast --file`, on this
// machine and through a real server: the same forecasts as the core's, and a file without its
// future rows refused with the line and column.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { startHarness, type Harness } from '../server/harness.js';
import { cli } from './in-process.js';

let dir: string;
let h: Harness;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tempo-regressors-cli-'));
  h = await startHarness();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await h.close();
});

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const n = 70, horizon = 7;
const price = (k: number) => Array.from({ length: n + horizon }, (_, t) => 5 + Math.sin((t + k) / 4) + ((t * 7919 + k) % 5) / 4);
const sales = (k: number) => price(k).slice(0, n).map((p, t) => 200 - 12 * p + 8 * Math.sin((2 * Math.PI * t) / 7) + ((t * 104729 + k) % 9) / 2);

/** A long CSV with a price column: each series' history, then its future rows with y empty. */
function csv(ids: string[], future = true): string {
  const rows = ids.flatMap((id, k) => {
    const p = price(k), y = sales(k);
    return Array.from({ length: future ? n + horizon : n }, (_, t) => `${id},${day(t)},${t < n ? y[t] : ''},${p[t]}`);
  });
  return `unique_id,ds,y,price\n${rows.join('\n')}\n`;
}

describe('tempo forecast --file with regressor columns', () => {
  it('forecasts from the history with the future rows\u2019 regressors, and adds q- columns', async () => {
    const file = join(dir, 'sales.csv'), out = join(dir, 'out.csv');
    writeFileSync(file, csv(['a', 'b']));
    const r = await cli(['forecast', '--file', file, '--horizon', String(horizon), '--quantiles', '0.1,0.5,0.9', '--level', '80', '--out', out, '--workers', '1']);
    expect(r.stderr).toMatch(/2 series/);
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('unique_id,ds,forecast,lo-80,hi-80,q-0.1,q-0.5,q-0.9');
    expect(lines).toHaveLength(1 + 2 * horizon);
    expect(lines[1].split(',').slice(0, 2)).toEqual(['a', day(n)]);
    const core = await loadForecaster();
    const expected = core.forecast(sales(1), horizon, { periodHints: [7, 365.25], level: [80], quantiles: [0.1, 0.5, 0.9], regressors: { price: price(1) } });
    const row = lines[1 + horizon + 2].split(',').map(Number);
    expect(row[2]).toBe(expected.forecast[2]);
    expect(row[5]).toBe(expected.quantiles!['0.1'][2]);
    expect(row[5]).toBe(expected.intervals!['80'].lower[2]);
  });

  it('writes the method\u2019s regressors and the quantiles in NDJSON', async () => {
    const file = join(dir, 'one.csv'), out = join(dir, 'one.ndjson');
    writeFileSync(file, csv(['a']));
    const r = await cli(['forecast', '--file', file, '--horizon', String(horizon), '--quantiles', '0.5', '--out', out, '--workers', '1']);
    expect(r.code).toBe(0);
    const line = JSON.parse(readFileSync(out, 'utf8'));
    expect(line.method.regressors[0].name).toBe('price');
    expect(line.method.regressors[0].coefficient).toBeLessThan(-5);
    expect(line.quantiles['0.5']).toEqual(line.forecast);
  });

  it('names the line and column when the future rows are missing, a future row has a value, or a future date is off', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, csv(['a'], false));
    const missing = await cli(['forecast', '--file', file, '--horizon', String(horizon)]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(`${file} line ${n + 2 - horizon}, column y: series "a": future values missing`);
    const text = csv(['a']).split('\n');
    writeFileSync(file, [...text.slice(0, n + 2), text[n + 2].replace(`,${day(n + 1)},`, `,${day(n + 5)},`), ...text.slice(n + 3)].join('\n'));
    const offDate = await cli(['forecast', '--file', file, '--horizon', String(horizon)]);
    expect(offDate.stderr).toContain(`${file} line ${n + 3}, column ds: this future row's date must be ${day(n + 1)}`);
    writeFileSync(file, csv(['a']).replace(`${day(n + 3)},,`, `${day(n + 3)},,`).replace(/\n(a,[^,]+),,([^\n]+)\n$/, '\n$1,,\n'));
    const empty = await cli(['forecast', '--file', file, '--horizon', String(horizon)]);
    expect(empty.stderr).toContain(`line ${n + horizon + 1}, column price: a regressor needs a number on every row, the future rows included (got an empty cell)`);
  });

  it('adds the holidays of --holidays, and refuses a code the calendar does not know', async () => {
    const file = join(dir, 'hol.csv'), out = join(dir, 'hol.ndjson');
    writeFileSync(file, csv(['a']));
    const r = await cli(['forecast', '--file', file, '--horizon', String(horizon), '--holidays', 'AU-VIC', '--out', out, '--workers', '1']);
    expect(r.code).toBe(0);
    const m = JSON.parse(readFileSync(out, 'utf8')).method;
    expect([...m.regressors.map((u: { name: string }) => u.name), ...m.regressors_dropped]).toContain('holidays');
    const bad = await cli(['forecast', '--file', file, '--horizon', String(horizon), '--holidays', 'ZZ']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--holidays must be a country or region code the holiday calendar knows/);
  });

  it('refuses bad --quantiles', async () => {
    const file = join(dir, 'q.csv');
    writeFileSync(file, csv(['a']));
    const r = await cli(['forecast', '--file', file, '--horizon', String(horizon), '--quantiles', '0.5,1']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--quantiles must be 1 to 20 distinct numbers between 0 and 1/);
  });
});

describe('tempo forecast --file --server with regressor columns', () => {
  it('sends each series\u2019 history and regressors, and writes what the local run writes', async () => {
    const { fullKey } = await h.key();
    const file = join(dir, 'srv.csv'), local = join(dir, 'local.csv'), remote = join(dir, 'remote.csv');
    writeFileSync(file, csv(['a', 'b']));
    const args = ['forecast', '--file', file, '--horizon', String(horizon), '--quantiles', '0.25,0.75'];
    expect((await cli([...args, '--out', local, '--workers', '1'])).code).toBe(0);
    const r = await cli([...args, '--server', h.url, '--out', remote], { TEMPO_API_KEY: fullKey });
    expect(r.stderr).toMatch(/2 series in/);
    expect(readFileSync(remote, 'utf8')).toBe(readFileSync(local, 'utf8'));
  });

  it('names the line and column of a series without its future rows', async () => {
    const { fullKey } = await h.key();
    const file = join(dir, 'srv-bad.csv');
    writeFileSync(file, csv(['a'], false));
    const r = await cli(['forecast', '--file', file, '--horizon', String(horizon), '--server', h.url], { TEMPO_API_KEY: fullKey });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`line ${n + 2 - horizon}, column y: series "a": future values missing`);
  });
});
