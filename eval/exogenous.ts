// Reads the exogenous-regressor sample's CSV (format in datasets/exogenous/README.md): the dev
// columns plus each window's start date, step and regressors (history then known future).
import { parse } from 'csv-parse/sync';
import type { SeriesRow } from './csv.js';

/** The header of the exogenous format, in order. */
export const EXOGENOUS_COLUMNS = ['id', 'source', 'frequency', 'horizon', 'season_length', 'n_train', 'start', 'freq', 'train', 'test', 'regressors'];

function numbers(field: string, what: string): number[] {
  const out = field.trim().split(' ').map(Number);
  if (out.some((v) => !Number.isFinite(v))) throw new Error(`${what}: non-numeric value`);
  return out;
}

/** Parses the exogenous CSV text into rows carrying `start`, `freq` and `regressors`; throws with the line number on a broken row. */
export function parseExogenousCsv(text: string, file = 'csv'): SeriesRow[] {
  const records = parse(text, { relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
  if (records.length === 0) return [];
  const header = records[0].record;
  if (header.join(',') !== EXOGENOUS_COLUMNS.join(',')) throw new Error(`${file}: unexpected header "${header.join(',')}"`);
  return records.slice(1).map(({ record: f, info }) => {
    const where = `${file}:${info.lines}`;
    if (f.length !== EXOGENOUS_COLUMNS.length) throw new Error(`${where}: expected ${EXOGENOUS_COLUMNS.length} fields, got ${f.length}`);
    const row: SeriesRow = {
      id: f[0], source: f[1], frequency: f[2], horizon: Number(f[3]), seasonLength: Number(f[4]),
      train: numbers(f[8], `${where} train`), test: numbers(f[9], `${where} test`), start: f[6], freq: f[7],
    };
    if (row.train.length !== Number(f[5])) throw new Error(`${where}: n_train ${f[5]} but ${row.train.length} values`);
    if (row.test.length !== row.horizon) throw new Error(`${where}: horizon ${row.horizon} but ${row.test.length} test values`);
    if (!Number.isInteger(row.seasonLength) || row.seasonLength < 1) throw new Error(`${where}: bad season_length`);
    let regs: unknown;
    try { regs = JSON.parse(f[10]); } catch { throw new Error(`${where}: regressors is not JSON`); }
    if (regs === null || typeof regs !== 'object' || Array.isArray(regs)) throw new Error(`${where}: regressors must be a JSON object`);
    const want = row.train.length + row.horizon;
    for (const [name, values] of Object.entries(regs as Record<string, unknown>)) {
      if (!Array.isArray(values) || values.length !== want || values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
        throw new Error(`${where}: regressor "${name}" must be ${want} finite numbers (n_train + horizon)`);
      }
    }
    row.regressors = regs as Record<string, number[]>;
    return row;
  });
}
