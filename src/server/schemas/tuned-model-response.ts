// The tuned-model answer's schema: tests hold real answers to it, and the OpenAPI document shows it.

const scores = { type: 'object', required: ['mase', 'smape'], properties: { mase: { type: ['number', 'null'] }, rmsse: { type: ['number', 'null'] }, smape: { type: ['number', 'null'] } } } as const;
const relative = {
  type: 'object',
  description: 'the tuned config against the base on the same series (below 1: better): the MASE ratio (decided on), the RMSSE ratio and the geometric mean of MAE ratios (must not be worse), and OWA with the base in Naive2\'s place (reported only)',
  properties: { mase: { type: ['number', 'null'] }, rmsse: { type: ['number', 'null'] }, owa: { type: ['number', 'null'] }, mae: { type: ['number', 'null'] } },
} as const;

/** The body of GET /v1/models/{name} and of the 202 that POST /v1/models answers. */
export const tunedModelResponseSchema = {
  type: 'object',
  required: ['name', 'status', 'progress', 'base', 'config', 'report', 'created_at', 'updated_at'],
  properties: {
    name: { type: 'string' },
    status: { enum: ['tuning', 'ready', 'failed'] },
    progress: { type: 'number', minimum: 0, maximum: 1 },
    base: { type: 'string' },
    config: { type: ['object', 'null'], description: 'the configuration chosen; the base\'s when tuning did not beat it on the holdout' },
    report: {
      type: ['object', 'null'],
      required: ['windows', 'holdout', 'chosen'],
      properties: {
        metric: { enum: ['MASE'], description: 'the metric the decision was made on' },
        windows: { type: 'integer' },
        holdout: { type: 'object', required: ['tuned', 'base'], properties: { tuned: scores, base: scores, relative } },
        chosen: { enum: ['tuned', 'base'] },
      },
    },
    error: { type: 'string', description: 'why the tuning failed' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;
