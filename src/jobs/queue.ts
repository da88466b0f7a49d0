// The queue interface: how an accepted job reaches the processes that compute its chunks. Two
// implementations: in-process over the SQLite store (local-queue.ts, the embedded default) and
// BullMQ on Redis over PostgreSQL (bullmq-queue.ts, any number of `tempo worker` machines).
import type { JobRecord } from './types.js';

/** What /metrics counts as chunks end (every worker's, as the queue reports them). */
export interface QueueMetrics {
  /** a chunk ended: its seconds and the series it forecast */
  chunkFinished(seconds: number, series: number): void;
  /** a chunk delivered again after its worker stopped answering */
  chunkStalled(): void;
}

export interface JobQueue {
  /** Hands a queued job (its chunks stored) to the workers. */
  submit(job: JobRecord): Promise<void>;
  /** Hands a tuning (its input kept in the job store) to the workers; absent: the accepting process runs it. */
  dispatchTuning?(name: string): Promise<void>;
  /** Chunks waiting to be computed (every job's), for /metrics. */
  depth(): Promise<number>;
  /** Chunks computing now. */
  running(): Promise<number>;
  /** Worker processes seen alive (this one, in-process). */
  workersAlive(): Promise<number>;
  /** Stops taking chunks, lets the running ones end (their results are written, or left for another delivery), and lets go of connections. */
  close(): Promise<void>;
}

/** A no-op QueueMetrics. */
export const NO_QUEUE_METRICS: QueueMetrics = { chunkFinished() {}, chunkStalled() {} };

/**
 * Chunks one process holds at once for `workers` compute slots: one more than the slots, so that a
 * chunk's reads and writes (its input from the store, its result back, the queue's round trips)
 * overlap another chunk's compute instead of leaving a worker thread idle between chunks (a profile
 * of one `tempo worker` showed its thread waiting 11% of a job that way).
 */
export function chunksInFlight(workers: number): number {
  return workers === 0 ? 0 : workers + 1;
}
