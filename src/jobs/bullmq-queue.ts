// The queue past one machine: BullMQ on Redis, the job and chunk records in PostgreSQL. A job
// becomes a BullMQ flow once its organization may run it: a parent and one child per chunk (the
// child's id is `<job>-<chunk>`, so adding the flow again adds nothing twice). Any process with the
// same DATABASE_URL and REDIS_URL may promote queued jobs and, with job workers, compute chunks:
// `tempo worker` on any machine, or `tempo serve`. A chunk whose worker dies stops renewing its lock
// and BullMQ delivers it again; its result is written once (the store's rule), so nothing is lost
// or doubled. Chunk k of every job has priority k, so a newly promoted job's first chunks go ahead
// of a long job's later ones and a small job is not stuck behind a large one.
import { FlowProducer, Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ComputePool } from '../compute/pool.js';
import type { JobBounds } from '../config/config.js';
import type { JobStore } from './store.js';
import { chunksInFlight, type JobQueue, type QueueMetrics } from './queue.js';
import { runChunk } from './run-chunk.js';
import { FINISHED, type JobRecord } from './types.js';
import type { TuningService } from '../tuning/service.js';
import { runKeptTuning } from './tuning-inputs.js';

const CHUNKS = 'chunks';
const PARENTS = 'jobs';
const TUNINGS = 'tunings';
/** Deliveries of a chunk whose worker ran and failed (a stall is not a failure). */
export const CHUNK_ATTEMPTS = 3;
/** BullMQ's priorities end here; later chunks share it. */
const MAX_PRIORITY = 2_097_151;

export interface BullQueueOptions {
  redisUrl: string;
  /** Redis key prefix of the queue. */
  prefix: string;
  jobs: JobStore;
  bounds: JobBounds;
  logger: Logger;
  /** The pool chunks run on; without one (or with bounds.workers 0) this process computes nothing. */
  pool?: ComputePool;
  /** Counted from the queue's events (every worker's chunks), for a process that serves /metrics. */
  metrics?: QueueMetrics;
  /** How long a chunk's lock lasts without renewal before the chunk is taken for stalled and delivered again. */
  lockMs: number;
  /** How often queued jobs are looked at (promoted when their organization may run them). */
  promoteMs?: number;
  /** Runs the tunings this process takes from the queue (with a pool and workers). */
  tuning?: TuningService;
}

interface ChunkData { jobId: string; chunk: number }
interface ChunkReturn { seconds: number; series: number }

/** Connects to Redis and starts the queue (and, with a pool and workers, this process's chunk workers). */
export async function createBullQueue(o: BullQueueOptions): Promise<JobQueue> {
  // every connection made here is closed here: BullMQ leaves a connection it was handed open
  const connections: Redis[] = [];
  const connect = () => {
    const c = new Redis(o.redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
    c.on('error', () => {});
    connections.push(c);
    return c;
  };
  const conn = connect();
  conn.on('error', (err) => o.logger.warn({ err: err.message }, 'job queue (Redis) connection problem; retrying'));
  const prefix = o.prefix;
  const chunks = new Queue<ChunkData>(CHUNKS, { connection: conn, prefix });
  const flows = new FlowProducer({ connection: conn, prefix });
  const tunings = new Queue<{ name: string }>(TUNINGS, { connection: conn, prefix });
  const closers: Array<() => Promise<unknown>> = [];
  let closed = false;

  // a queued job whose organization may run it becomes a flow; startJob lets one process do it
  async function promote(job: JobRecord): Promise<void> {
    if (!(await o.jobs.startJob(job.id, o.bounds.runningPerOrganization))) return;
    await addFlow(job);
  }

  async function addFlow(job: JobRecord): Promise<void> {
    const pending = await o.jobs.pendingChunks(job.id);
    await flows.add({
      name: 'job', queueName: PARENTS, data: { jobId: job.id }, prefix,
      opts: { jobId: job.id, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86_400 } },
      children: pending.map((chunk) => ({
        name: 'chunk', queueName: CHUNKS, prefix, data: { jobId: job.id, chunk },
        opts: {
          jobId: `${job.id}-${chunk}`, priority: Math.min(MAX_PRIORITY, chunk + 1), attempts: CHUNK_ATTEMPTS,
          backoff: { type: 'exponential', delay: 500 }, removeOnComplete: true, removeOnFail: { age: 86_400 }, ignoreDependencyOnFailure: true,
        },
      })),
    });
  }

  // queued jobs promoted; a running job whose flow is missing (its promoter died between the two steps) gets it again
  let looking: Promise<void> | null = null;
  let lastReconcile = 0;
  const look = () => (looking ??= (async () => {
    try {
      const reconcile = Date.now() - lastReconcile > Math.min(30_000, 10 * o.lockMs);
      if (reconcile) lastReconcile = Date.now();
      for (const job of await o.jobs.unfinishedJobs()) {
        if (closed) return;
        if (job.status === 'queued') await promote(job);
        else if (reconcile && (await flows.getFlow({ id: job.id, queueName: PARENTS, prefix }).catch(() => undefined))?.job === undefined) await addFlow(job);
      }
      await o.jobs.expireResults(new Date().toISOString());
    } catch (err) {
      o.logger.warn({ err: (err as Error).message }, 'job queue could not promote jobs; trying again shortly');
    } finally {
      looking = null;
    }
  })());
  const ticker = setInterval(() => { void look(); }, o.promoteMs ?? 1000);
  ticker.unref();
  void o.jobs.dropStaleUploads(new Date(Date.now() - 10 * 60_000).toISOString()).catch(() => {});

  // what /metrics counts comes from the queue's events, so every worker's chunks are seen
  if (o.metrics !== undefined) {
    const metrics = o.metrics;
    const events = new QueueEvents(CHUNKS, { connection: connect(), prefix });
    events.on('completed', ({ returnvalue }) => {
      const r = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as ChunkReturn | null;
      if (r !== null && typeof r.seconds === 'number') metrics.chunkFinished(r.seconds, r.series);
    });
    events.on('stalled', () => metrics.chunkStalled());
    events.on('error', () => {});
    closers.push(() => events.close());
  }

  if (o.pool !== undefined && o.bounds.workers > 0) {
    const pool = o.pool;
    const cache = new Map<string, JobRecord>();
    // jobs whose chunks run here, looked at once a second: a cancelled one's running chunks stop
    const stopping = new Set<string>();
    const poll = setInterval(() => {
      for (const id of cache.keys()) {
        void o.jobs.jobById(id).then((j) => {
          if (j === undefined || FINISHED.has(j.status)) stopping.add(id);
          if (j === undefined || (FINISHED.has(j.status) && j.status !== 'succeeded')) cache.delete(id);
        }).catch(() => {});
      }
    }, 1000);
    poll.unref();
    const worker = new Worker<ChunkData, ChunkReturn>(CHUNKS, async (bj: Job<ChunkData>) => {
      const began = performance.now();
      const { jobId, chunk } = bj.data;
      let job = cache.get(jobId);
      if (job === undefined) {
        job = await o.jobs.jobById(jobId);
        if (job === undefined) return { seconds: 0, series: 0 };
        cache.set(jobId, job);
      }
      const outcome = await runChunk({
        jobs: o.jobs, pool, job, ref: { jobId, chunk }, resultsTtlMs: o.bounds.resultsTtlMs,
        stopped: () => closed || stopping.has(jobId),
      });
      return { seconds: (performance.now() - began) / 1000, series: outcome.kind === 'written' ? outcome.series : 0 };
    }, {
      connection: connect(), prefix, concurrency: chunksInFlight(o.bounds.workers),
      lockDuration: o.lockMs, stalledInterval: Math.max(500, Math.floor(o.lockMs / 2)), maxStalledCount: 10,
    });
    worker.on('failed', (bj, err) => {
      if (bj === undefined) return;
      o.logger.warn({ job: bj.data.jobId, chunk: bj.data.chunk, attempt: bj.attemptsMade, err: err.message }, 'job chunk failed');
      if (bj.attemptsMade >= CHUNK_ATTEMPTS) {
        void o.jobs.failJob(bj.data.jobId, { index: -1, id: '', code: 'INTERNAL_ERROR', detail: `chunk ${bj.data.chunk} failed ${bj.attemptsMade} times; the job stopped` }, o.bounds.resultsTtlMs).catch(() => {});
      }
    });
    worker.on('error', (err) => o.logger.warn({ err: err.message }, 'job worker problem'));
    // the parent of a flow completes once its chunks have: nothing is left to do then
    const parents = new Worker(PARENTS, async () => 'done', { connection: connect(), prefix, concurrency: 1 });
    parents.on('error', () => {});
    const tuning = o.tuning;
    // a tuning runs in one worker process at a time; one whose worker dies is delivered again and runs from the start
    const tuner = tuning === undefined ? undefined : new Worker<{ name: string }>(TUNINGS, async (bj) => {
      await runKeptTuning(o.jobs, tuning, bj.data.name);
    }, { connection: connect(), prefix, concurrency: 1, lockDuration: o.lockMs, stalledInterval: Math.max(500, Math.floor(o.lockMs / 2)), maxStalledCount: 10 });
    tuner?.on('error', (err) => o.logger.warn({ err: err.message }, 'tuning worker problem'));
    closers.push(async () => {
      await tuner?.close();
      clearInterval(poll);
      // running chunks end (their results written) before the worker lets go of them
      await worker.close();
      await parents.close();
    });
  }
  void look();

  return {
    async submit() { await look(); },
    async dispatchTuning(name) {
      await tunings.add('tune', { name }, { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { age: 86_400 } });
    },
    async depth() { return chunks.getWaitingCount().then(async (w) => w + (await chunks.getPrioritizedCount()) + (await chunks.getDelayedCount())); },
    async running() { return chunks.getActiveCount(); },
    async workersAlive() { return chunks.getWorkersCount(); },
    async close() {
      closed = true;
      clearInterval(ticker);
      await looking;
      for (const close of closers) await close().catch(() => {});
      await flows.close();
      await chunks.close();
      await tunings.close();
      for (const c of connections) c.disconnect();
    },
  };
}

