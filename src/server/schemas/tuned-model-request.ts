// The JSON schema of POST /v1/models, built from the operator's bounds: one source for validation and the OpenAPI document.
import type { Bounds, TuningBounds } from '../../config/config.js';
import { forecastRequestSchema } from './forecast-request.js';

/** Fields a tuned-model body may carry, and those of its `training`. */
export const TUNED_MODEL_FIELDS = ['name', 'base', 'training'] as const;
export const TRAINING_FIELDS = ['horizon', 'freq', 'series'] as const;

/** The tuned-model request schema for these bounds (ajv, draft-07 keywords). */
export function tunedModelRequestSchema(bounds: Bounds, tuning: TuningBounds) {
  // dates take the forecast's own shapes, so a dated forecast and a dated training agree
  const one = forecastRequestSchema(bounds).properties;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'training'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 63, description: 'lower-case letters, digits, . _ -; unique on this server' },
      base: { type: 'string', minLength: 1, maxLength: 63, description: 'the model tuning starts from and is compared with; default tempo' },
      training: {
        type: 'object',
        additionalProperties: false,
        required: ['horizon', 'series'],
        properties: {
          horizon: { type: 'integer', minimum: 1, maximum: bounds.maxHorizon },
          freq: { ...one.freq, description: 'the step of every series (ISO 8601 duration or alias); inferred from timestamps when absent' },
          series: {
            type: 'array',
            minItems: 1,
            maxItems: tuning.maxSeries,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'values'],
              properties: {
                id: { type: 'string', minLength: 1, maxLength: 128 },
                values: {
                  type: 'array', minItems: 1, maxItems: bounds.maxSeriesLength,
                  items: { type: ['number', 'null'] },
                  contains: { type: 'number' },
                },
                timestamps: { ...one.timestamps, description: 'one RFC 3339 date per value; the calendar\'s periods then guide tuning as they guide a dated forecast' },
              },
            },
          },
        },
      },
    },
  } as const;
}
