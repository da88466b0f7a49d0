// The JSON schema of a batch answer: published, and checked against real answers in tests.
import { forecastResponseSchema, problemSchema } from './responses.js';

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
