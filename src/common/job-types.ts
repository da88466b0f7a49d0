// The job API's shapes, shared by server and client.

export type JobStatusBody = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** GET /v1/jobs/{id}. */
export interface JobBody {
  id: string;
  model: string;
  status: JobStatusBody;
  progress: { series: number; done: number; failed: number };
  created_at: string;
  started_at?: string;
  finished_at?: string;
  /** when the results are (or were) deleted */
  expires_at?: string;
  /** the first problems, in input order (at most 100) */
  errors: Array<{ id: string; code: string; detail: string }>;
  /** every problem, those in `errors` included */
  errors_total: number;
}

/** GET /v1/jobs. */
export interface JobListBody {
  jobs: JobBody[];
  /** pass as ?cursor= for the next page; null on the last */
  next_cursor: string | null;
}
