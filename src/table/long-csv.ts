// Reads a long table (one row per series and date: unique_id,ds,y or id,timestamp,value) into
// series, with a real CSV parser so quoted fields work; every refusal names the line and column.
import type { Readable } from 'node:stream';
import { csvRecords, CsvSyntaxError } from './csv-records.js';
import { quoted } from '../common/caller-text.js';
import { regressorColumns, regressorValue, type RegressorColumn } from './future-rows.js';

/** One series of the table: its values and dates in row order, and the line each row came from. */
export interface LongSeries {
  id: string;
  timestamps: string[];
  values: Array<number | null>;
  lines: number[];
  /** with regressor columns: per column, one value per row (see future-rows.ts) */
  regressors: number[][];
  /** runs of consecutive rows the series' rows come in: more than 1 when another series' rows lie between (a repeated id, or an unsorted file); absent: 1 */
  blocks?: number;
}

/** A problem of one row or series, kept by a reader that goes on past it: the series' id (null when the row had no usable id), where, and what. */
export interface TableProblem {
  id: string | null;
  line: number;
  column?: string;
  reason: string;
}

/** A TableError as a problem of series `id`. */
export function problemOf(err: TableError, id: string | null): TableProblem {
  return { id, line: err.line, ...(err.column !== undefined ? { column: err.column } : {}), reason: err.reason };
}

/** A row or file the reader refuses: where it is and what is wrong. */
export class TableError extends Error {
  constructor(public readonly file: string, public readonly line: number, public readonly column: string | undefined, public readonly reason: string) {
    super(`${file} line ${line}${column === undefined ? '' : `, column ${column}`}: ${reason}`);
    this.name = 'TableError';
  }
}

/** The header name sets a long table may use, as [id, date, value]. */
export const LONG_LAYOUTS: ReadonlyArray<readonly [string, string, string]> = [
  ['unique_id', 'ds', 'y'],
  ['id', 'timestamp', 'value'],
];

/** Characters one row may hold: a row is a few short cells, a field of megabytes is a mistake or an attack. */
export const MAX_ROW_CHARS = 1024 * 1024;

/** Why a row with `got` fields is refused under a header of `want`. */
export function rowWidthReason(got: number, want: number): string {
  return `a row has ${got} field${got === 1 ? '' : 's'} where the header has ${want} (a quote left open, or a comma too many or too few)`;
}

/** Cells that mark a missing value (kept as null: the model fills it, the date stays). */
const MISSING = new Set(['', 'NA', 'NaN', 'nan', 'null', 'NULL']);

/**
 * A series as a message names it: by its id when the caller-text rule lets it be repeated
 * (src/common/caller-text.ts), else by the line its rows start on.
 */
export function seriesNamed(id: string, firstLine: number): string {
  return `series ${quoted(id, `starting on line ${firstLine}`)}`;
}

/** Column positions of the id, date and value in a header row; throws TableError when the header has none of the layouts. */
export function longColumns(header: string[], file: string): { id: number; ds: number; y: number; names: readonly [string, string, string] } {
  for (const names of LONG_LAYOUTS) {
    const [id, ds, y] = names.map((n) => header.indexOf(n));
    if (id >= 0 && ds >= 0 && y >= 0) return { id, ds, y, names };
  }
  throw new TableError(file, 1, undefined,
    `the header must name the columns unique_id,ds,y (or id,timestamp,value); found ${header.slice(0, 8).map((h) => quoted(h, '…')).join(',')}`);
}

/** A long table's header as read: the [id, date, value] columns, the regressor columns and the width every row must have. */
export interface LongHeader {
  cols: ReturnType<typeof longColumns>;
  xcols: RegressorColumn[];
  width: number;
}

/** Reads the header row; throws TableError when it names none of the layouts or a bad regressor column. */
export function longHeader(record: string[], file: string): LongHeader {
  const header = record.map((h) => h.trim());
  const cols = longColumns(header, file);
  return { cols, xcols: regressorColumns(header, [cols.id, cols.ds, cols.y], file), width: header.length };
}

/** A data row's id: CsvSyntaxError when the row's width is not the header's, TableError when the id is empty or too long. */
export function rowId(record: string[], line: number, h: LongHeader, file: string): string {
  if (record.length !== h.width) throw new CsvSyntaxError(line, rowWidthReason(record.length, h.width));
  const id = record[h.cols.id]!.trim();
  if (id === '' || id.length > 128) throw new TableError(file, line, h.cols.names[0], 'an id must be 1 to 128 characters');
  return id;
}

/** A data row's date, value (null when missing) and regressor values; TableError naming the cell that is wrong. */
export function rowCells(record: string[], line: number, h: LongHeader, file: string): { ds: string; value: number | null; xs: number[] } {
  const ds = record[h.cols.ds]!.trim();
  if (ds === '') throw new TableError(file, line, h.cols.names[1], 'the date is empty');
  const cell = record[h.cols.y]!.trim();
  let value: number | null = null;
  if (!MISSING.has(cell)) {
    value = Number(cell);
    if (!Number.isFinite(value)) throw new TableError(file, line, h.cols.names[2], 'not a number (leave it empty or write NA for a missing value)');
  }
  return { ds, value, xs: h.xcols.map((c) => regressorValue(record[c.index], file, line, c.name)) };
}

/** A long table read: its series in order of first appearance, and its [id, date, value] column names. */
export interface LongTable {
  series: LongSeries[];
  /** read with `problems`: the ids of the series a row problem was found in (their series are in `series` too) */
  invalid: Set<string>;
  columns: readonly [string, string, string];
  /** every other column: regressors, whose future rows end each series */
  regressors: RegressorColumn[];
}

/**
 * Reads every series of a long CSV stream; throws TableError on the first bad row, or with
 * `problems` lists each bad row's problem there (its series in `invalid`) and goes on. A broken
 * file (its header, its CSV syntax, no rows) throws either way.
 */
export async function readLongCsv(input: Readable, file: string, problems?: TableProblem[]): Promise<LongTable> {
  const byId = new Map<string, LongSeries>();
  let header: LongHeader | undefined;
  const invalid = new Set<string>();
  let lastId: string | null = null;
  try {
    for await (const batch of csvRecords(input as AsyncIterable<Uint8Array | string>, { maxRecordChars: MAX_ROW_CHARS })) for (const { fields: record, line } of batch) {
      if (!header) {
        header = longHeader(record, file);
        continue;
      }
      const xcols = header.xcols;
      let id: string;
      try {
        id = rowId(record, line, header, file);
      } catch (err) {
        if (problems === undefined || !(err instanceof TableError)) throw err;
        problems.push(problemOf(err, null));
        continue;
      }
      let s = byId.get(id);
      if (!s) { s = { id, timestamps: [], values: [], lines: [], regressors: xcols.map(() => []), blocks: 1 }; byId.set(id, s); }
      else if (lastId !== id) s.blocks = (s.blocks ?? 1) + 1;
      lastId = id;
      try {
        const { ds, value, xs } = rowCells(record, line, header, file);
        s.timestamps.push(ds);
        s.values.push(value);
        s.lines.push(line);
        for (let j = 0; j < xcols.length; j++) s.regressors[j].push(xs[j]);
      } catch (err) {
        if (problems === undefined || !(err instanceof TableError)) throw err;
        problems.push(problemOf(err, id));
        invalid.add(id);
        // the series keeps a place for the row, so its other rows still read in order
        s.lines.push(line);
        s.timestamps.push('');
        s.values.push(null);
        for (let j = 0; j < xcols.length; j++) s.regressors[j].push(0);
      }
    }
  } catch (err) {
    if (err instanceof TableError) throw err;
    const e = err as { message?: string; lines?: number; syscall?: string };
    // the file itself could not be read: not a row's fault
    if (e.syscall !== undefined) throw err;
    // the CSV itself is broken (an unclosed quote, a row with the wrong number of fields)
    if (err instanceof CsvSyntaxError) throw new TableError(file, err.line, undefined, err.reason);
    throw err;
  } finally {
    input.destroy();
  }
  if (!header) throw new TableError(file, 1, undefined, 'the file is empty: it needs a header unique_id,ds,y and one row per value');
  const { cols, xcols } = header;
  if (byId.size === 0) throw new TableError(file, 2, undefined, 'the file has a header but no rows');
  // with regressors, the future rows are empty on purpose (splitFuture checks the history)
  if (xcols.length === 0) {
    for (const s of byId.values()) {
      if (invalid.has(s.id) || s.values.some((v) => v !== null)) continue;
      const err = new TableError(file, s.lines[0], cols.names[2], `${seriesNamed(s.id, s.lines[0])} has no value, only missing ones`);
      if (problems === undefined) throw err;
      problems.push(problemOf(err, s.id));
      invalid.add(s.id);
    }
  }
  return { series: [...byId.values()], invalid, columns: cols.names, regressors: xcols };
}
