// `--calendar` mode: gives each dev series dates from its file's frequency, so the blind path
// runs exactly as a dated request does (step inferred from the dates, calendar periods as hints).
import { planDates, seasonOptions } from '../src/dates/index.js';

/** First date and step of each competition frequency; month ends so the calendar arithmetic is exercised. */
const START: Record<string, [string, string]> = {
  Hourly: ['2016-07-01T00:00:00Z', 'PT1H'],
  Daily: ['2014-01-01', 'P1D'],
  Weekly: ['2010-01-03', 'P1W'],
  Monthly: ['2000-01-31', 'P1M'],
  Quarterly: ['1990-03-31', 'P3M'],
  Yearly: ['1970-12-31', 'P1Y'],
};

/** The step of a competition frequency as an ISO 8601 duration (what a dated caller would send as `freq`). */
export function calendarFreq(frequency: string): string {
  const start = START[frequency];
  if (!start) throw new Error(`no calendar for frequency "${frequency}"`);
  return start[1];
}

/** Regular timestamps for `n` values of a series of this frequency (the dev files' names). */
export function synthTimestamps(frequency: string, n: number): string[] {
  const start = START[frequency];
  if (!start) throw new Error(`no calendar for frequency "${frequency}"`);
  const rest = n > 1 ? planDates({ timestamps: [start[0]], freq: start[1], length: 1, horizon: n - 1 }).timestamps! : [];
  return [start[0], ...rest];
}

/**
 * What a dated request of this row tells the core about seasons, read back from its dates alone: the
 * row's own `start` and `freq` when it has them (the exogenous format), else dates synthesised from its frequency.
 */
export function calendarSeason(row: { frequency: string; train: readonly number[]; start?: string; freq?: string }): { seasonLength?: number; periodHints?: number[] } {
  const n = row.train.length;
  if (row.start !== undefined && row.freq !== undefined) return seasonOptions(planDates({ timestamps: [row.start], freq: row.freq, length: 1, horizon: 1 }));
  const timestamps = synthTimestamps(row.frequency, n);
  return seasonOptions(planDates({ timestamps, length: n, horizon: 1 }));
}
