// The fields a cross-validation body adds to a forecast's: one source for validation and the OpenAPI document.
import type { Bounds } from '../../config/config.js';
import { MAX_WINDOWS } from '../../backtest/plan.js';
import { FORECAST_FIELDS, forecastRequestSchema } from './forecast-request.js';

/** Fields a cross-validation body may carry, in the order error messages list them. */
export const CROSS_VALIDATION_FIELDS = [...FORECAST_FIELDS, 'windows', 'step'] as const;

/** The cross-validation request schema for these bounds: a forecast body plus `windows` and `step`. */
export function crossValidationRequestSchema(bounds: Bounds) {
  const forecast = forecastRequestSchema(bounds);
  // `fitted` belongs to the forecast call alone
  const { fitted: _fitted, ...shared } = forecast.properties;
  return {
    ...forecast,
    properties: {
      ...shared,
      windows: { type: 'integer', minimum: 1, maximum: MAX_WINDOWS },
      step: { type: 'integer', minimum: 1, maximum: bounds.maxSeriesLength },
    },
  } as const;
}
