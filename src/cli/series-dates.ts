// The dates of one series read from a long CSV, checked before anything is computed or sent:
// naive date-times read as UTC, the plan of src/dates, and every refusal named by line and column.
import { checkDates, DateError, writePlan, type CheckedDates, type DatePlan } from '../dates/index.js';
import { assumeUtc, toNaive, type NaiveForm } from '../dates/naive.js';
import { seriesNamed, TableError } from '../table/long-csv.js';
import { UsageError } from './io.js';

/** One series' dates as the file holds them, and the line each came from. */
export interface SeriesDatesInput {
  id: string;
  timestamps: string[];
  lines: number[];
}

/** Where the series came from and what every series is asked: for the plan and its messages. */
export interface DatesContext {
  file: string;
  /** the header name of the date column (ds, timestamp) */
  dsColumn: string;
  horizon: number;
  freq?: string;
  /** the help shown with a bad --freq */
  help?: string;
  /** the command a bad --freq is reported under (default forecast) */
  command?: string;
}

/** A checked series' dates: the plan, the timestamps as the API takes them, and how to write answers back. */
export interface SeriesDates {
  plan: DatePlan;
  /** the checked dates the plan was written from (the holiday regressor reads their grid) */
  checked: CheckedDates;
  /** the input with `Z` added to naive date-times (what a server is sent) */
  timestamps: string[];
  naive: NaiveForm | null;
  /** the forecast's future dates in the file's own form (absent without dates) */
  future?: string[];
}

/** Plans one series' dates; a bad date throws TableError naming its line and column, a bad --freq a UsageError. */
export function planSeriesDates(s: SeriesDatesInput, ctx: DatesContext): SeriesDates {
  try {
    const { timestamps, naive } = assumeUtc(s.timestamps);
    const checked = checkDates({ timestamps, freq: ctx.freq, length: timestamps.length, horizon: ctx.horizon });
    const plan = writePlan(checked);
    const future = plan.timestamps && naive ? plan.timestamps.map((t) => toNaive(t, naive)) : plan.timestamps;
    return { plan, checked, timestamps, naive, ...(future ? { future } : {}) };
  } catch (err) {
    if (!(err instanceof DateError)) throw err;
    if (err.field === 'freq' && ctx.freq !== undefined) throw new UsageError(`${ctx.command ?? 'forecast'}: --${err.reason}`, ctx.help);
    const i = Number(/\/timestamps\/(\d+)$/.exec(err.pointer)?.[1] ?? 0);
    const reason = err.reason.replace(/^timestamps\/\d+ /, '').replace(/timestamps\/(\d+)/g, (_, k) => `the date on line ${s.lines[Number(k)]}`);
    const what = err.field === 'freq' ? `${seriesNamed(s.id, s.lines[0])}: ${err.reason.replace('send freq', 'pass --freq')}` : `date ${reason}`;
    throw new TableError(ctx.file, s.lines[i], ctx.dsColumn, what);
  }
}
