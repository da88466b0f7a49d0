// Opens the job system the configuration asks for: the job store beside the key store (SQLite
// file or PostgreSQL), and the queue: in-process, or BullMQ on Redis when REDIS_URL and
// DATABASE_URL are both set (workers on other machines need a database they can all reach).
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { ComputePool } from '../compute/pool.js';
import { sqlitePath } from '../store/open.js';
import type { JobStore } from './store.js';
import type { JobQueue, QueueMetrics } from './queue.js';
import { createLocalQueue } from './local-queue.js';
import type { TuningService } from '../tuning/service.js';
import { resumeTunings } from './tuning-inputs.js';

/** A job store and its queue. */
export interface JobSystem {
  store: JobStore;
  queue: JobQueue;
  /** Closes the queue (running chunks end or are left for another delivery), then the store. */
  close(): Promise<void>;
}

/** What the queue runs on and reports to, and where its tables and keys are (tests). */
export interface JobSystemOptions {
  /** Runs tunings taken from the queue (BullMQ), or kept ones again after a restart (in-process). */
  tuning?: TuningService;
  pool: ComputePool;
  logger: Logger;
  metrics?: QueueMetrics;
  /** PostgreSQL schema of the tables (tests); default the search_path. */
  schema?: string;
}

/** Opens the job store for `config` (no queue: the CLI's job commands read and cancel only). */
export async function openJobStore(config: Pick<Config, 'dataDir' | 'databaseUrl'>, schema?: string): Promise<JobStore> {
  if (config.databaseUrl !== null) {
    const { openPostgresJobStore } = await import('./postgres-store.js');
    return openPostgresJobStore({ url: config.databaseUrl, ...(schema !== undefined ? { schema } : {}) });
  }
  const { openSqliteJobStore } = await import('./sqlite-store.js');
  return openSqliteJobStore(sqlitePath(config));
}

/** Whether jobs go through BullMQ: Redis to queue on, and PostgreSQL that every worker machine reaches. */
export function usesBullmq(config: Pick<Config, 'redisUrl' | 'databaseUrl'>): boolean {
  return config.redisUrl !== null && config.databaseUrl !== null;
}

/** Starts the queue on an open store, running `config.jobs.workers` chunks at once in this process on `o.pool`. */
export async function startJobQueue(config: Config, store: JobStore, o: JobSystemOptions): Promise<JobQueue> {
  if (usesBullmq(config)) {
    const { createBullQueue } = await import('./bullmq-queue.js');
    return createBullQueue({
      redisUrl: config.redisUrl!, prefix: config.jobs.queuePrefix, jobs: store, bounds: config.jobs, logger: o.logger,
      pool: o.pool, lockMs: config.jobs.lockMs, ...(o.metrics ? { metrics: o.metrics } : {}), ...(o.tuning ? { tuning: o.tuning } : {}),
    });
  }
  const queue = createLocalQueue({ jobs: store, pool: o.pool, bounds: config.jobs, logger: o.logger, ...(o.metrics ? { metrics: o.metrics } : {}) });
  // tunings a stopped server left are run again here
  if (o.tuning !== undefined) await resumeTunings(store, o.tuning);
  return queue;
}

/** A queue that forwards to the one `current()` returns (the server's app needs its queue before the queue's pool exists). */
export function forwardingQueue(current: () => JobQueue | undefined): JobQueue {
  const q = () => {
    const c = current();
    if (c === undefined) throw new Error('the job queue has not started');
    return c;
  };
  return {
    submit: (job) => q().submit(job),
    dispatchTuning: async (name) => {
      const c = q();
      if (c.dispatchTuning === undefined) throw new Error('this queue runs tunings where they are accepted');
      await c.dispatchTuning(name);
    },
    depth: () => q().depth(),
    running: () => q().running(),
    workersAlive: () => q().workersAlive(),
    close: () => q().close(),
  };
}

/** Opens the store and the queue (`tempo worker`), running `config.jobs.workers` chunks at once on `o.pool`. */
export async function openJobSystem(config: Config, o: JobSystemOptions): Promise<JobSystem> {
  const store = await openJobStore(config, o.schema);
  let queue: JobQueue;
  try {
    queue = await startJobQueue(config, store, o);
  } catch (err) {
    await store.close();
    throw err;
  }
  return {
    store,
    queue,
    async close() {
      await queue.close();
      await store.close();
    },
  };
}
