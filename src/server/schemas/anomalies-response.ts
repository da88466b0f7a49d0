// The JSON schema of a 200 from POST /{model}/v1/anomalies: published, and checked against real answers in tests.

/** A 200 from POST /{model}/v1/anomalies. */
export const anomaliesResponseSchema = {
  type: 'object',
  required: ['anomalies', 'level'],
  properties: {
    anomalies: {
      type: 'array',
      description: 'the values outside the one-step-ahead interval of the model fitted on the whole series, in series order',
      items: {
        type: 'object',
        required: ['index', 'value', 'expected', 'lower', 'upper'],
        properties: {
          index: { type: 'integer', minimum: 0, description: 'position in `series`' },
          timestamp: { type: 'string', description: 'the value\'s date as sent in `timestamps` (present when they were sent)' },
          value: { type: 'number' },
          expected: { type: 'number', description: 'the one-step-ahead in-sample prediction' },
          lower: { type: 'number' },
          upper: { type: 'number' },
        },
      },
    },
    level: { type: 'number', description: 'the coverage used' },
    model: { type: 'string', description: 'the model that answered' },
    freq: { type: 'string', description: 'the grid step as an ISO 8601 duration (present when `timestamps` or `freq` was sent)' },
  },
} as const;
