// `tempo worker`: computes job chunks taken from the BullMQ queue, on this machine's worker threads,
// until SIGTERM or SIGINT (then the chunks it is computing end and their results are written; a
// chunk not finished in time is delivered to another worker). Any number of machines may run it
// with the API's DATABASE_URL and REDIS_URL.
import { loadConfig } from '../config/config.js';
import { createComputePool } from '../compute/pool.js';
import { openJobSystem, usesBullmq } from '../jobs/open.js';
import { createLogger } from '../server/listen.js';
import { openStore } from '../store/open.js';
import { createTuningService, type DurableTunings } from '../tuning/service.js';
import type { JobStore } from '../jobs/store.js';
import { tuningHeartbeatMs } from '../server/app.js';
import { packTuning } from '../jobs/tuning-inputs.js';
import { parseCommand } from './args.js';
import { UsageError, type CliIO } from './io.js';
import { WORKER_HELP } from './usage.js';

/** Runs the worker until interrupted; resolves to the exit code. */
export async function workerCommand(argv: string[], io: CliIO): Promise<number> {
  const p = parseCommand('worker', argv, { 'job-workers': { type: 'string' } }, 0, WORKER_HELP);
  if (p.values.help === true) {
    io.out(WORKER_HELP);
    return 0;
  }
  const config = loadConfig({ 'job-workers': p.values['job-workers'], 'data-dir': p.values['data-dir'] }, io.env);
  if (!usesBullmq(config)) {
    throw new UsageError('worker: needs DATABASE_URL and REDIS_URL, the job records and the queue every machine shares (a server without them computes its own jobs)', WORKER_HELP);
  }
  if (config.jobs.workers === 0) throw new UsageError('worker: --job-workers (TEMPO_JOB_WORKERS) must be at least 1 for a worker', WORKER_HELP);
  const logger = createLogger(config.logLevel);
  const pool = createComputePool({ workers: config.workers, timeoutMs: config.forecastTimeoutMs });
  // tunings taken from the queue end in the key store (a ready one becomes the organization's model)
  const store = await openStore(config, (err) => logger.warn({ err: err.message }, 'key store connection problem; retrying'), false);
  let system;
  let tuning;
  try {
    await pool.ready();
    // the tunings run here come from the queue: their inputs are in the job store, which opens with the queue
    let jobs: JobStore | undefined;
    const durable: DurableTunings = {
      save: (job) => jobs!.saveTuningInput(job.name, job.organizationId, packTuning(job)),
      drop: (name) => jobs!.dropTuningInput(name),
    };
    tuning = createTuningService({ store, pool, logger, heartbeatMs: tuningHeartbeatMs(config), tune: { parallel: config.workers }, durable });
    system = await openJobSystem(config, { pool, logger, tuning });
    jobs = system.store;
  } catch (err) {
    await pool.close();
    await store.close();
    throw err;
  }
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => { stop = resolve; });
  const unsubscribe = io.onInterrupt?.(() => stop()) ?? (() => {});
  io.err(`tempo worker ready: ${config.jobs.workers} chunks at a time on ${config.workers} worker threads`);
  await stopped;
  unsubscribe();
  logger.info('worker stopping: the chunks it is computing finish first');
  await tuning.close();
  await system.close();
  await pool.close();
  await store.close();
  return 0;
}
