// The JSON schema of an anomalies body: a forecast's series and season_length, one level.
import type { Bounds } from '../../config/config.js';
import { forecastRequestSchema } from './forecast-request.js';

/** Fields an anomalies body may carry, in the order error messages list them. */
export const ANOMALIES_FIELDS = ['series', 'season_length', 'level', 'timestamps', 'freq'] as const;
/** The coverage of the one-step interval when the caller names none. */
export const DEFAULT_ANOMALY_LEVEL = 99;

/** The anomalies request schema for these bounds (published in the OpenAPI document). */
export function anomaliesRequestSchema(bounds: Bounds) {
  const forecast = forecastRequestSchema(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['series'],
    properties: {
      series: forecast.properties.series,
      season_length: forecast.properties.season_length,
      timestamps: forecast.properties.timestamps,
      freq: forecast.properties.freq,
      level: {
        type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100, default: DEFAULT_ANOMALY_LEVEL,
        description: 'coverage in percent of the one-step-ahead interval a value must leave to be an anomaly',
      },
    },
  } as const;
}
