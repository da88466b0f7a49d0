// POST /{model}/v1/jobs: the query parameters that say what every series of the job gets (a JSON
// batch body's own fields win over them), checked by the one validator with a query's coercion.
import type { BatchBounds, Bounds } from '../../config/config.js';
import type { RequestDefinition } from '../validation/request-check.js';
import type { JobForecastFields } from '../../jobs/types.js';
import { dateErrors } from '../request-dates.js';
import { requestFields } from './fields.js';
import { batchRequestSchema } from './batch-request.js';

/** What a job's query may say. */
export interface JobQuery extends JobForecastFields {
  on_invalid?: 'fail' | 'skip';
}

/** The job query's schema for these bounds (horizon required). */
export function jobQuerySchema(bounds: Bounds) {
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['horizon'],
    description: 'query parameters like ?horizon=12&level=80&level=95',
    properties: {
      horizon: f.horizon,
      level: f.level,
      quantiles: f.quantiles,
      freq: f.freq,
      season_length: f.season_length,
      fitted: f.fitted,
      holidays: f.holidays,
      on_invalid: { enum: ['fail', 'skip'], description: '"fail" (one invalid series refuses the job) or "skip" (invalid series are listed in the job\'s errors and the rest run)' },
    },
  } as const;
}

/** The job query for these bounds; a freq that is not a step is refused here, once. */
export function jobQuery(bounds: Bounds): RequestDefinition<JobQuery, JobQuery> {
  return {
    source: 'query',
    schema: jobQuerySchema(bounds),
    *accept(query, report) {
      if (query.freq !== undefined) for (const e of dateErrors({ freq: query.freq, length: 0, horizon: 1 }, '')) report.add(e);
      return query;
    },
  };
}

/** The JSON job body's schema (published): the query's fields and the batch's series, as many as a job may hold. */
export function jobBodySchema(bounds: Bounds, batch: BatchBounds) {
  const q = jobQuerySchema(bounds);
  const { maxItems: _most, ...series } = batchRequestSchema(bounds, batch).properties.series;
  return {
    ...q,
    required: ['horizon', 'series'],
    description: 'a JSON object like {"horizon": 12, "series": [{"id": "a", "values": [1, 2, 3]}]}',
    properties: { ...q.properties, series: { ...series, description: 'an array of objects like {"id": "a", "values": [1, 2, 3]}, ids unique' } },
  } as const;
}

/** The fields of a JSON job body beside its series, checked as a body (no coercion). */
export function jobBodyFields(bounds: Bounds): RequestDefinition<JobQuery, JobQuery> {
  const { source: _query, ...rest } = jobQuery(bounds);
  return rest;
}
