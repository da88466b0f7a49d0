// `--origin K`: scores the window K horizons before the competition's own test, so interval
// coverage and accuracy can be read at more than one forecast origin (one origin is one draw:
// a group inside 92–97% there may not be at the next).
import type { SeriesRow } from './csv.js';

/**
 * Each row moved `k` horizons back: its training loses its last k·h values and its test becomes
 * the h values after the new end (k = 0: the rows as given). A row is dropped when fewer than
 * 2·h training values, or no more than its season length, would remain: too short to forecast h
 * steps from, or to scale MASE by.
 */
export function atOrigin(rows: readonly SeriesRow[], k: number): SeriesRow[] {
  if (k === 0) return [...rows];
  const out: SeriesRow[] = [];
  for (const row of rows) {
    const h = row.horizon;
    const end = row.train.length - k * h;
    if (end < 2 * h || end <= row.seasonLength) continue;
    out.push({ ...row, train: row.train.slice(0, end), test: row.train.slice(end, end + h) });
  }
  return out;
}
