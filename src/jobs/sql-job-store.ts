// The JobStore over either database: the statements of sql.ts run through a small adapter (one
// for SQLite, one for PostgreSQL), so the two stores share every rule and differ only in how a
// statement is run and how a transaction is held.
import type { ChunkWritten, JobPage, JobStore, NewJob, UploadSummary } from './store.js';
import type { JobStatementName } from './sql.js';
import { mergeErrors, type ChunkInput, type ChunkRef, type ChunkResult, type JobRecord, type JobSeriesError, type JobStatus } from './types.js';

/** One statement's answer. */
export interface SqlAnswer<R> {
  rows: R[];
  /** rows the statement changed */
  changed: number;
}

/** Runs the named job statements; `tx` runs `work` in one transaction on one connection. */
export interface JobDb {
  run<R = Record<string, unknown>>(name: JobStatementName, params: unknown[]): Promise<SqlAnswer<R>>;
  tx<T>(work: (db: JobDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface JobRow {
  id: string;
  organization_id: string;
  key_id: string;
  model: string;
  params: string;
  status: JobStatus;
  series: number;
  done: number;
  failed: number;
  chunks: number;
  chunks_done: number;
  errors: string;
  error_count: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  results_deleted: number;
}

function jobFromRow(r: JobRow): JobRecord {
  return {
    id: r.id,
    organizationId: r.organization_id,
    keyId: r.key_id,
    model: r.model,
    params: JSON.parse(r.params) as JobRecord['params'],
    status: r.status,
    series: Number(r.series),
    done: Number(r.done),
    failed: Number(r.failed),
    chunks: Number(r.chunks),
    chunksDone: Number(r.chunks_done),
    errors: JSON.parse(r.errors) as JobSeriesError[],
    errorCount: Number(r.error_count),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
    resultsDeleted: Number(r.results_deleted) !== 0,
  };
}

/** A JobStore on `db`, stamping rows with `now` (ISO 8601). */
export function sqlJobStore(db: JobDb, now: () => string): JobStore {
  const later = (ms: number) => new Date(Date.parse(now()) + ms).toISOString();

  async function removeJob(jobId: string): Promise<void> {
    await db.tx(async (t) => {
      await t.run('deleteChunks', [jobId]);
      await t.run('deleteJob', [jobId]);
    });
  }

  return {
    async createJob(job: NewJob) {
      const at = now();
      await db.run('insertJob', [job.id, job.organizationId, job.keyId, job.model, JSON.stringify(job.params), at, at]);
    },
    async addChunk(jobId: string, chunk: number, input: ChunkInput, cost: number) {
      await db.run('insertChunk', [jobId, chunk, input.firstSeries, input.series, Math.round(cost), input.input]);
      // the upload's heartbeat: an upload whose instance died stops moving and is dropped
      await db.run('touchJob', [now(), jobId]);
    },
    async finishUpload(jobId: string, summary: UploadSummary) {
      const { changed } = await db.run('finishUpload', [summary.series, summary.chunks, now(), jobId]);
      if (changed === 0) throw new Error(`job ${jobId} is no longer uploading`);
      const { rows } = await db.run<JobRow>('jobById', [jobId]);
      return jobFromRow(rows[0]);
    },
    removeJob,
    async getJob(id, organizationId) {
      const { rows } = await db.run<JobRow>('getJob', [id, organizationId]);
      return rows.length === 0 ? undefined : jobFromRow(rows[0]);
    },
    async jobById(id) {
      const { rows } = await db.run<JobRow>('jobById', [id]);
      return rows.length === 0 ? undefined : jobFromRow(rows[0]);
    },
    async listJobs(organizationId, limit, after): Promise<JobPage> {
      const { rows } = after === undefined
        ? await db.run<JobRow>('listJobs', [organizationId, limit + 1])
        : await db.run<JobRow>('listJobsAfter', [organizationId, after.createdAt, after.createdAt, after.id, limit + 1]);
      const jobs = rows.slice(0, limit).map(jobFromRow);
      const last = jobs.at(-1);
      return { jobs, next: rows.length > limit && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null };
    },
    async startJob(id, maxRunning) {
      return db.tx(async (t) => {
        const { rows } = await t.run<{ status: JobStatus; organization_id: string }>('lockJob', [id]);
        if (rows.length === 0) return false;
        if (rows[0].status === 'running') return true;
        if (rows[0].status !== 'queued') return false;
        await t.run('lockOrganization', [rows[0].organization_id]);
        const running = await t.run<{ n: number }>('countRunning', [rows[0].organization_id]);
        if (Number(running.rows[0].n) >= maxRunning) return false;
        const at = now();
        await t.run('startJob', [at, at, id]);
        return true;
      });
    },
    async unfinishedJobs() {
      return (await db.run<JobRow>('unfinished', [])).rows.map(jobFromRow);
    },
    async pendingChunks(jobId) {
      return (await db.run<{ chunk: number }>('pendingChunks', [jobId])).rows.map((r) => Number(r.chunk));
    },
    async chunkInput(ref: ChunkRef) {
      const { rows } = await db.run<{ first_series: number; series: number; input: Buffer }>('chunkInput', [ref.jobId, ref.chunk]);
      if (rows.length === 0) return undefined;
      return { firstSeries: Number(rows[0].first_series), series: Number(rows[0].series), input: rows[0].input };
    },
    async writeChunkResult(ref: ChunkRef, result: ChunkResult, resultsTtlMs: number): Promise<ChunkWritten> {
      return db.tx(async (t) => {
        // the job's row first: every writer of one job takes its turn here, so the counts and the
        // error list are read and written whole
        const { rows } = await t.run<{ status: JobStatus; errors: string; chunks: number; chunks_done: number }>('lockJob', [ref.jobId]);
        if (rows.length === 0) return { written: false, status: undefined };
        const job = rows[0];
        if (job.status !== 'queued' && job.status !== 'running') return { written: false, status: job.status };
        const { changed } = await t.run('writeResult', [result.result, ref.jobId, ref.chunk]);
        if (changed === 0) return { written: false, status: job.status };
        const errors = mergeErrors(JSON.parse(job.errors) as JobSeriesError[], result.errors);
        const at = now();
        await t.run('countResult', [result.done, result.failed, JSON.stringify(errors), result.errors.length, at, ref.jobId]);
        if (Number(job.chunks_done) + 1 < Number(job.chunks)) return { written: true, status: job.status };
        await t.run('succeed', [at, later(resultsTtlMs), at, ref.jobId]);
        return { written: true, status: 'succeeded' as const };
      });
    },
    async chunkResult(ref: ChunkRef) {
      const { rows } = await db.run<{ result: Buffer | null }>('chunkResult', [ref.jobId, ref.chunk]);
      return rows[0]?.result ?? undefined;
    },
    async failJob(id, error, resultsTtlMs) {
      await db.tx(async (t) => {
        const { rows } = await t.run<{ errors: string }>('lockJob', [id]);
        if (rows.length === 0) return;
        const errors = mergeErrors(JSON.parse(rows[0].errors) as JobSeriesError[], [error]);
        const at = now();
        const { changed } = await t.run('failJob', [JSON.stringify(errors), at, later(resultsTtlMs), at, id]);
        if (changed > 0) await t.run('dropInputs', [id]);
      });
    },
    async cancelJob(id, organizationId) {
      return db.tx(async (t) => {
        const { rows } = await t.run('ownJob', [id, organizationId]);
        if (rows.length === 0) return false;
        const at = now();
        await t.run('cancel', [at, at, id]);
        await t.run('deleteChunks', [id]);
        await t.run('resultsDeleted', [id]);
        return true;
      });
    },
    async expireResults(at) {
      const { rows } = await db.run<{ id: string }>('expired', [at]);
      for (const { id } of rows) {
        await db.tx(async (t) => {
          await t.run('deleteChunks', [id]);
          await t.run('resultsDeleted', [id]);
        });
      }
      return rows.length;
    },
    async dropStaleUploads(before) {
      const { rows } = await db.run<{ id: string }>('staleUploads', [before]);
      for (const { id } of rows) await removeJob(id);
      return rows.length;
    },
    async countByStatus() {
      const { rows } = await db.run<{ status: string; n: number }>('countByStatus', []);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
    async saveTuningInput(name, organizationId, input) {
      await db.run('saveTuningInput', [name, organizationId, input, now()]);
    },
    async tuningInput(name) {
      return (await db.run<{ input: Buffer }>('tuningInput', [name])).rows[0]?.input;
    },
    async dropTuningInput(name) {
      await db.run('dropTuningInput', [name]);
    },
    async tuningInputNames() {
      return (await db.run<{ name: string }>('tuningInputNames', [])).rows.map((r) => r.name);
    },
    close: () => db.close(),
  };
}
