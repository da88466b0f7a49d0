// TempoClient: the service's endpoints as typed calls, with per-attempt timeouts, the
// caller's AbortSignal, retries only where another attempt can help, and the key kept private.
import { RequestInvalidError } from './errors/request-invalid-error.js';
import { itemRelativeToInput, relativeToInput } from './batch-positions.js';
import { seriesValue } from './series-value.js';
import { MAX_TIMER_MS, raceAbort, sleep as defaultSleep } from './abortable.js';
import { classFor, errorFromResponse } from './error-from-response.js';
import { AbortError, ConnectionError, TempoError, TimeoutError } from './errors/index.js';
import { linesOf, readLines } from './read-lines.js';
import { parseRateLimit, parseRetryAfter, type RateLimitState } from './rate-limit.js';
import { displayUrl, keyHint, scrubber } from './redact.js';
import {
  DEFAULT_BACKOFF_BASE_MS, DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_AFTER_SECONDS, isRetryable, retryDelayMs,
} from './retry-policy.js';
import { sendOnce } from './send-once.js';
import type {
  BatchItem, BatchParams, BatchResult, BatchSeries, BatchSettings, CallOptions, FetchLike, ForecastManyOptions,
  ForecastParams, ForecastResult, ModelsResult, TempoClientOptions, ValidateResult,
} from './types.js';
import { batchBody, batchItem, forecastBody, forecastResult, modelsResult, validateResult } from './wire.js';
import {
  crossValidateResult, crossValidationBatchBody, crossValidationBody, type CrossValidateBatchItem, type CrossValidateBatchParams, type CrossValidateBatchResult,
  type CrossValidateParams, type CrossValidateResult,
} from './cross-validation.js';
import type {
  BatchItemBody, BatchResponseBody, BatchStreamFailure, ForecastResponseBody, ModelsResponseBody, ValidateResponseBody,
} from '../../../src/common/types.js';
import { anomaliesBody, anomaliesResult, type AnomaliesParams, type AnomaliesResult } from './anomalies.js';
import type { AnomaliesResponseBody } from '../../../src/common/anomaly-types.js';
import type { CrossValidationBatchResponseBody, CrossValidationResponseBody } from '../../../src/common/backtest-types.js';
import type { TunedModelBody } from '../../../src/common/tuned-model-types.js';
import { tunedModelBody, tunedModelResult, type CreateModelParams, type TunedModel } from './tuned-models.js';
import { APIError, JobFailedError, JobNotFoundError, ModelTuningFailedError } from './errors/index.js';
import {
  gzipped, jobFinished, jobPath, jobQuery, jobResult, pollDelayMs, replayable, uploadBody,
  type CreateJobParams, type Job, type JobBody, type JobListBody,
} from './jobs.js';

export const DEFAULT_TIMEOUT_MS = 60_000;
/** Series per request in forecastMany unless told otherwise. */
export const DEFAULT_BATCH_SIZE = 1000;

// A header value must be visible ASCII; checking here keeps fetch from quoting a bad key in its error.
const KEY_SHAPE = /^[\x21-\x7e]+$/;
const MODEL_SHAPE = /^[A-Za-z0-9._~-]+$/;

function withAttempts<E extends TempoError>(error: E, attempts: number): E {
  error.attempts = attempts;
  return error;
}

interface Success {
  json: unknown;
  requestId: string | undefined;
  rateLimit: RateLimitState | undefined;
  /** Seconds the answer's Retry-After asked for (a job's status says when to look again). */
  retryAfter?: number;
}

/** Options of waitForJob: the call's own, the polling pace, and a callback after every poll. */
export interface WaitForJobOptions extends Omit<CallOptions, 'model'> {
  /** First wait between polls in ms (default 1,000); it grows by half each poll up to `maxIntervalMs`. */
  intervalMs?: number;
  /** Longest wait between polls in ms (default 10,000). A Retry-After from the server wins over both. */
  maxIntervalMs?: number;
  /** Called with the job after every poll, the last one included. */
  onProgress?: (job: Job) => void;
}

/** Options of the results calls: the call's own (`timeout` is the longest wait for the next bytes). */
export type JobResultsOptions = Omit<CallOptions, 'model'>;

function checkTimeout(value: number, what: string): number {
  if (typeof value !== 'number' || !(value > 0)) throw new RangeError(`${what} must be a positive number of milliseconds or Infinity`);
  return value;
}

function checkRetries(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number ≥ 0`);
  return value;
}

function checkModel(value: string, what: string): string {
  if (typeof value !== 'string' || !MODEL_SHAPE.test(value)) throw new TypeError(`${what} must be a model name of letters, digits, '.', '_', '~' or '-'`);
  return value;
}

// the series as JSON carries it: finite numbers and null (missing); NaN, ±Infinity and non-numbers are refused
function wireSeries(params: { series: ReadonlyArray<number | null> }, call: string): Array<number | null> {
  if (params === null || typeof params !== 'object' || !Array.isArray(params.series)) {
    throw new TypeError(`${call} needs { series: number[], horizon: number }`);
  }
  return params.series.map((v, i) => seriesValue(v, `series[${i}]`));
}

/** A client for one Tempo service and one API key. */
export class TempoClient {
  readonly baseUrl: string;
  readonly model: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly maxRetryAfter: number;
  /** Rate-limit state from the latest response that carried rate-limit headers (every authenticated forecast answer does). */
  lastRateLimit: RateLimitState | undefined;

  readonly #apiKey: string;
  readonly #scrub: (text: string) => string;
  readonly #fetch: FetchLike;
  readonly #sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  readonly #random: () => number;
  readonly #backoffBaseMs: number;

  /** Checks the options (throwing TypeError/RangeError that never quote the key) and keeps the key private. */
  constructor(options: TempoClientOptions) {
    const { apiKey, baseUrl } = options ?? ({} as TempoClientOptions);
    if (typeof apiKey !== 'string' || !KEY_SHAPE.test(apiKey)) {
      throw new TypeError('apiKey must be a non-empty string of printable characters without spaces (tempo-<key_id>-<secret>)');
    }
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new TypeError('baseUrl must be an absolute http(s) URL, e.g. http://127.0.0.1:8080');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('baseUrl must be an http or https URL');
    this.baseUrl = url.href.replace(/\/+$/, '');
    this.model = checkModel(options.model ?? 'tempo', 'model');
    this.timeout = checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS, 'timeout');
    this.maxRetries = checkRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES, 'maxRetries');
    const cap = options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_SECONDS;
    if (typeof cap !== 'number' || !(cap >= 0) || !Number.isFinite(cap)) throw new RangeError('maxRetryAfter must be a finite number of seconds ≥ 0');
    this.maxRetryAfter = cap;
    this.#backoffBaseMs = options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
    this.#apiKey = apiKey;
    this.#scrub = scrubber(apiKey);
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== 'function') throw new TypeError('no fetch available: pass options.fetch');
    // bound, so a global fetch called as a method of the options object still works
    this.#fetch = (input, init) => f(input, init);
    this.#sleep = options.sleep ?? defaultSleep;
    this.#random = options.random ?? Math.random;
  }

  /** The key as it may be shown: `tempo-<key_id>-…<last4>`. */
  get keyHint(): string {
    return keyHint(this.#apiKey);
  }

  /** Forecasts `horizon` steps after `series`; null in the series marks a missing value; NaN is refused. */
  async forecast(params: ForecastParams, options: CallOptions = {}): Promise<ForecastResult> {
    const series = wireSeries(params, 'forecast');
    const model = checkModel(options.model ?? this.model, 'model');
    const res = await this.#call('POST', `/${model}/v1/forecast`, JSON.stringify(forecastBody({ ...params, series })), options);
    return forecastResult(res.json as ForecastResponseBody, res.requestId, res.rateLimit);
  }

  /** Backtests the model on `series`: rolling-origin windows of `horizon` values with their forecasts, actuals and metrics. */
  async crossValidate(params: CrossValidateParams, options: CallOptions = {}): Promise<CrossValidateResult> {
    const series = wireSeries(params, 'crossValidate');
    const model = checkModel(options.model ?? this.model, 'model');
    const res = await this.#call('POST', `/${model}/v1/cross-validation`, JSON.stringify(crossValidationBody({ ...params, series })), options);
    return crossValidateResult(res.json as CrossValidationResponseBody, res.requestId, res.rateLimit);
  }

  /**
   * Backtests the model on many series in one request, each as crossValidate would alone; the
   * answer lists them in request order. An invalid series refuses the request (pointers and ids
   * in RequestInvalidError.errors), unless `onInvalid: 'skip'` answers it in its place.
   */
  async crossValidateBatch(params: CrossValidateBatchParams, options: CallOptions = {}): Promise<CrossValidateBatchResult> {
    if (params === null || typeof params !== 'object' || !Array.isArray(params.series)) {
      throw new TypeError('crossValidateBatch needs { series: [{ id, values }], horizon: number }');
    }
    const model = checkModel(options.model ?? this.model, 'model');
    const res = await this.#call('POST', `/${model}/v1/cross-validation/batch`, JSON.stringify(crossValidationBatchBody(params)), options);
    const body = res.json as CrossValidationBatchResponseBody;
    return { model: body.model, backtests: body.backtests as CrossValidateBatchItem[], requestId: res.requestId, rateLimit: res.rateLimit };
  }

  /** The values of `series` outside their one-step-ahead interval at `level` (server default 99) of the model fitted on the whole series. */
  async anomalies(params: AnomaliesParams, options: CallOptions = {}): Promise<AnomaliesResult> {
    if (params === null || typeof params !== 'object' || !Array.isArray(params.series)) {
      throw new TypeError('anomalies needs { series: number[] }');
    }
    const series = wireSeries(params, 'anomalies');
    const model = checkModel(options.model ?? this.model, 'model');
    const res = await this.#call('POST', `/${model}/v1/anomalies`, JSON.stringify(anomaliesBody(params, series)), options);
    return anomaliesResult(res.json as AnomaliesResponseBody, res.requestId, res.rateLimit);
  }

  /** Starts tuning a model on the organization's series; resolves at once with its status ('tuning'). Never retried on MODEL_NAME_TAKEN. */
  async createModel(params: CreateModelParams, options: Omit<CallOptions, 'model'> = {}): Promise<TunedModel> {
    const res = await this.#call('POST', '/v1/models', JSON.stringify(tunedModelBody(params)), options);
    return tunedModelResult(res.json as TunedModelBody, res.requestId);
  }

  /** The organization's tuned model: status, progress, and once ready its config and report. */
  async getModel(name: string, options: Omit<CallOptions, 'model'> = {}): Promise<TunedModel> {
    const res = await this.#call('GET', `/v1/models/${encodeURIComponent(checkModel(name, 'name'))}`, undefined, options);
    return tunedModelResult(res.json as TunedModelBody, res.requestId);
  }

  /** Deletes the organization's tuned model (stopping its tuning). */
  async deleteModel(name: string, options: Omit<CallOptions, 'model'> = {}): Promise<void> {
    await this.#call('DELETE', `/v1/models/${encodeURIComponent(checkModel(name, 'name'))}`, undefined, options);
  }

  /**
   * Polls getModel every `intervalMs` (default 1,000) until the model is ready and resolves with it;
   * rejects with ModelTuningFailedError when tuning failed, AbortError when `signal` aborts.
   */
  async waitUntilReady(name: string, options: Omit<CallOptions, 'model'> & { intervalMs?: number; onProgress?: (m: TunedModel) => void } = {}): Promise<TunedModel> {
    const every = options.intervalMs ?? 1000;
    if (typeof every !== 'number' || !(every >= 0)) throw new RangeError('intervalMs must be a number of milliseconds ≥ 0');
    for (;;) {
      const m = await this.getModel(name, options);
      options.onProgress?.(m);
      if (m.status === 'ready') return m;
      if (m.status === 'failed') throw new ModelTuningFailedError(name, m.error);
      try {
        await raceAbort(this.#sleep(every, options.signal), options.signal);
      } catch (reason) {
        throw new AbortError(options.signal?.aborted ? options.signal.reason : reason);
      }
    }
  }

  /** Forecasts many series in one request; the answer lists them in request order. One invalid series refuses the batch, unless `onInvalid: "skip"` answers it in its place. */
  async forecastBatch(params: BatchParams, options: CallOptions = {}): Promise<BatchResult> {
    if (params === null || typeof params !== 'object' || !Array.isArray(params.series)) {
      throw new TypeError('forecastBatch needs { series: [{ id, values }], horizon: number }');
    }
    const model = checkModel(options.model ?? this.model, 'model');
    let res: Success;
    try {
      res = await this.#call('POST', `/${model}/v1/forecast/batch`, JSON.stringify(batchBody(params)), options);
    } catch (err) {
      // the refusal names each problem's series by the id the caller gave it
      throw err instanceof RequestInvalidError ? relativeToInput(err, 0, params.series.map((s) => s.id)) : err;
    }
    const body = res.json as BatchResponseBody;
    return { model: body.model, forecasts: body.forecasts.map(batchItem), requestId: res.requestId, rateLimit: res.rateLimit };
  }

  /**
   * Forecasts every series `source` yields, `batchSize` at a time, and yields each answer as it
   * arrives, in source order. Holds one batch at a time; a batch that fails is retried as the
   * retry policy says, from its first unanswered series.
   */
  async *forecastMany(source: AsyncIterable<BatchSeries> | Iterable<BatchSeries>, options: ForecastManyOptions): AsyncGenerator<BatchItem> {
    const size = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(size) || size < 1) throw new RangeError('batchSize must be a whole number ≥ 1');
    if (options === null || typeof options !== 'object' || typeof options.horizon !== 'number') {
      throw new TypeError('forecastMany needs options with { horizon: number }');
    }
    const settings: BatchSettings = {
      horizon: options.horizon, level: options.level, freq: options.freq, seasonLength: options.seasonLength, holidays: options.holidays, quantiles: options.quantiles,
      ...(options.onInvalid !== undefined ? { onInvalid: options.onInvalid } : {}),
      ...(options.fitted !== undefined ? { fitted: options.fitted } : {}),
      ...(options.fillMissing !== undefined ? { fillMissing: options.fillMissing } : {}),
    };
    let done = 0;
    let batches = 0;
    let sent = 0;
    const self = this;
    async function* send(chunk: BatchSeries[]): AsyncGenerator<BatchItem> {
      let k = 0;
      const offset = sent;
      sent += chunk.length;
      for await (const item of self.#streamBatch(chunk, settings, options, offset)) {
        done += 1;
        if (++k === chunk.length) batches += 1;
        options.onProgress?.({ done, batches });
        yield item;
      }
    }
    let chunk: BatchSeries[] = [];
    for await (const series of source) {
      chunk.push(series);
      if (chunk.length === size) {
        yield* send(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) yield* send(chunk);
  }

  /**
   * Uploads a job's series (objects, a long CSV or NDJSON) as a stream, gzipped when `gzip` is set,
   * and resolves with the queued job. Sent again after a 429 or 503 (nothing was created) only when
   * the input is held whole (an array, a string, bytes); never after a lost answer, which could
   * have created the job. `timeout` is the longest the upload may stall.
   */
  async createJob(params: CreateJobParams, options: CallOptions = {}): Promise<Job> {
    const model = checkModel(options.model ?? this.model, 'model');
    const url = `${this.baseUrl}/${model}/v1/jobs?${jobQuery(params)}`;
    const timeoutMs = checkTimeout(options.timeout ?? this.timeout, 'timeout');
    const maxRetries = replayable(params) ? checkRetries(options.maxRetries ?? this.maxRetries, 'maxRetries') : 0;
    const { signal } = options;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw withAttempts(new AbortError(signal.reason), attempt - 1);
      const { contentType, body } = uploadBody(params);
      const headers: Record<string, string> = { Authorization: `Bearer ${this.#apiKey}`, Accept: 'application/json', 'Content-Type': contentType };
      if (params.gzip === true) headers['Content-Encoding'] = 'gzip';
      const outcome = await this.#upload(url, headers, params.gzip === true ? gzipped(body) : body, timeoutMs, signal);
      if (!(outcome instanceof TempoError)) return jobResult(outcome.json as JobBody, outcome.requestId);
      const error = withAttempts(outcome, attempt);
      // only a refusal that says nothing was created may be sent again
      const refused = error instanceof APIError && (error.status === 429 || error.status === 503);
      if (!refused || attempt > maxRetries) throw error;
      await this.#waitToRetry(error, attempt, signal);
    }
  }

  /** The organization's job: status, progress counts, times and the first series errors. */
  async getJob(id: string, options: Omit<CallOptions, 'model'> = {}): Promise<Job> {
    const res = await this.#call('GET', jobPath(id), undefined, options);
    return jobResult(res.json as JobBody, res.requestId);
  }

  /**
   * Polls the job until it succeeds and resolves with it: at `intervalMs`, growing to
   * `maxIntervalMs`, or after the server's Retry-After when it sends one. Rejects with
   * JobFailedError when the job fails or is cancelled, AbortError when `signal` aborts (the job
   * itself keeps running).
   */
  async waitForJob(id: string, options: WaitForJobOptions = {}): Promise<Job> {
    const intervalMs = options.intervalMs ?? 1000;
    const maxIntervalMs = options.maxIntervalMs ?? Math.max(10_000, intervalMs);
    if (typeof intervalMs !== 'number' || !(intervalMs >= 0)) throw new RangeError('intervalMs must be a number of milliseconds ≥ 0');
    if (typeof maxIntervalMs !== 'number' || !(maxIntervalMs >= intervalMs)) throw new RangeError('maxIntervalMs must be a number of milliseconds ≥ intervalMs');
    const path = jobPath(id);
    for (let poll = 0; ; poll++) {
      const res = await this.#call('GET', path, undefined, options);
      const job = jobResult(res.json as JobBody, res.requestId);
      options.onProgress?.(job);
      if (job.status === 'succeeded') return job;
      if (jobFinished(job.status)) throw new JobFailedError(job.id, job.status as 'failed' | 'cancelled', job.errors);
      const delay = pollDelayMs(poll, res.retryAfter, { intervalMs, maxIntervalMs, maxRetryAfterSeconds: this.maxRetryAfter });
      try {
        await raceAbort(this.#sleep(delay, options.signal), options.signal);
      } catch (reason) {
        throw new AbortError(options.signal?.aborted ? options.signal.reason : reason);
      }
    }
  }

  /**
   * The job's answers, one per series in input order, parsed from NDJSON as they stream in (never
   * held whole). Throws JobNotFinishedError before the job has succeeded, JobExpiredError once its
   * results were deleted. A dropped connection is retried as the retry policy says, resuming after
   * the last answer already yielded.
   */
  async *jobResults(id: string, options: JobResultsOptions = {}): AsyncGenerator<BatchItem> {
    const url = `${this.baseUrl}${jobPath(id)}/results`;
    let headers: Headers | undefined;
    for await (const line of linesOf(this.#download(url, 'application/x-ndjson', options, (h) => { headers = h; }))) {
      let parsed: BatchItemBody | BatchStreamFailure;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new ConnectionError(`the job results from ${displayUrl(url)} hold a line that is not JSON`);
      }
      if (typeof parsed !== 'object' || parsed === null) throw new ConnectionError(`the job results from ${displayUrl(url)} hold a line that is not a series`);
      if (!('id' in parsed)) throw this.#streamFailure(parsed, headers ?? new Headers());
      yield batchItem(parsed);
    }
  }

  /**
   * The job's results as the server writes them, `csv` (`unique_id,ds,forecast,lo-95,…`) or
   * `ndjson`, in byte chunks as they arrive, for writing to a file. Errors and resumption as jobResults.
   */
  async *jobResultsBytes(id: string, format: 'csv' | 'ndjson', options: JobResultsOptions = {}): AsyncGenerator<Uint8Array> {
    if (format !== 'csv' && format !== 'ndjson') throw new RangeError("format must be 'csv' or 'ndjson'");
    yield* this.#download(`${this.baseUrl}${jobPath(id)}/results`, format === 'csv' ? 'text/csv' : 'application/x-ndjson', options);
  }

  /** Cancels the job (what has not run stops) and deletes its inputs and results. A retry that finds it gone counts as done. */
  async cancelJob(id: string, options: Omit<CallOptions, 'model'> = {}): Promise<void> {
    try {
      await this.#call('DELETE', jobPath(id), undefined, options);
    } catch (err) {
      // the first DELETE was answered but the answer lost: the job is gone, as asked
      if (err instanceof JobNotFoundError && err.attempts > 1) return;
      throw err;
    }
  }

  /** One page of the organization's jobs, newest first (`limit` of them, 1 to 100; the server's default 50), and the cursor of the next page (undefined after the last). */
  async listJobsPage(cursor?: string, options: Omit<CallOptions, 'model'> & { limit?: number } = {}): Promise<{ jobs: Job[]; nextCursor: string | undefined; requestId: string | undefined }> {
    const q = new URLSearchParams();
    if (cursor !== undefined) q.set('cursor', cursor);
    if (options.limit !== undefined) {
      if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 100) throw new RangeError('limit must be a whole number from 1 to 100');
      q.set('limit', String(options.limit));
    }
    const query = q.toString();
    const res = await this.#call('GET', query === '' ? '/v1/jobs' : `/v1/jobs?${query}`, undefined, options);
    const body = res.json as JobListBody;
    const next = typeof body.next_cursor === 'string' && body.next_cursor !== '' ? body.next_cursor : undefined;
    return { jobs: body.jobs.map((j) => jobResult(j, res.requestId)), nextCursor: next, requestId: res.requestId };
  }

  /** Every job of the organization, newest first, fetching the next page (of `pageSize`, 1 to 100) only when the caller reaches it. */
  async *listJobs(options: Omit<CallOptions, 'model'> & { pageSize?: number } = {}): AsyncGenerator<Job> {
    let cursor: string | undefined;
    const seen = new Set<string>();
    const { pageSize, ...call } = options;
    for (;;) {
      const page = await this.listJobsPage(cursor, { ...call, ...(pageSize !== undefined ? { limit: pageSize } : {}) });
      for (const job of page.jobs) yield job;
      if (page.nextCursor === undefined) return;
      // a server that hands back a cursor it gave before would page forever
      if (seen.has(page.nextCursor)) throw new ConnectionError('the job list repeats a page cursor');
      seen.add(page.nextCursor);
      cursor = page.nextCursor;
    }
  }

  /** The key's metadata (status, organization, expiry, limits); does not count against the forecast quota. */
  async validate(options: CallOptions = {}): Promise<ValidateResult> {
    const model = checkModel(options.model ?? this.model, 'model');
    const res = await this.#call('GET', `/${model}/v1/validate`, undefined, options);
    return validateResult(res.json as ValidateResponseBody, res.requestId);
  }

  /** The models the key's organization may use, `tempo` first. */
  async models(options: CallOptions = {}): Promise<ModelsResult> {
    const res = await this.#call('GET', '/v1/models', undefined, options);
    return modelsResult(res.json as ModelsResponseBody, res.requestId);
  }

  /** A secret-free view, so logging the client never shows the key. */
  toJSON(): Record<string, unknown> {
    return {
      baseUrl: this.baseUrl, model: this.model, timeout: this.timeout, maxRetries: this.maxRetries,
      maxRetryAfter: this.maxRetryAfter, key: this.keyHint,
    };
  }

  // The retry loop around single attempts: stops on success, a final error, or the caller's abort.
  async #call(method: 'GET' | 'POST' | 'DELETE', path: string, body: string | undefined, options: CallOptions): Promise<Success> {
    const timeoutMs = checkTimeout(options.timeout ?? this.timeout, 'timeout');
    const maxRetries = checkRetries(options.maxRetries ?? this.maxRetries, 'maxRetries');
    const { signal } = options;
    const headers: Record<string, string> = { Authorization: `Bearer ${this.#apiKey}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const url = this.baseUrl + path;

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw withAttempts(new AbortError(signal.reason), attempt - 1);
      const outcome = await this.#attempt(url, { method, headers, body }, timeoutMs, signal);
      if (!(outcome instanceof TempoError)) return outcome;
      const error = withAttempts(outcome, attempt);
      if (error instanceof AbortError || attempt > maxRetries || !isRetryable(error)) throw error;
      await this.#waitToRetry(error, attempt, signal);
    }
  }

  // The retry policy's pause after failed attempt `attempt`; an abort during it ends the call.
  async #waitToRetry(error: TempoError, attempt: number, signal: AbortSignal | undefined): Promise<void> {
    const delay = retryDelayMs(error, attempt - 1, {
      maxRetryAfterSeconds: this.maxRetryAfter, backoffBaseMs: this.#backoffBaseMs, random: this.#random,
    });
    try {
      await raceAbort(this.#sleep(delay, signal), signal);
    } catch (reason) {
      throw withAttempts(new AbortError(signal?.aborted ? signal.reason : reason), attempt);
    }
  }

  // One batch as x-ndjson, retried from its first unanswered series while the retry policy allows.
  // `offset`: where items[0] is in the caller's whole input, which every message and pointer counts from
  async *#streamBatch(items: BatchSeries[], settings: BatchSettings, options: CallOptions, offset: number): AsyncGenerator<BatchItem> {
    const timeoutMs = checkTimeout(options.timeout ?? this.timeout, 'timeout');
    const maxRetries = checkRetries(options.maxRetries ?? this.maxRetries, 'maxRetries');
    const model = checkModel(options.model ?? this.model, 'model');
    const { signal } = options;
    const url = `${this.baseUrl}/${model}/v1/forecast/batch`;
    let pending = items;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw withAttempts(new AbortError(signal.reason), attempt - 1);
      const from = offset + items.length - pending.length;
      const body = JSON.stringify(batchBody({ ...settings, series: pending }, from));
      let answered = 0;
      let failure: TempoError;
      try {
        for await (const item of this.#streamAttempt(url, body, timeoutMs, signal)) {
          // anything but the next id in order means the answer cannot be matched to the request
          if (item.id !== pending[answered]?.id) throw new ConnectionError(`the batch answer from ${displayUrl(url)} is out of order`);
          answered += 1;
          yield itemRelativeToInput(item, from);
        }
        if (answered === pending.length) return;
        failure = new ConnectionError(`the batch answer from ${displayUrl(url)} ended after ${answered} of ${pending.length} series`);
      } catch (err) {
        if (!(err instanceof TempoError)) throw err;
        failure = err instanceof RequestInvalidError ? relativeToInput(err, from, pending.map((s) => s.id)) : err;
      }
      pending = pending.slice(answered);
      const error = withAttempts(failure, attempt);
      if (error instanceof AbortError || attempt > maxRetries || !isRetryable(error)) throw error;
      await this.#waitToRetry(error, attempt, signal);
    }
  }

  // One streamed attempt: items as their lines arrive; the timeout is the longest wait for the
  // next line (not counting time the caller spends on one), since a big batch may rightly take long.
  async *#streamAttempt(url: string, body: string, timeoutMs: number, signal: AbortSignal | undefined): AsyncGenerator<BatchItem> {
    if (signal?.aborted) throw new AbortError(signal.reason);
    const watch = this.#stallWatch(url, timeoutMs, signal);
    const { arm } = watch;
    const noAnswer = (err: unknown) => watch.failure(err, 'read the batch answer');
    arm();
    try {
      let res: Response;
      try {
        res = await this.#fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${this.#apiKey}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
          body,
          signal: watch.signal,
        });
      } catch (err) {
        throw noAnswer(err);
      }
      const rateLimit = parseRateLimit(res.headers);
      if (rateLimit !== undefined) this.lastRateLimit = rateLimit;
      if (!res.ok || res.body === null) {
        let text: string;
        try {
          text = await res.text();
        } catch (err) {
          throw noAnswer(err);
        }
        throw errorFromResponse({ status: res.status, headers: res.headers, text }, this.#scrub, rateLimit);
      }
      const lines = readLines(res.body);
      for (;;) {
        let next: IteratorResult<string>;
        try {
          next = await lines.next();
        } catch (err) {
          throw noAnswer(err);
        }
        if (next.done) return;
        let parsed: BatchItemBody | BatchStreamFailure;
        try {
          parsed = JSON.parse(next.value);
        } catch {
          throw new ConnectionError(`the batch answer from ${displayUrl(url)} holds a line that is not JSON`);
        }
        if (typeof parsed !== 'object' || parsed === null) {
          throw new ConnectionError(`the batch answer from ${displayUrl(url)} holds a line that is not a series`);
        }
        if (!('id' in parsed)) throw this.#streamFailure(parsed, res.headers);
        // lines already received must not outrun the caller's abort
        if (signal?.aborted) throw new AbortError(signal.reason);
        watch.pause();
        yield batchItem(parsed);
        arm();
      }
    } finally {
      // a caller that stops early closes the connection, so the server cancels the rest
      watch.close();
    }
  }

  // One upload attempt: the body is pulled as the connection takes it, and the timeout is the longest
  // stall (no chunk taken, or no answer after the last), since a big upload may rightly take hours.
  async #upload(url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>, timeoutMs: number, signal: AbortSignal | undefined): Promise<Success | TempoError> {
    if (signal?.aborted) return new AbortError(signal.reason);
    const watch = this.#stallWatch(url, timeoutMs, signal);
    const { arm, signal: cut } = watch;
    const watched = body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ transform(chunk, c) { arm(); c.enqueue(chunk); } }));
    arm();
    try {
      // duplex 'half' is how fetch is told the body is a stream sent before the answer is read;
      // redirect 'error' because to be able to follow one, fetch keeps a copy of every byte sent
      // (a tee of the body), which would hold the whole upload in memory; a stream cannot be resent anyway
      const res = await this.#fetch(url, { method: 'POST', headers, body: watched, signal: cut, duplex: 'half', redirect: 'error' } as RequestInit);
      arm();
      const text = await res.text();
      const rateLimit = parseRateLimit(res.headers);
      if (rateLimit !== undefined) this.lastRateLimit = rateLimit;
      if (!res.ok) return errorFromResponse({ status: res.status, headers: res.headers, text }, this.#scrub, rateLimit);
      try {
        return { json: JSON.parse(text), requestId: res.headers.get('x-request-id') ?? undefined, rateLimit };
      } catch {
        return errorFromResponse({ status: res.status, headers: res.headers, text }, this.#scrub, rateLimit);
      }
    } catch (err) {
      return watch.failure(err, 'upload the job', true);
    } finally {
      watch.close();
    }
  }

  // A GET whose body streams (a job's results), retried as the retry policy says; a retry skips the
  // bytes already handed over, as results are written the same way every time.
  async *#download(url: string, accept: string, options: JobResultsOptions, onHeaders?: (h: Headers) => void): AsyncGenerator<Uint8Array> {
    const timeoutMs = checkTimeout(options.timeout ?? this.timeout, 'timeout');
    const maxRetries = checkRetries(options.maxRetries ?? this.maxRetries, 'maxRetries');
    const { signal } = options;
    let given = 0;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw withAttempts(new AbortError(signal.reason), attempt - 1);
      let skip = given;
      let failure: TempoError;
      try {
        for await (let chunk of this.#streamGet(url, accept, timeoutMs, signal, onHeaders)) {
          if (skip > 0) {
            if (chunk.length <= skip) { skip -= chunk.length; continue; }
            chunk = chunk.subarray(skip);
            skip = 0;
          }
          given += chunk.length;
          yield chunk;
        }
        if (skip === 0) return;
        failure = new ConnectionError(`the job results from ${displayUrl(url)} were shorter on a second reading`);
      } catch (err) {
        if (!(err instanceof TempoError)) throw err;
        failure = err;
      }
      const error = withAttempts(failure, attempt);
      if (error instanceof AbortError || attempt > maxRetries || !isRetryable(error)) throw error;
      await this.#waitToRetry(error, attempt, signal);
    }
  }

  // One streamed GET: byte chunks as they arrive; the timeout is the longest wait for the next one.
  async *#streamGet(url: string, accept: string, timeoutMs: number, signal: AbortSignal | undefined, onHeaders?: (h: Headers) => void): AsyncGenerator<Uint8Array> {
    if (signal?.aborted) throw new AbortError(signal.reason);
    const watch = this.#stallWatch(url, timeoutMs, signal);
    const { arm } = watch;
    const noAnswer = (err: unknown) => watch.failure(err, 'read the job results');
    arm();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    try {
      let res: Response;
      try {
        res = await this.#fetch(url, { method: 'GET', headers: { Authorization: `Bearer ${this.#apiKey}`, Accept: accept }, signal: watch.signal });
      } catch (err) {
        throw noAnswer(err);
      }
      const rateLimit = parseRateLimit(res.headers);
      if (rateLimit !== undefined) this.lastRateLimit = rateLimit;
      if (!res.ok || res.body === null) {
        let text: string;
        try {
          text = await res.text();
        } catch (err) {
          throw noAnswer(err);
        }
        throw errorFromResponse({ status: res.status, headers: res.headers, text }, this.#scrub, rateLimit);
      }
      onHeaders?.(res.headers);
      reader = res.body.getReader();
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          throw noAnswer(err);
        }
        if (next.done) return;
        // bytes already received must not outrun the caller's abort
        if (signal?.aborted) throw new AbortError(signal.reason);
        watch.pause();
        yield next.value;
        arm();
      }
    } finally {
      await reader?.cancel().catch(() => {});
      // a caller that stops early closes the connection
      watch.close();
    }
  }

  // The longest-stall deadline of one streamed exchange, shared by uploads and streamed answers:
  // `arm` restarts it, `pause` stops it while the caller holds a chunk, `failure` names what cut the
  // exchange short (the caller's abort, the stall, or the connection), `close` lets go of it all.
  #stallWatch(url: string, timeoutMs: number, signal: AbortSignal | undefined) {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    return {
      signal: controller.signal,
      arm: () => {
        clearTimeout(timer);
        if (timeoutMs <= MAX_TIMER_MS) timer = setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs);
      },
      pause: () => clearTimeout(timer),
      failure: (err: unknown, doing: 'read the batch answer' | 'read the job results' | 'upload the job', withCause = false): TempoError => {
        if (err instanceof TempoError) return err;
        if (signal?.aborted) return new AbortError(signal.reason);
        if (timedOut) return new TimeoutError(timeoutMs, displayUrl(url));
        const text = err instanceof Error
          ? [err.message, withCause ? (err.cause as Error | undefined)?.message : undefined].filter(Boolean).join(': ')
          : String(err);
        const toward = doing === 'upload the job' ? `to` : `from`;
        return new ConnectionError(`could not ${doing} ${toward} ${displayUrl(url)}: ${this.#scrub(text)}`);
      },
      close: () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        controller.abort();
      },
    };
  }

  // The typed error for the failure line a server writes when it cannot finish a streamed batch.
  #streamFailure(line: BatchStreamFailure, headers: Headers): TempoError {
    const e = line?.error ?? {};
    const code = typeof e.code === 'string' ? e.code : undefined;
    // the codes a server can end a stream with; the catalogue itself stays out of the client's run-time imports
    const status = code === 'SERVICE_UNAVAILABLE' ? 503 : code === 'REQUEST_INVALID' ? 400 : 500;
    const Cls = classFor(code, status);
    const detail = typeof e.detail === 'string' ? this.#scrub(e.detail) : undefined;
    return new Cls({
      status, code, detail, title: undefined, requestId: typeof e.request_id === 'string' ? e.request_id : headers.get('x-request-id') ?? undefined,
      headers: {}, body: undefined, rateLimit: undefined, retryAfter: undefined,
    });
  }

  // One attempt: the parsed success, or the error it ended in (thrown only for bugs, not outcomes).
  async #attempt(url: string, init: Omit<RequestInit, 'signal'>, timeoutMs: number, signal: AbortSignal | undefined): Promise<Success | TempoError> {
    let answer;
    try {
      answer = await sendOnce({ fetch: this.#fetch, url, init, timeoutMs, signal, scrub: this.#scrub });
    } catch (err) {
      if (err instanceof TempoError) return err;
      throw err;
    }
    const rateLimit = parseRateLimit(answer.headers);
    if (rateLimit !== undefined) this.lastRateLimit = rateLimit;
    if (answer.status < 200 || answer.status >= 300) return errorFromResponse(answer, this.#scrub, rateLimit);
    if (answer.status === 204) return { json: undefined, requestId: answer.headers.get('x-request-id') ?? undefined, rateLimit };
    try {
      return {
        json: JSON.parse(answer.text), requestId: answer.headers.get('x-request-id') ?? undefined, rateLimit,
        retryAfter: parseRetryAfter(answer.headers.get('retry-after')),
      };
    } catch {
      // a 2xx that is not JSON did not come from the service (a captive portal, a misrouted proxy)
      return errorFromResponse(answer, this.#scrub, rateLimit);
    }
  }
}
