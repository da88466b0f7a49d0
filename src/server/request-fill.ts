// `fill_missing` at the server's edge: a dated series put back on its grid before its dates are
// checked (src/dates/fill.ts), its refusals reported as field errors like any date's.
import { DateError } from '../dates/index.js';
import { fillMissing, type FilledSeries } from '../dates/fill.js';
import type { Report } from './validation/field-errors.js';

/** What the answer says about a filled series: how many dates were added, and where each value sent went (to map per-value answers back). */
export interface FillNote {
  count: number;
  positions: number[];
}

/** One series' fields that filling reads. */
export interface FillInput {
  values: ReadonlyArray<number | null>;
  timestamps?: readonly unknown[];
  freq?: unknown;
  regressors?: Record<string, number[]>;
}

/**
 * The series of `input` on its grid (see fillMissing), or undefined after reporting why it cannot
 * be (no timestamps, a date that cannot be read, too many values, regressors with dates absent);
 * pointers under `base` ("" or "/series/17"), `valuesName` the field its values are in.
 */
export function acceptFill(input: FillInput, maxLength: number, base: string, valuesName: string, report: Report): FilledSeries | undefined {
  if (input.timestamps === undefined) {
    report.add({ pointer: `${base}/timestamps`, detail: `${base === '' ? '' : `${base.slice(1)}: `}fill_missing needs timestamps: it puts absent dates back on their grid` });
    return undefined;
  }
  let filled: FilledSeries;
  try {
    filled = fillMissing(input.timestamps, input.values, input.freq, maxLength, base);
  } catch (err) {
    if (!(err instanceof DateError)) throw err;
    const detail = base === '' ? err.reason : `${base.slice(1)}: ${err.reason}`.replace(`${base.slice(1)}: timestamps/`, `${base.slice(1)}/timestamps/`);
    report.add({ pointer: err.pointer, detail });
    return undefined;
  }
  if (filled.filled > 0 && input.regressors !== undefined) {
    report.add({
      pointer: `${base}/regressors`,
      detail: `${base === '' ? '' : `${base.slice(1)}: `}fill_missing found ${filled.filled} absent date${filled.filled === 1 ? '' : 's'} in ${valuesName}, but regressors need a value at every date: send the series on its whole grid (null values for the absent dates) with its regressors`,
    });
    return undefined;
  }
  return filled;
}
