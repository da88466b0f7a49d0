// The fields request bodies share, each with its rule: a schema's `description` is the rule an error
// message states ("horizon must be an integer from 1 to 1000 (got 5000)") and the OpenAPI document
// shows, so a field is described once. Bodies pick their fields from here.
import { DEFAULT_WINDOWS, MAX_WINDOWS } from '../../backtest/plan.js';
import type { Bounds } from '../../config/config.js';
import { compiledOnce } from '../middleware/compiled-once.js';

/** Longest series id (batch and tuning), in characters. */
export const MAX_ID_LENGTH = 128;

/** Most regressors one series may carry (the holiday regressor comes on top). */
export const MAX_REGRESSORS = 50;
/** Most quantiles one request may ask for. */
export const MAX_QUANTILES = 20;

/** One value of a series: a number, or null where it is missing. */
export const seriesValueSchema = { type: ['number', 'null'], description: 'a finite number or null' } as const;

/**
 * A list of named series (a batch's, a tuning's): 1 to `most` objects of `properties` (an `id` and
 * `values` among them), ids unique, at most `values` values in all (those two checked by the body's accept step).
 */
export function seriesListSchema<P extends { readonly id: unknown; readonly values: unknown }>(most: number, values: number, properties: P, counted = '') {
  return {
    type: 'array',
    minItems: 1,
    maxItems: most,
    description: `an array of 1 to ${most} objects like {"id": "a", "values": [1, 2, 3]}, ids unique, at most ${values} values in all${counted}`,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'values'],
      description: 'an object like {"id": "a", "values": [1, 2, 3]}',
      properties,
    },
  } as const;
}

/** The fields of the forecasting bodies for these bounds: the same objects for the same bounds, so every body shares their compiled checks. */
export const requestFields = compiledOnce((bounds: Bounds) => {
  const n = bounds.maxSeriesLength;
  return {
    series: {
      type: 'array',
      minItems: 1,
      maxItems: n,
      items: seriesValueSchema,
      // a series of nulls only leaves the model nothing to fit
      contains: { type: 'number', description: 'at least one number; null only marks missing values' },
      description: `an array of 1 to ${n} finite numbers (null marks a missing value) with at least one number`,
    },
    horizon: { type: 'integer', minimum: 1, maximum: bounds.maxHorizon, description: `an integer from 1 to ${bounds.maxHorizon}` },
    season_length: { type: 'integer', minimum: 1, maximum: n, description: `an integer from 1 to ${n}, or left out to detect it` },
    level: {
      type: 'array',
      minItems: 1,
      maxItems: bounds.maxLevels,
      uniqueItems: true,
      items: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100, description: 'a number between 0 and 100 exclusive' },
      description: `an array of 1 to ${bounds.maxLevels} distinct numbers between 0 and 100 (exclusive), e.g. [80, 95]: prediction-interval coverages in percent`,
    },
    // the shapes only: calendar checks (order, grid, offsets) are src/dates' job
    timestamps: {
      type: 'array',
      maxItems: n,
      items: { type: 'string', maxLength: 40, description: 'a date string of at most 40 characters like 2024-01-31 or 2024-01-31T13:00:00Z' },
      description: 'an array of RFC 3339 dates (2024-01-31) or date-times with an offset (2024-01-31T13:00:00Z), one per series value',
    },
    freq: {
      type: 'string',
      minLength: 1,
      maxLength: 32,
      description: 'an ISO 8601 duration (PT15M, PT1H, P1D, P1W, P1M, P3M, P1Y) or an alias (15min, h, D, W, M, MS, ME, Q, QS, Y, YS): the grid step',
    },
    fitted: { type: 'boolean', description: 'true or false (true adds `fitted`, the one-step-ahead in-sample predictions, and with `level` their `fitted_intervals`)' },
    windows: { type: 'integer', minimum: 1, maximum: MAX_WINDOWS, default: DEFAULT_WINDOWS, description: `an integer from 1 to ${MAX_WINDOWS}: how many windows to backtest` },
    step: { type: 'integer', minimum: 1, maximum: n, description: `an integer from 1 to ${n}, or left out to step by the horizon` },
    id: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH, description: `a string of 1 to ${MAX_ID_LENGTH} characters, unique among the series` },
    regressors: {
      type: 'object',
      maxProperties: MAX_REGRESSORS,
      propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,64}$', description: '1 to 64 characters of A-Z, a-z, 0-9, "_", "." and "-"' },
      additionalProperties: {
        type: 'array',
        minItems: 2,
        maxItems: n + bounds.maxHorizon,
        items: { type: 'number', description: 'a finite number' },
        description: 'an array of finite numbers, one per series value and then one per forecast step',
      },
      description: `an object of at most ${MAX_REGRESSORS} regressors, each a name and an array of series length + horizon finite numbers: its values aligned with the series, then its known values at the forecast's times`,
    },
    holidays: {
      type: 'string',
      pattern: '^[A-Za-z]{2}(-[A-Za-z0-9]{1,10}){0,2}$',
      description: 'a country or region code like "AU", "AU-VIC" or "US-CA" (with timestamps: adds the public holidays as a regressor)',
    },
    fill_missing: {
      type: 'boolean',
      description: 'true puts a dated series back on its grid: each date absent from `timestamps` becomes a missing value the model imputes, and `method.filled` counts them',
    },
    on_invalid: {
      type: 'string',
      enum: ['fail', 'skip'],
      description: '"fail" (the default: one invalid series refuses the whole request) or "skip" (each invalid series is answered in its place as {"id", "error"} and the rest are computed)',
    },
    quantiles: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_QUANTILES,
      uniqueItems: true,
      items: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'a number between 0 and 1 exclusive' },
      description: `an array of 1 to ${MAX_QUANTILES} distinct numbers between 0 and 1 (exclusive), e.g. [0.1, 0.5, 0.9]: forecast quantiles`,
    },
  } as const;
});
