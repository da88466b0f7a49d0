// The in-process queue of the embedded server: the store is the queue. A loop takes the oldest
// queued job whose organization runs fewer than its bound, runs its chunks without results on the
// server's compute pool (worker threads, shared fairly with callers' forecasts as `job:<id>`), and
// looks again when a job is submitted or a chunk ends. Everything it needs is in the store, so a
// restarted server resumes where the last one stopped.
import type { Logger } from 'pino';
import type { ComputePool } from '../compute/pool.js';
import type { JobBounds } from '../config/config.js';
import type { JobStore } from './store.js';
import { NO_QUEUE_METRICS, chunksInFlight, type JobQueue, type QueueMetrics } from './queue.js';
import { runChunk } from './run-chunk.js';
import { FINISHED, type JobRecord } from './types.js';

/** Attempts a chunk gets before its job is failed. */
export const CHUNK_ATTEMPTS = 3;

export interface LocalQueueOptions {
  jobs: JobStore;
  pool: ComputePool;
  bounds: JobBounds;
  logger: Logger;
  metrics?: QueueMetrics;
  /** How often finished jobs' results are checked for expiry. */
  sweepMs?: number;
}

/** Starts the in-process queue (and its workers, when bounds.workers > 0). */
export function createLocalQueue(o: LocalQueueOptions): JobQueue {
  const metrics = o.metrics ?? NO_QUEUE_METRICS;
  const slots = chunksInFlight(o.bounds.workers);
  let running = 0;
  let closed = false;
  const active = new Map<string, { pending: number[]; attempts: Map<number, number>; inFlight: number }>();
  const chunkRuns = new Set<Promise<void>>();
  // jobs found cancelled (or deleted): their running chunks stop at their next group
  const stopping = new Set<string>();
  let looking: Promise<void> | null = null;
  let again = false;

  // fills free slots with chunks of the active jobs, oldest job first, activating queued jobs as their organization allows
  async function look(): Promise<void> {
    if (closed || slots === 0) return;
    const unfinished = await o.jobs.unfinishedJobs();
    for (const job of unfinished) {
      if (active.has(job.id)) continue;
      if (!(await o.jobs.startJob(job.id, o.bounds.runningPerOrganization))) continue;
      active.set(job.id, { pending: await o.jobs.pendingChunks(job.id), attempts: new Map(), inFlight: 0 });
    }
    const byAge = unfinished.filter((j) => active.has(j.id));
    // one chunk of each job in turn, so a small job is not stuck behind a large one of the same organization
    let progressed = true;
    while (!closed && running < slots && progressed) {
      progressed = false;
      for (const job of byAge) {
        if (running >= slots) break;
        const a = active.get(job.id)!;
        const chunk = a.pending.shift();
        if (chunk === undefined) continue;
        progressed = true;
        start(job, chunk);
      }
    }
  }

  function start(job: JobRecord, chunk: number): void {
    const a = active.get(job.id)!;
    running += 1;
    a.inFlight += 1;
    const began = performance.now();
    const run = (async () => {
      let series = 0;
      try {
        const outcome = await runChunk({
          jobs: o.jobs, pool: o.pool, job, ref: { jobId: job.id, chunk }, resultsTtlMs: o.bounds.resultsTtlMs,
          stopped: () => closed || stopping.has(job.id),
        });
        if (outcome.kind === 'written') series = outcome.series;
        if (outcome.kind === 'gone') a.pending.length = 0;
      } catch (err) {
        const tries = (a.attempts.get(chunk) ?? 0) + 1;
        a.attempts.set(chunk, tries);
        if (closed) return;
        if (tries < CHUNK_ATTEMPTS) {
          o.logger.warn({ job: job.id, chunk, attempt: tries, err: (err as Error).message }, 'job chunk failed; trying again');
          a.pending.unshift(chunk);
        } else {
          o.logger.error({ job: job.id, chunk, err: (err as Error).message }, 'job chunk failed every attempt; the job fails');
          await o.jobs.failJob(job.id, { index: -1, id: '', code: 'INTERNAL_ERROR', detail: `chunk ${chunk} failed ${tries} times; the job stopped` }, o.bounds.resultsTtlMs).catch(() => {});
          a.pending.length = 0;
        }
      } finally {
        metrics.chunkFinished((performance.now() - began) / 1000, series);
        running -= 1;
        a.inFlight -= 1;
        if (a.pending.length === 0 && a.inFlight === 0) {
          active.delete(job.id);
          stopping.delete(job.id);
        }
      }
    })();
    chunkRuns.add(run);
    void run.finally(() => { chunkRuns.delete(run); wake(); });
  }

  function wake(): void {
    if (closed) return;
    if (looking !== null) {
      again = true;
      return;
    }
    looking = look().catch((err: unknown) => { o.logger.warn({ err: (err as Error).message }, 'job queue could not read the store; trying again shortly'); })
      .finally(() => {
        looking = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  // a cancelled job's chunks stop at their next group: the sweep looks once a second
  const sweep = setInterval(() => {
    void o.jobs.expireResults(new Date().toISOString()).catch(() => {});
    for (const id of active.keys()) {
      void o.jobs.jobById(id).then((j) => {
        if (j !== undefined && !FINISHED.has(j.status)) return;
        stopping.add(id);
        const a = active.get(id);
        if (a !== undefined) a.pending.length = 0;
      }).catch(() => {});
    }
    wake();
  }, o.sweepMs ?? 1000);
  sweep.unref();
  // uploads left by a server that died mid-upload will never finish
  void o.jobs.dropStaleUploads(new Date(Date.now() - 10 * 60_000).toISOString()).catch(() => {});
  wake();

  return {
    async submit() { wake(); },
    async depth() {
      let n = 0;
      for (const a of active.values()) n += a.pending.length;
      return n;
    },
    async running() { return running; },
    async workersAlive() { return closed || slots === 0 ? 0 : 1; },
    async close() {
      closed = true;
      clearInterval(sweep);
      await looking;
      await Promise.allSettled([...chunkRuns]);
    },
  };
}
