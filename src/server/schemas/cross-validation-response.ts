// The cross-validation answers' schemas: tests hold real answers to them, and the OpenAPI document shows them.
import { batchErrorItemSchema } from './batch-response.js';

const numbers = { type: 'array', items: { type: 'number' } } as const;
const intervals = {
  type: 'object',
  description: 'prediction intervals keyed by level (e.g. "95"), present when `level` was sent',
  additionalProperties: { type: 'object', required: ['lower', 'upper'], properties: { lower: numbers, upper: numbers } },
} as const;
const measure = { type: ['number', 'null'] } as const;

/** The response of POST /{model}/v1/cross-validation. */
export const crossValidationResponseSchema = {
  type: 'object',
  required: ['windows', 'metrics'],
  properties: {
    windows: {
      type: 'array',
      description: 'rolling-origin windows, oldest first; the last one ends on the last value',
      items: {
        type: 'object',
        required: ['cutoff', 'forecast', 'actual'],
        properties: {
          cutoff: { type: ['integer', 'string'], description: 'index of the last value the window\'s model saw, or its timestamp when `timestamps` were sent' },
          forecast: numbers,
          actual: { type: 'array', items: { type: ['number', 'null'] }, description: 'the values after the cutoff; null where missing' },
          intervals,
          quantiles: { type: 'object', description: 'the window\'s forecast quantiles keyed by probability, present when `quantiles` was sent', additionalProperties: numbers },
        },
      },
    },
    metrics: {
      type: 'object',
      required: ['mase', 'smape', 'rmsse'],
      description: 'means over the windows (null when no window could be scored); coverage per level is pooled over every window',
      properties: {
        mase: measure,
        smape: measure,
        rmsse: measure,
        coverage: { type: 'object', additionalProperties: measure },
        spl: { ...measure, description: 'M5\'s scaled pinball loss of the quantiles (pinball loss averaged over the probabilities, over the in-sample mean absolute one-step difference), mean over the windows; present when `quantiles` was sent' },
      },
    },
    model: { type: 'string', description: 'the model that answered' },
    freq: { type: 'string', description: 'the grid step as an ISO 8601 duration (present when `timestamps` or `freq` was sent)' },
  },
} as const;

/** The response of POST /{model}/v1/cross-validation/batch (as JSON; x-ndjson gives one item per line). */
export const crossValidationBatchResponseSchema = {
  type: 'object',
  required: ['model', 'backtests'],
  properties: {
    model: { type: 'string' },
    backtests: {
      type: 'array',
      description: 'one item per series, in request order',
      items: {
        oneOf: [
          {
            type: 'object',
            required: ['id', 'windows', 'metrics'],
            properties: {
              id: { type: 'string' },
              windows: crossValidationResponseSchema.properties.windows,
              metrics: crossValidationResponseSchema.properties.metrics,
              freq: crossValidationResponseSchema.properties.freq,
            },
          },
          batchErrorItemSchema,
        ],
      },
    },
  },
} as const;
