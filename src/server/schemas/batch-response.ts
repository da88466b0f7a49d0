// The JSON schema of a batch answer: published, and checked against real answers in tests.
import { forecastResponseSchema, problemSchema } from './responses.js';

/** A series not computed: set aside by on_invalid "skip", or refused by the model alone. */
export const batchErrorItemSchema = {
  type: 'object',
  required: ['id', 'error'],
  properties: {
    id: { type: ['string', 'null'], description: 'the series\' id; null for a series set aside by on_invalid "skip" that had no string id' },
    error: {
      type: 'object',
      required: ['code', 'detail'],
      properties: {
        code: problemSchema.properties.code,
        detail: { type: 'string' },
        pointer: { type: 'string' },
        errors: { ...problemSchema.properties.errors, description: 'with on_invalid "skip": every problem of this series (at most 20)' },
      },
    },
  },
} as const;

/** One answered series: a forecast with its id, or the series not computed. */
const batchItemSchema = {
  oneOf: [
    { ...forecastResponseSchema, required: ['id', 'forecast'], properties: { id: { type: 'string' }, ...forecastResponseSchema.properties } },
    batchErrorItemSchema,
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
