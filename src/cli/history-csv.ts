// Reads a long history CSV (unique_id,ds,y; one row per observation) into one series per id, in
// the order ids first appear. An empty y is a missing value. Kept small on purpose: the shared
// table reader will replace it.
import { parse } from 'csv-parse/sync';

export interface HistorySeries { id: string; values: Array<number | null> }

/** The series of a long CSV; throws Error naming the line for anything it cannot use. */
export function readHistoryCsv(text: string): HistorySeries[] {
  const records = parse(text, { columns: true, skip_empty_lines: true, trim: true, info: true }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  const byId = new Map<string, { values: Array<number | null>; lastDs: string }>();
  for (const { record, info } of records) {
    for (const col of ['unique_id', 'ds', 'y']) {
      if (!(col in record)) throw new Error(`the CSV needs the columns unique_id,ds,y (missing ${col})`);
    }
    const { unique_id: id, ds, y } = record;
    if (id === '') throw new Error(`line ${info.lines}: unique_id is empty`);
    const value = y === '' ? null : Number(y);
    if (value !== null && !Number.isFinite(value)) throw new Error(`line ${info.lines}: y must be a number or empty (got ${JSON.stringify(y.slice(0, 20))})`);
    const s = byId.get(id);
    if (s === undefined) {
      byId.set(id, { values: [value], lastDs: ds });
      continue;
    }
    // ISO dates compare as text; the order of the file must be the order of time
    if (!(ds > s.lastDs)) throw new Error(`line ${info.lines}: ds ${JSON.stringify(ds)} of ${JSON.stringify(id)} does not come after ${JSON.stringify(s.lastDs)}; sort the file by unique_id and ds`);
    s.values.push(value);
    s.lastDs = ds;
  }
  return [...byId].map(([id, s]) => ({ id, values: s.values }));
}
