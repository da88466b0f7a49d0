// POST /{model}/v1/forecast/batch: the body's schema (the shared fields, then each series with a
// forecast's own fields), what a schema cannot say (unique ids, the total of values, each series'
// dates) and how it is read: up to 64 MiB, parsed in slices. Checking a series' dates is most of
// planning them (reading every timestamp), so the checked dates are handed on to the answer, which
// writes each series' future dates as it answers.
import type { BatchBounds, Bounds } from '../../config/config.js';
import type { CheckedDates } from '../../dates/index.js';
import type { BatchRequestBody } from '../../common/types.js';
import type { RequestDefinition } from '../validation/request-check.js';
import { checkedDates, dateErrors } from '../request-dates.js';
import { acceptRegressors } from '../request-regressors.js';
import { acceptFill } from '../request-fill.js';
import type { DatePlan } from '../../dates/index.js';
import { requestFields, seriesListSchema } from './fields.js';

/** The batch request schema for these bounds. */
export function batchRequestSchema(bounds: Bounds, batch: BatchBounds) {
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['horizon', 'series'],
    description: 'a JSON object like {"horizon": 12, "series": [{"id": "a", "values": [1, 2, 3]}]}',
    properties: {
      horizon: f.horizon,
      level: f.level,
      freq: f.freq,
      season_length: f.season_length,
      holidays: f.holidays,
      quantiles: f.quantiles,
      on_invalid: f.on_invalid,
      fill_missing: f.fill_missing,
      fitted: f.fitted,
      series: seriesListSchema(batch.maxSeries, batch.maxValues, {
        id: f.id,
        values: f.series,
        timestamps: f.timestamps,
        season_length: f.season_length,
        regressors: f.regressors,
        holidays: f.holidays,
      }, " (regressors' included)"),
    },
  } as const;
}

/** A batch as the route takes it: the body, and each series' checked dates in series order. */
export interface AcceptedBatch {
  request: BatchRequestBody;
  dates: CheckedDates[];
}

/** The batch body for these bounds. */
export function batchRequest(bounds: Bounds, batch: BatchBounds): RequestDefinition<BatchRequestBody, AcceptedBatch> {
  return {
    schema: batchRequestSchema(bounds, batch),
    // every value with a timestamp, and the ids and fields around them
    reading: { maxBytes: batch.bodyLimitBytes, maxElements: 2 * batch.maxValues + 5 * batch.maxSeries + 64, inSlices: true },
    *accept(body, report) {
      const dates: CheckedDates[] = [];
      // a bad freq is told once, at /freq, not again under every series
      if (body.freq !== undefined) {
        const bad = dateErrors({ freq: body.freq, length: 0, horizon: 1 }, '');
        for (const e of bad) report.add(e);
        if (bad.length > 0) return { request: body, dates };
      }
      const firstIndexOf = new Map<string, number>();
      let values = 0;
      for (let [i, s] of body.series.entries()) {
        if (i > 0) yield;
        const first = firstIndexOf.get(s.id);
        // the id itself is not repeated: a caller may paste anything into it
        if (first !== undefined && !report.add({ pointer: `/series/${i}/id`, detail: `series/${i}/id repeats the id of series/${first}; ids must be unique within a batch` })) break;
        if (first === undefined) firstIndexOf.set(s.id, i);
        let filled: DatePlan['filled'];
        if (body.fill_missing === true && s.timestamps !== undefined) {
          const f = acceptFill({ values: s.values, timestamps: s.timestamps, freq: body.freq, regressors: s.regressors }, bounds.maxSeriesLength, `/series/${i}`, `series/${i}/values`, report);
          if (f === undefined) continue;
          s = body.series[i] = { ...s, values: f.values, timestamps: f.timestamps };
          filled = { count: f.filled, positions: f.positions };
        }
        values += s.values.length;
        // regressors are values the workers read too
        for (const col of Object.values(s.regressors ?? {})) values += col.length;
        const { checked, errors } = checkedDates({ timestamps: s.timestamps, freq: body.freq, length: s.values.length, horizon: body.horizon }, `/series/${i}`);
        if (errors.some((e) => !report.add(e))) break;
        if (checked !== undefined) dates[i] = filled ? { ...checked, described: { ...checked.described, filled } } : checked;
        const holidays = s.holidays ?? body.holidays;
        if (s.regressors !== undefined || holidays !== undefined) {
          const regressors = acceptRegressors({ length: s.values.length, horizon: body.horizon, regressors: s.regressors, holidays, dates: checked }, `/series/${i}`, report);
          // the holiday regressor joins the caller's: the answer forecasts with what the check made
          if (regressors !== undefined && regressors !== s.regressors) body.series[i] = { ...s, regressors };
        }
      }
      if (values > batch.maxValues) {
        report.add({ pointer: '/series', detail: `the batch holds ${values} values in all (regressors' included); at most ${batch.maxValues} are allowed, so split it into smaller batches` });
      }
      return { request: body, dates };
    },
  };
}
