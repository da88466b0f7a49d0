// A series of a local `tempo forecast --file` run made ready for the core: cut into its history and
// its future rows when the table has regressor columns, its dates checked (the future rows' too),
// and its regressors made, the holidays of --holidays among them (the server's own check makes that
// regressor, so a local run and a server agree).
import type { FieldError } from '../common/codes.js';
import { acceptRegressors } from '../server/request-regressors.js';
import type { LongSeries } from '../table/long-csv.js';
import { checkFutureDates, splitFuture, type RegressorColumn } from '../table/future-rows.js';
import { seriesNamed, TableError } from '../table/long-csv.js';
import { UsageError } from './io.js';
import { planSeriesDates, type DatesContext, type SeriesDates } from './series-dates.js';

/** What a local run needs beside the dates' context. */
export interface SeriesContext extends DatesContext {
  /** the header name of the value column (y, value) */
  yColumn: string;
  /** the table's regressor columns (none: every row is history) */
  columns: readonly RegressorColumn[];
  /** --holidays, a country or region code */
  holidays?: string;
}

/** One series ready for the core. */
export interface PreparedSeries {
  values: Array<number | null>;
  dates: SeriesDates;
  regressors?: Record<string, number[]>;
  /** the line of the series' first row, for messages */
  line: number;
}

/** Prepares `s` (see the file comment); a bad row is a TableError naming its line and column, a bad --holidays a UsageError. */
export function prepareSeries(s: LongSeries, ctx: SeriesContext): PreparedSeries {
  const split = ctx.columns.length > 0 ? splitFuture(s, ctx.horizon, ctx.columns, ctx.file, ctx.yColumn) : null;
  const history = split ? { id: s.id, timestamps: split.timestamps, lines: split.lines } : s;
  const dates = planSeriesDates(history, ctx);
  if (split) checkFutureDates(split, dates.future, ctx.file, ctx.dsColumn);
  let regressors = split?.regressors;
  if (ctx.holidays !== undefined) {
    const errors: FieldError[] = [];
    const made = acceptRegressors({ length: history.timestamps.length, horizon: ctx.horizon, regressors, holidays: ctx.holidays, dates: dates.checked }, '',
      { add: (e) => { errors.push(e); return true; }, get count() { return errors.length; } });
    if (errors.length > 0) {
      if (errors[0].pointer === '/holidays' && /calendar knows/.test(errors[0].detail)) throw new UsageError(`${ctx.command ?? 'forecast'}: --${errors[0].detail}`, ctx.help);
      throw new TableError(ctx.file, s.lines[0], errors[0].pointer === '/regressors/holidays' ? 'holidays' : undefined, `${seriesNamed(s.id, s.lines[0])}: ${errors[0].detail}`);
    }
    regressors = made;
  }
  return { values: split ? split.values : s.values, dates, ...(regressors ? { regressors } : {}), line: s.lines[0] };
}
