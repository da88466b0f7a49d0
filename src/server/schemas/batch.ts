// The JSON schemas of a batch request and answer, for the OpenAPI document. Each series is checked
// by the single forecast's own schema (src/server/batch/validate-batch.ts), so its fields come from there.
import type { BatchBounds, Bounds } from '../../config/config.js';
import { MAX_ID_LENGTH } from '../batch/validate-batch.js';
import { forecastRequestSchema } from './forecast-request.js';
import { forecastResponseSchema, problemSchema } from './responses.js';

/** The batch request for these bounds. */
export function batchRequestSchema(bounds: Bounds, batch: BatchBounds) {
  const one = forecastRequestSchema(bounds).properties;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['horizon', 'series'],
    properties: {
      horizon: one.horizon,
      level: one.level,
      freq: one.freq,
      season_length: one.season_length,
      series: {
        type: 'array',
        minItems: 1,
        maxItems: batch.maxSeries,
        description: `at most ${batch.maxValues} values over all series; ids unique`,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'values'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH },
            values: one.series,
            timestamps: one.timestamps,
            season_length: one.season_length,
          },
        },
      },
    },
  } as const;
}

/** One answered series: a forecast with its id, or the core's refusal of that series alone. */
const batchItemSchema = {
  oneOf: [
    { ...forecastResponseSchema, required: ['id', 'forecast'], properties: { id: { type: 'string' }, ...forecastResponseSchema.properties } },
    {
      type: 'object',
      required: ['id', 'error'],
      properties: {
        id: { type: 'string' },
        error: { type: 'object', required: ['code', 'detail'], properties: { code: problemSchema.properties.code, detail: { type: 'string' }, pointer: { type: 'string' } } },
      },
    },
  ],
} as const;

/** The JSON batch answer (with Accept: application/x-ndjson, one item per line instead). */
export const batchResponseSchema = {
  type: 'object',
  required: ['model', 'forecasts'],
  properties: {
    model: { type: 'string' },
    forecasts: { type: 'array', items: batchItemSchema },
  },
} as const;
