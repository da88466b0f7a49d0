// What a job is, as the store keeps it and the API shows it.

/** Where a job is: 'uploading' is internal (its body is still arriving) and never shown. */
export type JobStatus = 'uploading' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** What every series of a job is forecast with: the batch body's shared fields, as the query or the body says them. */
export interface JobForecastFields {
  horizon: number;
  level?: number[];
  quantiles?: number[];
  freq?: string;
  season_length?: number;
  fitted?: boolean;
  holidays?: string;
}

/** The forecast every series of a job gets, as stored with the job. */
export interface JobParams extends JobForecastFields {
  /** the model's stored config when the job was accepted (a model changed later does not change a running job) */
  modelConfig: Record<string, unknown>;
}

/** One series the job could not forecast: where it was (input order), its id, and why. */
export interface JobSeriesError {
  index: number;
  id: string;
  code: string;
  detail: string;
}

/** A stored job. */
export interface JobRecord {
  id: string;
  organizationId: string;
  keyId: string;
  model: string;
  params: JobParams;
  status: JobStatus;
  series: number;
  done: number;
  failed: number;
  chunks: number;
  chunksDone: number;
  /** the first errors in input order (at most JOB_ERRORS_SHOWN) */
  errors: JobSeriesError[];
  /** every error, those shown included */
  errorCount: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null;
  resultsDeleted: boolean;
}

/** A job's unit of work: consecutive series, with its input and (once run) its result. */
export interface ChunkRef {
  jobId: string;
  chunk: number;
}

/** A stored chunk's input. */
export interface ChunkInput {
  firstSeries: number;
  series: number;
  /** gzip of NDJSON lines: a series ({"id","values",…}) or a series refused at upload ({"id","error"}) */
  input: Buffer;
}

/** What running a chunk produced. */
export interface ChunkResult {
  /** gzip of NDJSON lines: one batch answer item per series, in order */
  result: Buffer;
  done: number;
  failed: number;
  errors: JobSeriesError[];
}

/** Errors a job shows; the rest are counted. */
export const JOB_ERRORS_SHOWN = 100;

/** The statuses after which nothing more runs. */
export const FINISHED: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'cancelled']);

/** Merges two error lists in input order, keeping the first JOB_ERRORS_SHOWN. */
export function mergeErrors(a: readonly JobSeriesError[], b: readonly JobSeriesError[]): JobSeriesError[] {
  return [...a, ...b].sort((x, y) => x.index - y.index).slice(0, JOB_ERRORS_SHOWN);
}
