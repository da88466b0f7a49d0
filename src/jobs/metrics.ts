// The job metrics of /metrics: what the queue holds and who works it (read when scraped), and what
// chunks this process saw run (counted as they run).
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { JobQueue, QueueMetrics } from './queue.js';

/** Registers the job metrics in `registry`; the queue is asked for its depth and workers when scraped. */
export function createJobMetrics(registry: Registry, queue: () => JobQueue | undefined): QueueMetrics {
  new Gauge({
    name: 'tempo_job_queue_depth',
    help: 'Job chunks waiting to be computed',
    registers: [registry],
    async collect() { this.set(await queue()?.depth().catch(() => 0) ?? 0); },
  });
  new Gauge({
    name: 'tempo_job_workers_alive',
    help: 'Job worker processes seen alive',
    registers: [registry],
    async collect() { this.set(await queue()?.workersAlive().catch(() => 0) ?? 0); },
  });
  new Gauge({
    name: 'tempo_job_chunks_running',
    help: 'Job chunks computing now',
    registers: [registry],
    async collect() { this.set(await queue()?.running().catch(() => 0) ?? 0); },
  });
  const seconds = new Histogram({
    name: 'tempo_job_chunk_seconds',
    help: 'Time one job chunk took, from its start to its result written',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const series = new Counter({ name: 'tempo_job_series_total', help: 'Series forecast by job chunks (rate() of it is series per second)', registers: [registry] });
  const stalled = new Counter({ name: 'tempo_job_chunks_redelivered_total', help: 'Job chunks delivered again after their worker stopped answering (stalled)', registers: [registry] });
  return {
    chunkFinished: (s, n) => {
      seconds.observe(s);
      series.inc(n);
    },
    chunkStalled: () => stalled.inc(),
  };
}
