// Dates on a forecast request: the one place that reads `timestamps` and `freq`,
// checks them, infers the step, and answers the calendar's seasonal periods and the future dates.
// Pure: no I/O, no clock; the server and the CLI both call planDates.
import { DAY_MS, daysFromCivil } from './civil.js';
import { calendarPeriods, isoOfStep, parseFreq, type Step } from './freq.js';
import { gridOf, inferStep, pointAt, samePoint, type Grid } from './grid.js';
import { formatStamp, instantOf, parseStamp, type Stamp } from './timestamp.js';

export { calendarPeriods, isoOfStep, parseFreq, type Step } from './freq.js';
export { formatStamp, parseStamp, type Stamp } from './timestamp.js';

/** A bad `timestamps` or `freq`: the field, a JSON pointer into the body, and what to change. */
export class DateError extends Error {
  constructor(public readonly field: 'timestamps' | 'freq', public readonly pointer: string, public readonly reason: string) {
    super(reason);
    this.name = 'DateError';
  }
}

/** The date fields of one request, as the caller sent them (unchecked). */
export interface DateInput {
  timestamps?: unknown;
  freq?: unknown;
  /** values in the series the timestamps must match one to one */
  length: number;
  horizon: number;
}

/** What the dates tell: the step (as ISO), the calendar's seasonal periods, and the future dates. */
export interface DatePlan {
  /** ISO 8601 duration of the grid step; absent when neither timestamps nor freq were sent. */
  freq?: string;
  /** seasonal periods the calendar suggests, shortest first; hints, still to be tested on the data. */
  periods: number[];
  /** the horizon's future dates in the input's form (only when timestamps were sent). */
  timestamps?: string[];
  /** true when the step is a year or longer: the calendar rules a seasonal period out. */
  nonSeasonal?: boolean;
  /** with fill_missing: how many absent dates became missing values, and where each value sent went in the filled series */
  filled?: { count: number; positions: number[] };
}

/** What the core is told about seasons: a told length wins; else 1 when the calendar rules a season out; else the calendar's periods as hints the core tests. */
export function seasonOptions(plan: DatePlan, told?: number): { seasonLength?: number; periodHints?: number[] } {
  if (told !== undefined) return { seasonLength: told };
  if (plan.nonSeasonal) return { seasonLength: 1 };
  return plan.periods.length > 0 ? { periodHints: plan.periods } : {};
}

function described(step: Step): Pick<DatePlan, 'freq' | 'periods' | 'nonSeasonal'> {
  const yearOrMore = step.unit === 'month' ? step.count >= 12 : step.count >= 365 * DAY_MS;
  return { freq: isoOfStep(step), periods: calendarPeriods(step), ...(yearOrMore ? { nonSeasonal: true } : {}) };
}

const FORMAT_HINT = 'an RFC 3339 date like 2024-01-31 or a date-time with an offset like 2024-01-31T13:00:00Z or 2024-01-31T13:00:00+02:00';

function stampReason(problem: string, i: number): string {
  switch (problem) {
    case 'not-a-string': return `timestamps/${i} must be a string: ${FORMAT_HINT}`;
    case 'no-offset': return `timestamps/${i} has no offset: add Z or ±hh:mm so the instant is exact`;
    case 'out-of-range': return `timestamps/${i} is not a calendar date or time (month, day, hour, minute, second or offset out of range)`;
    default: return `timestamps/${i} must be ${FORMAT_HINT}`;
  }
}

/** Parses `raw` timestamps (one form throughout, strictly increasing); throws DateError under `base` at the first that is not. */
export function parseAll(raw: unknown[], base: string): Stamp[] {
  const out: Stamp[] = [];
  for (let i = 0; i < raw.length; i++) {
    const st = parseStamp(raw[i]);
    if (typeof st === 'string') throw new DateError('timestamps', `${base}/timestamps/${i}`, stampReason(st, i));
    if (i > 0 && st.form !== out[0].form) {
      throw new DateError('timestamps', `${base}/timestamps/${i}`,
        `timestamps/${i} is a ${st.form === 'date' ? 'date' : 'date-time'} but timestamps/0 is a ${out[0].form === 'date' ? 'date' : 'date-time'}: use one form throughout`);
    }
    if (i > 0 && instantOf(st) <= instantOf(out[i - 1])) {
      const what = instantOf(st) === instantOf(out[i - 1]) ? 'repeats' : 'is earlier than';
      throw new DateError('timestamps', `${base}/timestamps/${i}`,
        `timestamps/${i} ${what} timestamps/${i - 1} (${formatStamp(out[i - 1])}): timestamps must be strictly increasing`);
    }
    out.push(st);
  }
  return out;
}

/** `freq` as a step (undefined when absent); throws DateError at `base`/freq when it is not one. */
export function readFreq(freq: unknown, base: string): Step | undefined {
  if (freq === undefined) return undefined;
  const step = typeof freq === 'string' ? parseFreq(freq) : null;
  if (!step) {
    throw new DateError('freq', `${base}/freq`,
      'freq must be an ISO 8601 duration (PT15M, PT1H, P1D, P1W, P1M, P3M, P1Y) or an alias (15min, h, D, W, M, MS, ME, Q, QS, Y, YS)');
  }
  return step;
}

/**
 * A checked request's dates: its plan without the future timestamps, and where those fall, so a
 * caller that checks many series first and answers them later holds a few numbers per series until
 * it writes each one's dates (a batch's future dates can be 400 MiB of strings at the bounds).
 */
export interface CheckedDates {
  /** the plan, but for its `timestamps` */
  described: DatePlan;
  /** the grid the future dates continue, written like the last timestamp; only when timestamps were sent */
  ahead?: { grid: Grid; last: Stamp; from: number; horizon: number };
}

/**
 * Checks a request's `timestamps` and `freq` and finds its grid; throws DateError with a pointer
 * under `base` (e.g. "/series/17" in a batch) at the first offending element.
 */
export function checkDates(input: DateInput, base = ''): CheckedDates {
  let step = readFreq(input.freq, base);
  if (input.timestamps === undefined) {
    return { described: step ? described(step) : { periods: [] } };
  }
  if (!Array.isArray(input.timestamps)) {
    throw new DateError('timestamps', `${base}/timestamps`, `timestamps must be an array of ${input.length} strings, one per series value: ${FORMAT_HINT}`);
  }
  if (input.timestamps.length !== input.length) {
    throw new DateError('timestamps', `${base}/timestamps`,
      `timestamps has ${input.timestamps.length} entries but the series has ${input.length} values: send one date per value (null values keep their date)`);
  }
  const stamps = parseAll(input.timestamps, base);
  if (!step) {
    if (stamps.length < 2) throw new DateError('freq', `${base}/freq`, 'freq cannot be inferred from a single timestamp: send freq (e.g. "P1M")');
    step = inferStep(stamps);
  }
  if (stamps[0].form === 'date' && step.unit === 'ms' && step.count % DAY_MS !== 0) {
    throw new DateError('freq', `${base}/freq`, `freq ${isoOfStep(step)} is finer than a day but timestamps are dates: send date-times with an offset, or a step of whole days`);
  }
  const grid = gridOf(stamps, step);
  for (let i = 1; i < stamps.length; i++) {
    const expected = pointAt(grid, i, stamps[i]);
    if (!samePoint(grid, stamps[i], expected)) {
      throw new DateError('timestamps', `${base}/timestamps/${i}`,
        `timestamps/${i} is off the ${isoOfStep(step)} grid: expected ${formatStamp(expected)} (a missing value keeps its date and is null in the series)`);
    }
  }
  return { described: described(step), ahead: { grid, last: stamps[stamps.length - 1], from: stamps.length, horizon: input.horizon } };
}

/** The plan of checked dates, its future timestamps written out: what planDates gives for the same input. */
export function writePlan(checked: CheckedDates): DatePlan {
  const { described: plan, ahead } = checked;
  if (ahead === undefined) return plan;
  const future: string[] = [];
  for (let k = 0; k < ahead.horizon; k++) future.push(formatStamp(pointAt(ahead.grid, ahead.from + k, ahead.last)));
  return { ...plan, timestamps: future };
}

/**
 * Checks a request's `timestamps` and `freq` and plans its dates; throws DateError with a pointer
 * under `base` (e.g. "/series/17" in a batch) at the first offending element.
 */
export function planDates(input: DateInput, base = ''): DatePlan {
  return writePlan(checkDates(input, base));
}

/** The local dates of a dated request's points as civil day numbers (days since 1970-01-01). */
export interface PointDays {
  /** one per point: the series' values, then the forecast's steps */
  days: number[];
  /** the day of the point after the last one (where the last step ends) */
  end: number;
  /** true when a step is a day or shorter */
  daily: boolean;
}

/** The local date of every point of checked dates (history and horizon) and of the one after; null without timestamps. */
export function pointDays(checked: CheckedDates): PointDays | null {
  const ahead = checked.ahead;
  if (ahead === undefined) return null;
  const total = ahead.from + ahead.horizon;
  const dayOf = (k: number) => {
    const st = pointAt(ahead.grid, k, ahead.last);
    return daysFromCivil(st.y, st.mo, st.d);
  };
  const days: number[] = [];
  for (let k = 0; k < total; k++) days.push(dayOf(k));
  const step = ahead.grid.step;
  return { days, end: dayOf(total), daily: step.unit === 'ms' && step.count <= DAY_MS };
}
