// Regressors in a long table (statsforecast's X_df convention): every column beside the id, date
// and value is a regressor, and each series ends with its future rows, the forecast's dates with
// `y` empty and the regressors' known values. Shared by the local and the server `tempo forecast`.
import { TableError } from './long-csv.js';
import { quoted } from '../common/caller-text.js';

/** Most regressor columns a table may have (the API's bound). */
export const MAX_REGRESSOR_COLUMNS = 50;
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** A regressor column: its header name and position. */
export interface RegressorColumn {
  name: string;
  index: number;
}

/** The regressor columns of a header (every column but `taken`); a bad or repeated name, or too many, is a TableError on line 1. */
export function regressorColumns(header: readonly string[], taken: readonly number[], file: string): RegressorColumn[] {
  const out: RegressorColumn[] = [];
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (taken.includes(index)) return;
    if (!NAME.test(name)) {
      throw new TableError(file, 1, String(index + 1), `a regressor column's name must be 1 to 64 characters of A-Z, a-z, 0-9, "_", "." and "-" (got ${quoted(name, 'another name')})`);
    }
    if (seen.has(name)) throw new TableError(file, 1, name, 'this regressor column is named twice');
    seen.add(name);
    out.push({ name, index });
  });
  if (out.length > MAX_REGRESSOR_COLUMNS) throw new TableError(file, 1, undefined, `the table has ${out.length} regressor columns; at most ${MAX_REGRESSOR_COLUMNS} are allowed`);
  return out;
}

/** A regressor cell as a number; an empty or non-numeric cell is a TableError naming its line and column. */
export function regressorValue(text: string, file: string, line: number, column: string): number {
  const v = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(v)) {
    throw new TableError(file, line, column, `a regressor needs a number on every row, the future rows included (got ${text.trim() === '' ? 'an empty cell' : quoted(text, 'something else')})`);
  }
  return v;
}

/** One series of a table with regressor columns, every row in order (history, then future). */
export interface SeriesWithFuture {
  id: string;
  values: Array<number | null>;
  timestamps: string[];
  lines: number[];
  /** per column, one value per row */
  regressors: number[][];
}

/** A series cut into its history and its future rows. */
export interface SplitSeries {
  values: Array<number | null>;
  timestamps: string[];
  lines: number[];
  /** name → history and future values (values.length + horizon) */
  regressors: Record<string, number[]>;
  futureTimestamps: string[];
  futureLines: number[];
}

/**
 * Cuts `s` into its history and its last `horizon` rows, its future: every future row's y must be
 * empty, and the history must hold a value. Throws TableError naming the line and column otherwise
 * (the usual fault: a file without the future rows, so the regressors' future values are missing).
 */
export function splitFuture(s: SeriesWithFuture, horizon: number, columns: readonly RegressorColumn[], file: string, yColumn: string): SplitSeries {
  const n = s.values.length - horizon;
  const name = quoted(s.id, `starting on line ${s.lines[0]}`);
  if (n < 1) {
    throw new TableError(file, s.lines[0], undefined,
      `series ${name} has ${s.values.length} rows; with regressor columns it needs its history and then --horizon (${horizon}) future rows with ${yColumn} empty`);
  }
  for (let i = n; i < s.values.length; i++) {
    if (s.values[i] !== null) {
      throw new TableError(file, s.lines[i], yColumn,
        `series ${name}: future values missing: with regressor columns, the last --horizon (${horizon}) rows of each series are its future, with ${yColumn} empty and the regressors' known values (this row has a value)`);
    }
  }
  if (!s.values.slice(0, n).some((v) => v !== null)) throw new TableError(file, s.lines[0], yColumn, `series ${name} has no value before its future rows`);
  const regressors: Record<string, number[]> = {};
  columns.forEach((c, j) => { regressors[c.name] = s.regressors[j]; });
  return {
    values: s.values.slice(0, n), timestamps: s.timestamps.slice(0, n), lines: s.lines.slice(0, n), regressors,
    futureTimestamps: s.timestamps.slice(n), futureLines: s.lines.slice(n),
  };
}

/**
 * Checks that the future rows' dates are the forecast's dates (`expected`, in the file's form);
 * throws TableError at the first that is not.
 */
export function checkFutureDates(split: SplitSeries, expected: readonly string[] | undefined, file: string, dsColumn: string): void {
  if (expected === undefined) return;
  for (let i = 0; i < split.futureTimestamps.length; i++) {
    if (split.futureTimestamps[i] !== expected[i]) {
      throw new TableError(file, split.futureLines[i], dsColumn, `this future row's date must be ${expected[i]}, the forecast's step ${i + 1} after the last value's date`);
    }
  }
}
