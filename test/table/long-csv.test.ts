import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLongCsv, TableError } from '../../src/table/long-csv.js';
import { csvField, csvHeader, csvLines, ndjsonLine } from '../../src/table/forecast-rows.js';
import { progressText, startProgress } from '../../src/cli/forecast-progress.js';

const read = (text: string) => readLongCsv(Readable.from([text]), 'in.csv');

async function refusal(text: string): Promise<TableError> {
  try { await read(text); } catch (e) { if (e instanceof TableError) return e; throw e; }
  throw new Error('not refused');
}

describe('readLongCsv', () => {
  it('groups rows by id in order of first appearance, with quoted fields, missing values and line numbers', async () => {
    const t = await read('\ufeffy,unique_id,ds,price\n1,"a,1",2024-01-01,5\n2,b,2024-01-01,6\nNA,"a,1",2024-01-02,"7"\n"4","a,1",2024-01-03,8.5\n');
    expect(t.columns).toEqual(['unique_id', 'ds', 'y']);
    expect(t.regressors).toEqual([{ name: 'price', index: 3 }]);
    expect(t.series).toEqual([
      // b's row lies between a,1's: a,1 comes in two blocks
      { id: 'a,1', timestamps: ['2024-01-01', '2024-01-02', '2024-01-03'], values: [1, null, 4], lines: [2, 4, 5], regressors: [[5, 7, 8.5]], blocks: 2 },
      { id: 'b', timestamps: ['2024-01-01'], values: [2], lines: [3], regressors: [[6]], blocks: 1 },
    ]);
  });

  it('reads the id,timestamp,value layout', async () => {
    const t = await read('id,timestamp,value\nx,2024-01-01T00:00Z,3.5\n');
    expect(t.columns).toEqual(['id', 'timestamp', 'value']);
    expect(t.series[0].values).toEqual([3.5]);
  });

  it('names the line and column of a regressor cell that is not a number, and a bad regressor column name', async () => {
    const e = await refusal('unique_id,ds,y,price\na,2024-01-01,1,5\na,2024-01-02,,\n');
    expect(e.message).toBe('in.csv line 3, column price: a regressor needs a number on every row, the future rows included (got an empty cell)');
    expect((await refusal('unique_id,ds,y,a b\na,2024-01-01,1,5\n')).message).toMatch(/^in\.csv line 1, column 4: a regressor column's name must be/);
  });

  it('names the line and column of a bad row', async () => {
    const e = await refusal('unique_id,ds,y\na,2024-01-01,1\na,2024-01-02,1e999\n');
    expect([e.line, e.column]).toEqual([3, 'y']);
    expect(e.message).toBe('in.csv line 3, column y: not a number (leave it empty or write NA for a missing value)');
    expect((await refusal('unique_id,ds,y\n,2024-01-01,1\n')).column).toBe('unique_id');
    expect((await refusal('unique_id,ds,y\na,,1\n')).column).toBe('ds');
  });

  it('refuses a wrong header, an empty file, a short row, an unclosed quote, and an all-missing series', async () => {
    expect((await refusal('series,date,val\na,2024-01-01,1\n')).message).toContain('unique_id,ds,y');
    expect((await refusal('')).message).toContain('empty');
    expect((await refusal('unique_id,ds,y\na,2024-01-01\n')).line).toBe(2);
    expect((await refusal('unique_id,ds,y\n"a,2024-01-01,1\n')).message).toContain('in.csv');
    expect((await refusal('unique_id,ds,y\na,2024-01-01,\na,2024-01-02,NA\n')).message).toContain('no value');
  });
});

describe('forecast rows', () => {
  const result = { forecast: [1.5, 2], intervals: { '95': { lower: [1, 1.5], upper: [2, 2.5] } }, method: { components: ['theta'], season_length: 1 } };

  it('writes a long CSV with quoted ids and lo/hi columns per level', () => {
    expect(csvHeader([95])).toBe('unique_id,ds,forecast,lo-95,hi-95\n');
    expect(csvLines({ id: 'a "b", c', result, timestamps: ['2024-02-29', '2024-03-31'] }, [95]))
      .toBe('"a ""b"", c",2024-02-29,1.5,1,2\n"a ""b"", c",2024-03-31,2,1.5,2.5\n');
    expect(csvLines({ id: 'x', result }, [])).toBe('x,1,1.5\nx,2,2\n');
    expect(csvField('plain')).toBe('plain');
  });

  it('writes one NDJSON line like the batch endpoint', () => {
    expect(JSON.parse(ndjsonLine({ id: 'x', result, timestamps: ['2024-02-29', '2024-03-31'], freq: 'P1M' }))).toEqual({
      id: 'x', forecast: [1.5, 2], intervals: result.intervals, timestamps: ['2024-02-29', '2024-03-31'], freq: 'P1M', method: result.method,
    });
  });
});

describe('progress', () => {
  it('says series done, series/s and ETA', () => {
    expect(progressText(500, 1000, 1000)).toBe('500/1000 series  500 series/s  ETA 1s');
    expect(progressText(1000, 1000, 2000)).toBe('1000/1000 series  500 series/s  ETA 0s');
  });

  it('waits for a measured rate before it promises an ETA: a second, and 2% of the series', () => {
    // the first series include the workers' start: a rate from them promises minutes for seconds
    expect(progressText(1, 10_000, 300)).toBe('1/10000 series  3 series/s  ETA …');
    expect(progressText(150, 10_000, 5000)).toBe('150/10000 series  30 series/s  ETA …');
    expect(progressText(250, 1000, 500)).toBe('250/1000 series  500 series/s  ETA …');
    expect(progressText(250, 1000, 1000)).toBe('250/1000 series  250 series/s  ETA 3s');
  });

  it('redraws one line on a terminal and writes spaced plain lines otherwise', () => {
    let t = 0;
    const tty: string[] = [], plain: string[] = [];
    const a = startProgress({ isTTY: true, write: (s) => tty.push(s) }, 4, () => t);
    const b = startProgress({ isTTY: false, write: (s) => plain.push(s) }, 4, () => t);
    for (let i = 1; i <= 4; i++) { t += 200; a.update(i); b.update(i); }
    expect(tty.every((s) => s.startsWith('\r['))).toBe(true);
    expect(tty.length).toBe(4);
    expect(plain.length).toBe(1); // one line per 2 s at most
    expect(a.finish(4)).toEqual({ seconds: 0.8, perSecond: 5 });
    expect(tty.at(-1)).toBe('\n');
  });
});
