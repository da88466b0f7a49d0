// The job answers' schemas: tests hold real answers to them, and the OpenAPI document shows them.

/** The body of GET /v1/jobs/{id} and of the 202 that POST /{model}/v1/jobs answers. */
export const jobResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'model', 'status', 'progress', 'created_at', 'errors', 'errors_total'],
  properties: {
    id: { type: 'string', pattern: '^job_[0-9A-Za-z]{22}$', description: 'unguessable (128 random bits)' },
    model: { type: 'string' },
    status: { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
    progress: {
      type: 'object',
      additionalProperties: false,
      required: ['series', 'done', 'failed'],
      properties: {
        series: { type: 'integer', minimum: 0, description: 'series in the job' },
        done: { type: 'integer', minimum: 0, description: 'series forecast' },
        failed: { type: 'integer', minimum: 0, description: 'series refused (at upload with on_invalid=skip, or by the model)' },
      },
    },
    created_at: { type: 'string' },
    started_at: { type: 'string' },
    finished_at: { type: 'string' },
    expires_at: { type: 'string', description: 'when the results are (or were) deleted; the record stays' },
    errors: {
      type: 'array',
      maxItems: 100,
      description: 'the first problems in input order',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'code', 'detail'],
        properties: { id: { type: 'string' }, code: { type: 'string' }, detail: { type: 'string' } },
      },
    },
    errors_total: { type: 'integer', minimum: 0, description: 'every problem, those in errors included' },
  },
} as const;

/** The body of GET /v1/jobs. */
export const jobListResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['jobs', 'next_cursor'],
  properties: {
    jobs: { type: 'array', items: jobResponseSchema, description: 'newest first' },
    next_cursor: { type: ['string', 'null'], description: 'pass as ?cursor= for the next page; null on the last' },
  },
} as const;
