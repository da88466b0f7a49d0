// POST /{model}/v1/anomalies: the body's schema (a forecast's series and season_length, one level),
// what a schema cannot say (its dates), and how it is read.
import type { Bounds } from '../../config/config.js';
import type { AnomaliesRequestBody } from '../../common/anomaly-types.js';
import type { RequestDefinition } from '../validation/request-check.js';
import { reportedPlan, type DatedRequest } from '../request-dates.js';
import { requestFields } from './fields.js';

/** The coverage of the one-step interval when the caller names none. */
export const DEFAULT_ANOMALY_LEVEL = 99;

/** The anomalies request schema for these bounds. */
export function anomaliesRequestSchema(bounds: Bounds) {
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['series'],
    description: 'a JSON object like {"series": [1, 2, 3], "level": 99}',
    properties: {
      series: f.series,
      season_length: f.season_length,
      timestamps: f.timestamps,
      freq: f.freq,
      level: {
        type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100, default: DEFAULT_ANOMALY_LEVEL,
        description: 'one number between 0 and 100 exclusive, e.g. 99: the coverage in percent of the one-step-ahead interval a value must leave to be an anomaly',
      },
    },
  } as const;
}

/** An anomalies request with its level filled in. */
export interface AnomaliesRequest extends AnomaliesRequestBody {
  level: number;
}

/** An anomalies request as the route takes it: the level filled, and what its dates say. */
export type AcceptedAnomalies = DatedRequest<AnomaliesRequest>;

/** The anomalies body for these bounds. */
export function anomaliesRequest(bounds: Bounds): RequestDefinition<AnomaliesRequestBody, AcceptedAnomalies> {
  return {
    schema: anomaliesRequestSchema(bounds),
    reading: { maxBytes: bounds.bodyLimitBytes },
    *accept(body, report) {
      const dates = reportedPlan({ timestamps: body.timestamps, freq: body.freq, length: body.series.length, horizon: 1 }, report);
      return { request: { ...body, level: body.level ?? DEFAULT_ANOMALY_LEVEL }, dates };
    },
  };
}
