// Reads the competition CSVs (format in docs/accuracy.md, "The data") into typed series rows.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseExogenousCsv, EXOGENOUS_COLUMNS } from './exogenous.js';

export interface SeriesRow {
  id: string;
  source: string;
  frequency: string;
  horizon: number;
  seasonLength: number;
  train: number[];
  test: number[];
  /** exogenous format only: the first training value's date, the step, and the regressors (n_train + horizon values each) */
  start?: string;
  freq?: string;
  regressors?: Record<string, number[]>;
}

const COLUMNS = ['id', 'source', 'frequency', 'horizon', 'season_length', 'n_train', 'train', 'test'];

function numbers(field: string, what: string): number[] {
  const out = field.trim().split(' ').map(Number);
  if (out.some((v) => !Number.isFinite(v))) throw new Error(`${what}: non-numeric value`);
  return out;
}

/** Parses one CSV text into rows; throws with the line number when a row breaks the format. */
export function parseCsv(text: string, file = 'csv'): SeriesRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const header = lines[0].split(',');
  if (header.join(',') !== COLUMNS.join(',')) throw new Error(`${file}: unexpected header "${lines[0]}"`);
  return lines.slice(1).map((line, k) => {
    const where = `${file}:${k + 2}`;
    const f = line.split(',');
    if (f.length !== COLUMNS.length) throw new Error(`${where}: expected ${COLUMNS.length} fields, got ${f.length}`);
    const row: SeriesRow = {
      id: f[0], source: f[1], frequency: f[2],
      horizon: Number(f[3]), seasonLength: Number(f[4]),
      train: numbers(f[6], `${where} train`), test: numbers(f[7], `${where} test`),
    };
    // the declared lengths are a cheap integrity check on the file
    if (row.train.length !== Number(f[5])) throw new Error(`${where}: n_train ${f[5]} but ${row.train.length} values`);
    if (row.test.length !== row.horizon) throw new Error(`${where}: horizon ${row.horizon} but ${row.test.length} test values`);
    if (!Number.isInteger(row.seasonLength) || row.seasonLength < 1) throw new Error(`${where}: bad season_length`);
    return row;
  });
}

/** Reads every *.csv in `dir` (sorted by file name) into one list of rows; a file whose header is the exogenous format's is read as that. */
export function readDataset(dir: string): SeriesRow[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv')).sort();
  if (files.length === 0) throw new Error(`no .csv files in ${dir}`);
  return files.flatMap((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    const exogenous = text.slice(0, text.indexOf('\n')).trim() === EXOGENOUS_COLUMNS.join(',');
    return exogenous ? parseExogenousCsv(text, f) : parseCsv(text, f);
  });
}
