// The job calls' public shapes, their mapping to and from the API's snake_case, and the upload body:
// series, NDJSON or a long CSV as a stream (optionally gzipped) that is never held whole.
import type { JobBody, JobListBody, JobStatusBody } from '../../../src/common/job-types.js';
import { batchSeriesBody } from './wire.js';
import type { BatchSeries } from './types.js';

export type JobStatus = JobStatusBody;
export type { JobBody, JobListBody };

/** A job: its status, progress counts and times (as Dates), and the first series errors. */
export interface Job {
  id: string;
  model: string;
  status: JobStatus;
  progress: { series: number; done: number; failed: number };
  createdAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  /** When the results will be (or were) deleted. */
  expiresAt?: Date;
  /** The first (at most 100) series that could not be forecast (or, with `onInvalid: 'skip'`, were invalid), in input order. */
  errors: Array<{ id: string; code: string; detail: string }>;
  /** Every such series, those in `errors` included. */
  errorsTotal: number;
  requestId: string | undefined;
}

/** What every series of a job shares: sent as query parameters. */
export interface JobSettings {
  /** Steps to forecast, 1 to 1,000. */
  horizon: number;
  level?: readonly number[];
  quantiles?: readonly number[];
  /** The grid step of every series (ISO 8601 duration or alias); inferred per series when left out. */
  freq?: string;
  seasonLength?: number;
  fitted?: boolean;
  /** A country or region code (`AU`, `AU-VIC`, `US-CA`): with dates, its public holidays become a regressor of every series. */
  holidays?: string;
  /** `fail` (default): one invalid series refuses the job; `skip`: it is listed in the job's `errors` and the rest run. */
  onInvalid?: 'fail' | 'skip';
}

/** Bytes or text, whole or as a stream: what a CSV or NDJSON upload may be read from. */
export type UploadSource = string | Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** A job's series: objects as forecastMany takes them, a long CSV (`unique_id,ds,y` and regressor columns), or NDJSON lines. */
export type JobInput =
  | { series: AsyncIterable<BatchSeries> | Iterable<BatchSeries> }
  | { csv: UploadSource }
  | { ndjson: UploadSource };

export type CreateJobParams = JobSettings & JobInput & {
  /** Compress the upload (`Content-Encoding: gzip`); default false. */
  gzip?: boolean;
};

/** A response body of a job call as a Job. */
export function jobResult(b: JobBody, requestId: string | undefined): Job {
  const when = (t: string | null | undefined) => (typeof t === 'string' ? new Date(t) : undefined);
  const out: Job = {
    id: b.id, model: b.model, status: b.status,
    progress: { series: b.progress?.series ?? 0, done: b.progress?.done ?? 0, failed: b.progress?.failed ?? 0 },
    createdAt: new Date(b.created_at),
    errors: Array.isArray(b.errors) ? b.errors.map((e) => ({ id: e.id, code: e.code, detail: e.detail })) : [],
    errorsTotal: 0,
    requestId,
  };
  out.errorsTotal = typeof b.errors_total === 'number' ? Math.max(b.errors_total, out.errors.length) : out.errors.length;
  const started = when(b.started_at);
  const finished = when(b.finished_at);
  const expires = when(b.expires_at);
  if (started) out.startedAt = started;
  if (finished) out.finishedAt = finished;
  if (expires) out.expiresAt = expires;
  return out;
}

/** True once the job will not change again (succeeded, failed or cancelled). */
export function jobFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

const JOB_ID_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;

/** The job id as a path segment; throws TypeError for anything that is not one (an empty or pasted-wrong id). */
export function jobPath(id: string): string {
  if (typeof id !== 'string' || !JOB_ID_SHAPE.test(id)) throw new TypeError('job id must be the id createJob returned (letters, digits, . _ ~ -)');
  return `/v1/jobs/${encodeURIComponent(id)}`;
}

/** The query string of `POST /{model}/v1/jobs` for these settings, leaving out what was not given. */
export function jobQuery(s: JobSettings): string {
  if (s === null || typeof s !== 'object' || typeof s.horizon !== 'number') throw new TypeError('createJob needs { horizon: number, and series, csv or ndjson }');
  const q = new URLSearchParams({ horizon: String(s.horizon) });
  // a list is the parameter repeated (?level=80&level=95), as the job API reads it
  for (const l of s.level ?? []) q.append('level', String(l));
  for (const p of s.quantiles ?? []) q.append('quantiles', String(p));
  if (s.freq !== undefined) q.set('freq', s.freq);
  if (s.seasonLength !== undefined) q.set('season_length', String(s.seasonLength));
  if (s.fitted !== undefined) q.set('fitted', String(s.fitted));
  if (s.holidays !== undefined) q.set('holidays', s.holidays);
  if (s.onInvalid !== undefined) {
    if (s.onInvalid !== 'fail' && s.onInvalid !== 'skip') throw new RangeError("onInvalid must be 'fail' or 'skip'");
    q.set('on_invalid', s.onInvalid);
  }
  return q.toString();
}

/** The upload's Content-Type and its bytes as a stream pulled only as fast as the connection takes them. */
export function uploadBody(p: JobInput): { contentType: string; body: ReadableStream<Uint8Array> } {
  if ('series' in p && p.series !== undefined) return { contentType: 'application/x-ndjson', body: fromChunks(seriesLines(p.series)) };
  if ('csv' in p && p.csv !== undefined) return { contentType: 'text/csv', body: streamOf(p.csv) };
  if ('ndjson' in p && p.ndjson !== undefined) return { contentType: 'application/x-ndjson', body: streamOf(p.ndjson) };
  throw new TypeError('createJob needs one of series (an iterable of { id, values }), csv or ndjson');
}

// one NDJSON line per series, each checked as forecastMany checks it (a value JSON cannot carry is refused with its place)
async function* seriesLines(source: AsyncIterable<BatchSeries> | Iterable<BatchSeries>): AsyncGenerator<string> {
  let i = 0;
  for await (const s of source) {
    yield `${JSON.stringify(batchSeriesBody(s, i))}\n`;
    i += 1;
  }
}

function streamOf(source: UploadSource): ReadableStream<Uint8Array> {
  if (typeof source === 'string' || source instanceof Uint8Array) return fromChunks([source]);
  if (typeof Blob !== 'undefined' && source instanceof Blob) return source.stream() as ReadableStream<Uint8Array>;
  if (source instanceof ReadableStream) return source;
  if (source !== null && typeof source === 'object' && (Symbol.asyncIterator in source || Symbol.iterator in source)) return fromChunks(source);
  throw new TypeError('an upload must be a string, Uint8Array, Blob, ReadableStream or (async) iterable of chunks');
}

const SLICE = 1 << 16;

// chunks of text or bytes as a byte stream; a big string or array is cut, so no pull hands over more than 64 KiB
function fromChunks(source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const it = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : (source as Iterable<Uint8Array | string>)[Symbol.iterator]();
  let pending: Uint8Array | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (pending !== undefined && pending.length > 0) {
          controller.enqueue(pending.subarray(0, SLICE));
          pending = pending.length > SLICE ? pending.subarray(SLICE) : undefined;
          return;
        }
        const next = await it.next();
        if (next.done) { controller.close(); return; }
        const v = next.value;
        if (typeof v === 'string') pending = encoder.encode(v);
        else if (v instanceof Uint8Array) pending = v;
        else throw new TypeError('an upload chunk must be a string or a Uint8Array');
      }
    },
    async cancel() {
      await it.return?.();
    },
  });
}

/**
 * The stream gzipped with the runtime's CompressionStream (Node 18+, Deno, Bun, browsers), read from
 * `body` only as fast as the compressed bytes are taken: the compressor gets input only while it has
 * no output for a reader waiting on it. (Node's CompressionStream accepts input without limit, so
 * piping into it would read a whole file ahead of a slower connection.)
 */
export function gzipped(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  if (typeof CompressionStream === 'undefined') throw new TypeError('gzip needs CompressionStream, which this runtime lacks');
  const zip = new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  const input = body.getReader();
  const writer = zip.writable.getWriter();
  const output = zip.readable.getReader();
  let next: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  // at most one chunk of input on its way into the compressor at a time
  let feeding: Promise<typeof FED> | undefined;
  let inputDone = false;
  const FED = Symbol('fed');
  // one more chunk of input into the compressor; the end of the input closes it
  const feed = async (): Promise<typeof FED> => {
    const r = await input.read();
    if (r.done) {
      inputDone = true;
      await writer.close();
    } else {
      await writer.write(r.value);
    }
    return FED;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      next ??= output.read();
      for (;;) {
        if (!inputDone) feeding ??= feed();
        const got = feeding === undefined ? await next : await Promise.race([next, feeding]);
        if (got === FED) {
          feeding = undefined;
          continue;
        }
        next = undefined;
        if (got.done) controller.close();
        else controller.enqueue(got.value);
        return;
      }
    },
    async cancel(reason) {
      await input.cancel(reason).catch(() => {});
      await writer.abort(reason).catch(() => {});
      await output.cancel(reason).catch(() => {});
    },
  });
}

/** Whether an upload can be sent again after a refusal: a value held whole (an array, a string, bytes), not a stream read once. */
export function replayable(p: JobInput): boolean {
  if ('series' in p) return Array.isArray(p.series);
  const src = 'csv' in p ? p.csv : (p as { ndjson: UploadSource }).ndjson;
  return typeof src === 'string' || src instanceof Uint8Array || Array.isArray(src) || (typeof Blob !== 'undefined' && src instanceof Blob);
}

/** How waitForJob paces its polls. */
export interface PollPacing {
  /** First wait between polls, in ms (default 1,000). */
  intervalMs: number;
  /** Longest wait between polls, in ms (default 10,000). */
  maxIntervalMs: number;
  /** Cap on a server's Retry-After, in seconds. */
  maxRetryAfterSeconds: number;
}

/**
 * Milliseconds to wait after poll number `poll` (0 = the first): the server's Retry-After when it
 * sent one (capped), else the interval growing by half each poll up to its ceiling, so a job of
 * hours is not polled every second and a short one is still seen finishing soon.
 */
export function pollDelayMs(poll: number, retryAfterSeconds: number | undefined, p: PollPacing): number {
  if (retryAfterSeconds !== undefined) return Math.round(Math.min(retryAfterSeconds, p.maxRetryAfterSeconds) * 1000);
  return Math.round(Math.min(p.maxIntervalMs, p.intervalMs * 1.5 ** poll));
}
