// What a file's dates say beyond one series: the step most of its series are on (which a series of
// one row takes, having no step of its own), and, with --fill-missing, each series put back on its
// grid with the absent dates as missing values.
import { DateError, isoOfStep, parseAll } from '../dates/index.js';
import { fillMissing } from '../dates/fill.js';
import { inferStep } from '../dates/grid.js';
import { assumeUtc, toNaive } from '../dates/naive.js';
import { TableError, type LongSeries } from '../table/long-csv.js';

/** The step (ISO 8601) most series of two or more readable rows are on, or undefined when none has one. */
export function dominantFreq(series: readonly LongSeries[]): string | undefined {
  const counts = new Map<string, number>();
  for (const s of series) {
    if (s.timestamps.length < 2) continue;
    try {
      const iso = isoOfStep(inferStep(parseAll(assumeUtc(s.timestamps).timestamps, '')));
      counts.set(iso, (counts.get(iso) ?? 0) + 1);
    } catch (err) {
      // a series whose dates cannot be read has its own problem, reported where it is planned
      if (!(err instanceof DateError)) throw err;
    }
  }
  let best: string | undefined;
  let most = 0;
  for (const [iso, n] of counts) if (n > most) { best = iso; most = n; }
  return best;
}

/**
 * `s` on its grid (the step of `freq`, else the one its dates imply): each absent date a row with
 * a missing value, its line the line of the row before it (for messages); with the count of rows
 * added. Unchanged when a date cannot be read or is off the grid (the date check says where).
 * Throws TableError when the series has regressor columns and dates are absent (their values
 * cannot be made up), or when it would grow past `maxLength` rows.
 */
export function fillSeries(s: LongSeries, freq: string | undefined, maxLength: number, file: string, dsColumn: string): { series: LongSeries; filled: number } {
  let utc: ReturnType<typeof assumeUtc>;
  let f: ReturnType<typeof fillMissing>;
  try {
    utc = assumeUtc(s.timestamps);
    f = fillMissing(utc.timestamps, s.values, freq, maxLength);
  } catch (err) {
    if (!(err instanceof DateError)) throw err;
    if (/would make/.test(err.reason)) throw new TableError(file, s.lines[0], dsColumn, err.reason);
    return { series: s, filled: 0 };
  }
  if (f.filled === 0) return { series: s, filled: 0 };
  if (s.regressors.length > 0) {
    throw new TableError(file, s.lines[0], dsColumn, `--fill-missing found ${f.filled} absent date${f.filled === 1 ? '' : 's'}, but the regressor columns need a value at every date: add those rows with y empty`);
  }
  const naive = utc.naive;
  const lines: number[] = [];
  const timestamps: string[] = [];
  let next = 0;
  for (let k = 0; k < f.values.length; k++) {
    if (f.positions[next] === k) {
      // a row of the file keeps its date as written
      timestamps.push(s.timestamps[next]);
      lines.push(s.lines[next++]);
    } else {
      timestamps.push(naive ? toNaive(f.timestamps[k], naive) : f.timestamps[k]);
      lines.push(s.lines[next - 1]);
    }
  }
  return { series: { ...s, timestamps, values: f.values, lines }, filled: f.filled };
}
