// The JSON schema of a forecast body, built from the operator's bounds: the one source for validation.
import type { Bounds } from '../../config/config.js';

/** Fields a forecast body may carry, in the order error messages list them. */
export const FORECAST_FIELDS = ['series', 'horizon', 'season_length', 'level', 'timestamps', 'freq'] as const;
/** Fields only the forecast body takes (cross-validation has no in-sample answer to add). */
export const FORECAST_BODY_FIELDS = [...FORECAST_FIELDS, 'fitted'] as const;

/** The forecast request schema for these bounds (ajv, draft-07 keywords). */
export function forecastRequestSchema(bounds: Bounds) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['series', 'horizon'],
    properties: {
      series: {
        type: 'array',
        minItems: 1,
        maxItems: bounds.maxSeriesLength,
        items: { type: ['number', 'null'] },
        // a series of nulls only leaves the model nothing to fit
        contains: { type: 'number' },
      },
      horizon: { type: 'integer', minimum: 1, maximum: bounds.maxHorizon },
      season_length: { type: 'integer', minimum: 1, maximum: bounds.maxSeriesLength },
      level: {
        type: 'array',
        minItems: 1,
        maxItems: bounds.maxLevels,
        uniqueItems: true,
        items: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100 },
      },
      // the shapes only: calendar checks (order, grid, offsets) are src/dates' job
      timestamps: { type: 'array', maxItems: bounds.maxSeriesLength, items: { type: 'string', maxLength: 40 } },
      freq: { type: 'string', minLength: 1, maxLength: 32 },
      fitted: { type: 'boolean', description: 'true adds `fitted` (one-step-ahead in-sample predictions) and, with `level`, `fitted_intervals`' },
    },
  } as const;
}
