// `fill_missing`: a series whose extract lacks some dates (rows never written, the usual case in
// retail) is put back on its grid, each absent date a missing value the core imputes. The grid is
// the one the dates imply (or `freq`), as for any dated series; a date off it is left for the
// date check to refuse, with the expected date.
import { DateError, parseAll, readFreq } from './index.js';
import { gridOf, inferStep, pointAt, samePoint, type Grid } from './grid.js';
import { formatStamp, instantOf, type Stamp } from './timestamp.js';

/** A series put back on its grid: its timestamps and values with the absent dates added, and how many were. */
export interface FilledSeries {
  timestamps: string[];
  values: Array<number | null>;
  /** absent dates added, each with a null value */
  filled: number;
  /** for each value sent, its index in the filled series */
  positions: number[];
}

// the grid index of `st`, or -1 when it is not a point of the grid
function indexOnGrid(grid: Grid, st: Stamp): number {
  const o = grid.origin;
  let k: number;
  if (grid.step.unit === 'ms') {
    const diff = instantOf(st) - instantOf(o);
    if (diff % grid.step.count !== 0) return -1;
    k = diff / grid.step.count;
  } else {
    const months = (st.y * 12 + st.mo) - (o.y * 12 + o.mo);
    if (months % grid.step.count !== 0) return -1;
    k = months / grid.step.count;
  }
  return samePoint(grid, st, pointAt(grid, k, st)) ? k : -1;
}

/**
 * `values` with `timestamps` (one each, strictly increasing) put back on the grid of `freq` (or the
 * step the dates imply), an absent date a null value; unchanged (filled 0) when a date is off that
 * grid, so the date check refuses it where it is. Throws DateError under `base` when the dates
 * cannot be read, or when filling would make the series longer than `maxLength` values.
 */
export function fillMissing(timestamps: readonly unknown[], values: ReadonlyArray<number | null>, freq: unknown, maxLength: number, base = ''): FilledSeries {
  const unchanged: FilledSeries = { timestamps: timestamps as string[], values: [...values], filled: 0, positions: values.map((_, i) => i) };
  if (timestamps.length < 2 && freq === undefined) return unchanged;
  const stamps = parseAll([...timestamps], base);
  const step = readFreq(freq, base) ?? inferStep(stamps);
  const grid = gridOf(stamps, step);
  const at = stamps.map((st) => indexOnGrid(grid, st));
  if (at.some((k) => k < 0)) return unchanged;
  const length = at[at.length - 1] + 1;
  if (length === stamps.length) return unchanged;
  if (length > maxLength) {
    throw new DateError('timestamps', `${base}/timestamps`,
      `filling the absent dates would make ${length} values, more than the ${maxLength} a series may have: check the dates (and freq)`);
  }
  const outStamps: string[] = [];
  const outValues: Array<number | null> = [];
  let next = 0;
  for (let k = 0; k < length; k++) {
    if (at[next] === k) {
      outStamps.push(timestamps[next] as string);
      outValues.push(values[next]);
      next += 1;
    } else {
      outStamps.push(formatStamp(pointAt(grid, k, stamps[next - 1])));
      outValues.push(null);
    }
  }
  return { timestamps: outStamps, values: outValues, filled: length - stamps.length, positions: at };
}
