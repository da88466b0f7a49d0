// POST /{model}/v1/forecast: the body's schema, what a schema cannot say (its dates, its regressors'
// lengths and holiday code), and how it is read.
import type { Bounds } from '../../config/config.js';
import type { DatePlan } from '../../dates/index.js';
import type { ForecastRequestBody } from '../../common/types.js';
import type { RequestDefinition } from '../validation/request-check.js';
import { writePlan } from '../../dates/index.js';
import { checkedDates } from '../request-dates.js';
import { acceptRegressors } from '../request-regressors.js';
import { acceptFill } from '../request-fill.js';
import { requestFields } from './fields.js';

/** The forecast request schema for these bounds. */
export function forecastRequestSchema(bounds: Bounds) {
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['series', 'horizon'],
    description: 'a JSON object like {"series": [1, 2, 3], "horizon": 2}',
    properties: {
      series: f.series,
      horizon: f.horizon,
      season_length: f.season_length,
      level: f.level,
      timestamps: f.timestamps,
      freq: f.freq,
      fitted: f.fitted,
      regressors: f.regressors,
      holidays: f.holidays,
      quantiles: f.quantiles,
      fill_missing: f.fill_missing,
    },
  } as const;
}

/** A forecast request as the route takes it: the body and what its dates say. */
export interface AcceptedForecast {
  request: ForecastRequestBody;
  dates: DatePlan;
}

/** The forecast body for these bounds. */
export function forecastRequest(bounds: Bounds): RequestDefinition<ForecastRequestBody, AcceptedForecast> {
  return {
    schema: forecastRequestSchema(bounds),
    reading: { maxBytes: bounds.bodyLimitBytes },
    *accept(sent, report) {
      let body = sent;
      let filled: DatePlan['filled'];
      if (sent.fill_missing === true) {
        const f = acceptFill({ values: sent.series, timestamps: sent.timestamps, freq: sent.freq, regressors: sent.regressors }, bounds.maxSeriesLength, '', 'series', report);
        if (f === undefined) return { request: sent, dates: { periods: [] } };
        body = { ...sent, series: f.values, timestamps: f.timestamps };
        filled = { count: f.filled, positions: f.positions };
      }
      const { checked, errors } = checkedDates({ timestamps: body.timestamps, freq: body.freq, length: body.series.length, horizon: body.horizon }, '');
      for (const e of errors) report.add(e);
      const regressors = acceptRegressors({ length: body.series.length, horizon: body.horizon, regressors: body.regressors, holidays: body.holidays, dates: checked }, '', report);
      const dates = checked ? writePlan(checked) : { periods: [] };
      return { request: regressors === undefined ? body : { ...body, regressors }, dates: filled ? { ...dates, filled } : dates };
    },
  };
}
