// The job handlers: accept an upload (202), show a job, stream its results, cancel it, list them.
// The upload is checked and stored as it arrives (src/jobs/upload.ts); nothing here computes.
import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import type { JobBody, JobListBody } from '../../common/job-types.js';
import { bytesToBigInt, toBase62 } from '../../keys/base62.js';
import type { JobBounds } from '../../config/config.js';
import type { JobStore } from '../../jobs/store.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { JobParams, JobRecord } from '../../jobs/types.js';
import { storeUpload } from '../../jobs/upload.js';
import { csvSeries, jsonBody, ndjsonSeries, uploadFormat, type UploadedSeries } from '../../jobs/upload-series.js';
import { IdSet } from '../../jobs/id-set.js';
import { writeResults } from '../../jobs/results.js';
import type { Requests } from '../schemas/requests.js';
import type { JobQuery } from '../schemas/job-request.js';
import { checkAtOnce, checkQuery } from '../validation/request-check.js';
import { ApiError, invalidRequest } from '../errors.js';
import { rateLimitHeaders } from '../middleware/rate-limit.js';
import { need } from '../state.js';
import { NDJSON } from './forecast-batch.js';

/** What the job routes share. */
export interface JobRoutes {
  jobs: JobStore;
  queue: JobQueue;
  bounds: JobBounds;
  requests: Requests;
}

/** A new job id: 128 random bits, so ids cannot be guessed. */
export function newJobId(): string {
  return `job_${toBase62(bytesToBigInt(randomBytes(16)), 22)}`;
}

const JOB_ID = /^job_[0-9A-Za-z]{22}$/;

const notFound = () => new ApiError('JOB_NOT_FOUND', 'your organization has no job of this id; GET /v1/jobs lists your jobs');

// every store failure here means the same to the caller
async function reach<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError('SERVICE_UNAVAILABLE', 'the job store cannot be reached; retry shortly', { cause: err, headers: { 'Retry-After': '2' } });
  }
}

/** The API's view of a job. */
export function jobBody(j: JobRecord): JobBody {
  return {
    id: j.id,
    model: j.model,
    status: j.status === 'uploading' ? 'queued' : j.status,
    progress: { series: j.series, done: j.done, failed: j.failed },
    created_at: j.createdAt,
    ...(j.startedAt !== null ? { started_at: j.startedAt } : {}),
    ...(j.finishedAt !== null ? { finished_at: j.finishedAt } : {}),
    ...(j.expiresAt !== null ? { expires_at: j.expiresAt } : {}),
    errors: j.errors.map((e) => ({ id: e.id, code: e.code, detail: e.detail })),
    errors_total: j.errorCount,
  };
}

/** POST /{model}/v1/jobs: checks the query, stores the body's series as they arrive, queues the job, answers 202 with Location. */
export function createJobRoute(r: JobRoutes): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    const model = need(ctx, 'model');
    const format = uploadFormat(ctx.get('Content-Type'));
    if (format === undefined) {
      throw new ApiError('REQUEST_INVALID', 'Content-Type must be application/json (the batch body), application/x-ndjson (a series a line) or text/csv (unique_id,ds,y)', { status: 415 });
    }
    const rawQuery = ctx.query as Record<string, string | string[] | undefined>;
    let q: JobQuery;
    let series: AsyncIterable<UploadedSeries> | Iterable<UploadedSeries>;
    // the ids taken so far, one set for the CSV reader and the store
    const seen = new IdSet();
    if (format === 'json') {
      // the body's fields win over the query's: the query is checked as a query (strings coerced,
      // its horizon optional when the body has one), the body's fields as a body
      const body = await jsonBody(ctx.req, r.bounds.uploadLimitBytes);
      const query = checkQuery(r.requests.jobQuery, 'horizon' in body.shared && rawQuery.horizon === undefined ? { ...rawQuery, horizon: '1' } : rawQuery);
      if (query.accepted === undefined) throw invalidRequest(query.errors);
      const fields = checkAtOnce(r.requests.jobFields, { horizon: query.accepted.horizon, ...body.shared });
      if (fields.accepted === undefined) throw invalidRequest(fields.errors);
      q = { ...query.accepted, ...fields.accepted };
      series = body.series;
    } else {
      const query = checkQuery(r.requests.jobQuery, rawQuery);
      if (query.accepted === undefined) throw invalidRequest(query.errors);
      q = query.accepted;
      series = format === 'ndjson'
        ? ndjsonSeries(ctx.req, r.bounds.uploadLimitBytes)
        : csvSeries(ctx.req, r.bounds.uploadLimitBytes, { horizon: q.horizon, ...(q.freq ? { freq: q.freq } : {}), seen });
    }
    const params: JobParams = {
      horizon: q.horizon,
      ...(q.level ? { level: q.level } : {}),
      ...(q.quantiles ? { quantiles: q.quantiles } : {}),
      ...(q.freq ? { freq: q.freq } : {}),
      ...(q.season_length ? { season_length: q.season_length } : {}),
      ...(q.fitted ? { fitted: true } : {}),
      ...(q.holidays ? { holidays: q.holidays } : {}),
      modelConfig: model.config,
    };
    const id = newJobId();
    await reach(r.jobs.createJob({ id, organizationId: key.organizationId, keyId: key.keyId, model: model.name, params }));
    let job: JobRecord;
    try {
      const stored = await storeUpload(series, {
        jobs: r.jobs, jobId: id, params, onInvalid: q.on_invalid ?? 'fail', batch: r.requests.batch,
        maxSeries: r.bounds.maxSeries, chunkCost: r.bounds.chunkCost, seen,
      });
      job = await reach(r.jobs.finishUpload(id, stored));
    } catch (err) {
      await r.jobs.removeJob(id).catch(() => {});
      // the rest of a refused body is not read: the answer closes the connection
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      throw err instanceof ApiError ? err : await reach(Promise.reject(err));
    }
    // stored: a queue that cannot be reached now still finds the job when it looks (or on restart)
    await r.queue.submit(job).catch(() => {});
    ctx.status = 202;
    ctx.set('Location', `/v1/jobs/${id}`);
    if (ctx.state.rateLimit) ctx.set(rateLimitHeaders(ctx.state.rateLimit));
    ctx.body = jobBody(job);
  };
}

// the caller's job of the id in the path, or 404 (a malformed id costs no store lookup)
async function ownJob(r: JobRoutes, id: string, organizationId: string): Promise<JobRecord> {
  if (!JOB_ID.test(id)) throw notFound();
  const job = await reach(r.jobs.getJob(id, organizationId));
  if (job === undefined) throw notFound();
  return job;
}

/** GET /v1/jobs/{id}. */
export function getJobRoute(r: JobRoutes): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = jobBody(await ownJob(r, String(ctx.params.id), key.organizationId));
  };
}

/** GET /v1/jobs/{id}/results: CSV or NDJSON by Accept, in input order. */
export function jobResultsRoute(r: JobRoutes): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    const job = await ownJob(r, String(ctx.params.id), key.organizationId);
    if (job.status === 'queued' || job.status === 'running' || job.status === 'uploading') {
      throw new ApiError('JOB_NOT_FINISHED', `the job is ${job.status === 'running' ? 'running' : 'queued'} (${job.done + job.failed} of ${job.series} series done); ask again after Retry-After seconds`,
        { headers: { 'Retry-After': String(retryAfter(job)) } });
    }
    if (job.resultsDeleted) throw new ApiError('JOB_EXPIRED', job.status === 'succeeded' ? `the job's results were deleted${job.expiresAt !== null && Date.parse(job.expiresAt) <= Date.now() ? ` when they expired at ${job.expiresAt}` : ''}; run the job again` : 'the job was cancelled and its results deleted; run the job again');
    if (job.status !== 'succeeded') throw new ApiError('JOB_NOT_FINISHED', `the job ${job.status === 'failed' ? 'failed' : 'was cancelled'} and has no results; its errors say why`);
    const format = ctx.accepts('text/csv', NDJSON) === NDJSON ? 'ndjson' : 'csv';
    ctx.status = 200;
    ctx.type = format === 'ndjson' ? NDJSON : 'text/csv';
    ctx.set('Cache-Control', 'no-store');
    ctx.respond = false;
    ctx.res.writeHead(200, ctx.response.headers as Record<string, string>);
    try {
      await writeResults(r.jobs, job, format, ctx.res);
    } catch (err) {
      // the headers are gone: a cut answer is how the caller learns of the failure
      ctx.res.destroy(err as Error);
    }
  };
}

// seconds until the job is likely further along: its size, roughly
function retryAfter(job: JobRecord): number {
  return Math.min(60, Math.max(1, Math.ceil((job.series - job.done - job.failed) / 2000)));
}

/** DELETE /v1/jobs/{id}: cancels what has not run and deletes inputs and results. */
export function deleteJobRoute(r: JobRoutes): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    const id = String(ctx.params.id);
    if (!JOB_ID.test(id) || !(await reach(r.jobs.cancelJob(id, key.organizationId)))) throw notFound();
    ctx.status = 204;
  };
}

/** Jobs on a page of GET /v1/jobs unless ?limit= says fewer or more (at most MAX_PAGE). */
export const PAGE = 50;
const MAX_PAGE = 100;

/** GET /v1/jobs: the organization's jobs, newest first, ?cursor= for the next page. */
export function listJobsRoute(r: JobRoutes): Middleware {
  return async (ctx) => {
    const key = need(ctx, 'key');
    const { cursor, limit: limitText } = ctx.query;
    let limit = PAGE;
    if (limitText !== undefined) {
      limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
      if (limit < 1 || limit > MAX_PAGE) throw new ApiError('REQUEST_INVALID', `limit must be an integer from 1 to ${MAX_PAGE}`, { errors: [{ pointer: '/limit', detail: `must be an integer from 1 to ${MAX_PAGE}` }] });
    }
    let after: { createdAt: string; id: string } | undefined;
    if (cursor !== undefined) {
      after = typeof cursor === 'string' ? decodeCursor(cursor) : undefined;
      if (after === undefined) throw new ApiError('REQUEST_INVALID', 'cursor must be the next_cursor of an earlier page', { errors: [{ pointer: '/cursor', detail: 'not a cursor this server gave' }] });
    }
    const page = await reach(r.jobs.listJobs(key.organizationId, limit, after));
    const body: JobListBody = { jobs: page.jobs.map(jobBody), next_cursor: page.next === null ? null : encodeCursor(page.next) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };
}

function encodeCursor(at: { createdAt: string; id: string }): string {
  return Buffer.from(`${at.createdAt}|${at.id}`).toString('base64url');
}

function decodeCursor(text: string): { createdAt: string; id: string } | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || id === undefined || !JOB_ID.test(id) || Number.isNaN(Date.parse(createdAt))) return undefined;
  return { createdAt, id };
}
