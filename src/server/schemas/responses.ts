// JSON schemas of what the server answers: the OpenAPI document publishes them and the tests
// check real answers against them, so the document cannot drift from the server.
import { ERROR_CATALOGUE } from '../../common/codes.js';

const numbers = { type: 'array', items: { type: 'number' } } as const;

/** A 200 from POST /{model}/v1/forecast. */
export const forecastResponseSchema = {
  type: 'object',
  required: ['forecast'],
  properties: {
    forecast: { ...numbers, description: 'point forecasts, one per step of the horizon' },
    intervals: {
      type: 'object',
      description: 'prediction intervals keyed by level (e.g. "95"), present when `level` was sent',
      additionalProperties: {
        type: 'object',
        required: ['lower', 'upper'],
        properties: { lower: numbers, upper: numbers },
      },
    },
    fitted: {
      type: 'array', items: { type: ['number', 'null'] },
      description: 'present when `fitted` was true: one per series value, the one-step-ahead in-sample prediction; null where the model has none (its first values, leading gaps)',
    },
    fitted_intervals: {
      type: 'object',
      description: 'present when `fitted` was true and `level` sent: the predictions\' intervals keyed by level (prediction ± z·one-step sd), null where `fitted` is null',
      additionalProperties: {
        type: 'object',
        required: ['lower', 'upper'],
        properties: { lower: { type: 'array', items: { type: ['number', 'null'] } }, upper: { type: 'array', items: { type: ['number', 'null'] } } },
      },
    },
    quantiles: {
      type: 'object',
      description: 'present when `quantiles` was sent: the forecast quantiles keyed by probability as sent (e.g. "0.1"); the 0.025 and 0.975 quantiles are the 95% interval\'s bounds, and they never cross',
      additionalProperties: numbers,
    },
    model: { type: 'string', description: 'the model that answered' },
    method: {
      type: 'object',
      description: 'what the core fitted',
      required: ['components', 'season_length'],
      additionalProperties: false,
      properties: {
        components: { type: 'array', items: { type: 'string' } },
        season_length: { type: 'integer', description: 'the season length used (the shorter period when two were used); 1 when none' },
        seasonal_periods: {
          type: 'array', items: { type: 'integer' }, minItems: 2,
          description: 'present only when more than one seasonal period was used (hourly data with a daily and a weekly cycle: [24, 168]), shortest first',
        },
        regressors: {
          type: 'array',
          description: 'present when regressors (or holidays) were sent: each regressor the forecast used, in the order sent, with its coefficient (units of the series per unit of the regressor) and any bends',
          items: {
            type: 'object',
            required: ['name', 'coefficient'],
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              coefficient: { type: 'number' },
              terms: {
                type: 'array',
                description: 'bends: above `knot` the slope changes by `coefficient` (the term max(0, value − knot))',
                items: {
                  type: 'object', required: ['term', 'knot', 'coefficient'], additionalProperties: false,
                  properties: { term: { type: 'string', enum: ['hinge'] }, knot: { type: 'number' }, coefficient: { type: 'number' } },
                },
              },
            },
          },
        },
        regressors_dropped: { type: 'array', items: { type: 'string' }, description: 'present when regressors were sent: the names of those the forecast did not use' },
        regressors_dropped_reason: {
          type: 'object',
          description: 'why each dropped regressor was not used: constant (over the series\' history), collinear (with the others or the constant), unused (the series is constant or too short for a regression)',
          additionalProperties: { type: 'string', enum: ['constant', 'collinear', 'unused'] },
        },
        regression_errors: { type: 'string', description: 'the ARIMA model of the regression\'s errors, e.g. "arima(1,0,1)(0,0,0)"' },
        filled: { type: 'integer', minimum: 0, description: 'present with fill_missing: how many dates absent from the series\' timestamps became missing values (imputed by the model)' },
      },
    },
    timestamps: { type: 'array', items: { type: 'string' }, description: 'the future dates of the forecast, in the form of the request\'s `timestamps` (present when they were sent)' },
    freq: { type: 'string', description: 'the grid step as an ISO 8601 duration (present when `timestamps` or `freq` was sent)' },
  },
} as const;

/** Every error: RFC 9457 problem details. */
export const problemSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'code', 'detail', 'instance', 'request_id'],
  properties: {
    type: { type: 'string', description: 'resolves to a page about the code on this server' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
    detail: { type: 'string', description: 'what to change' },
    instance: { type: 'string' },
    request_id: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['pointer', 'detail'],
        properties: {
          pointer: { type: 'string' },
          detail: { type: 'string' },
          id: { type: 'string', description: 'the id of the series the pointer is in (batch, cross-validation batch, tuning), unless it could hold a piece of a secret' },
        },
      },
    },
    retry_after: { type: 'integer' },
    violated_policies: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** A 200 from GET /{model}/v1/validate. */
export const validateResponseSchema = {
  type: 'object',
  required: ['valid', 'key_id', 'status', 'env', 'project_id', 'organization_id', 'user_id', 'product_id', 'name', 'expires_at', 'rate_limit_per_minute', 'rate_limit_per_hour'],
  properties: {
    valid: { type: 'boolean' },
    key_id: { type: 'string' },
    status: { type: 'string', enum: ['active', 'inactive'] },
    env: { type: 'string', enum: ['live', 'test'] },
    project_id: { type: 'string' },
    organization_id: { type: 'string' },
    user_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string' },
    expires_at: { type: ['string', 'null'] },
    rate_limit_per_minute: { type: 'integer' },
    rate_limit_per_hour: { type: 'integer' },
  },
} as const;

/** A 200 from GET /v1/models. */
export const modelsResponseSchema = {
  type: 'object',
  required: ['organization_id', 'models'],
  properties: {
    organization_id: { type: 'string' },
    models: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'default', 'base', 'config', 'created_at'],
        properties: {
          name: { type: 'string' },
          default: { type: 'boolean' },
          base: { type: 'string' },
          config: { type: 'object' },
          created_at: { type: 'string' },
        },
      },
    },
    tuned: { type: 'array', description: 'the organization\'s tuned models in every state (see GET /v1/models/{name})', items: { type: 'object', required: ['name', 'status', 'progress'] } },
  },
} as const;

/** /healthz and /readyz when they answer 200. */
export const statusSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok', 'ready'] } },
} as const;

/** GET /: where to go next. */
export const indexSchema = {
  type: 'object',
  required: ['name', 'version', 'openapi'],
  properties: {
    name: { type: 'string' },
    version: { type: 'string' },
    openapi: { type: 'string', description: 'path of the OpenAPI document' },
    settings_page: { type: 'string' },
    errors: { type: 'string', description: 'path prefix of the error code pages' },
  },
} as const;
