// Runs tunings in the background: one at a time per process, each as units of work on the worker
// pool (never on the event loop), its progress and heartbeat in the store so every instance can
// show it, its outcome in the store so every instance serves the model once ready. With a durable
// place for inputs (the job store), a tuning's input is kept until it ends and the job queue runs
// it: a restarted embedded server runs it again, and with BullMQ any worker process may, so a
// tuning survives the instance that accepted it.
import type { Logger } from 'pino';
import type { ComputePool } from '../compute/pool.js';
import type { CoreConfig } from '@tempo-forecast/core';
import type { DatePlan } from '../dates/index.js';
import { seriesSegments } from './series-segments.js';
import { INTERRUPTED_TUNING } from '../store/tuning-messages.js';
import type { Store } from '../store/types.js';
import { candidateConfigs, sharedCalendarSeasons } from './candidates.js';
import { DEFAULT_TUNE_OPTIONS, type TuneOptions } from './tune.js';
import { tuneSegments, type SegmentOptions } from './segments.js';
import { loadForecaster } from '../core/node.js';
import type { Forecaster } from '@tempo-forecast/core';

// the core's tests, run here: a pass or two over each series, far lighter than one unit of work
let classifier: Promise<Forecaster> | undefined;

export interface TuningJob {
  name: string;
  organizationId: string;
  base: CoreConfig;
  horizon: number;
  series: Array<Array<number | null>>;
  /** Each series' date plan, when the training came with timestamps or a freq. */
  dates?: DatePlan[];
}

/** Where tunings wait and who runs them, when they must outlive the process that accepted them. */
export interface DurableTunings {
  /** Keeps the tuning's input where any process can read it. */
  save(job: TuningJob): Promise<void>;
  /** Forgets it once it has ended. */
  drop(name: string): Promise<void>;
  /** Hands it to the shared queue (BullMQ); absent: this process runs it. */
  dispatch?(name: string): Promise<void>;
}

export interface TuningService {
  /** Queues a tuning whose row the store already holds; returns at once. */
  start(job: TuningJob): void;
  /** Runs a tuning in this process (the queue's worker, or a restart's resume); resolves when it has ended, rejects when stopped by close (to be run again elsewhere). */
  runHere(job: TuningJob): Promise<void>;
  /** Stops the tuning of that name if this process runs or queues it (its row was deleted). */
  cancel(name: string): void;
  /** Resolves when nothing runs or waits. */
  idle(): Promise<void>;
  /** Takes no more work; whatever runs or waits is marked failed as interrupted. */
  close(): Promise<void>;
}

export interface TuningServiceOptions {
  store: Store;
  pool: ComputePool;
  logger: Logger;
  /** How often a running tuning tells the store it is alive; well under the stale limit. */
  heartbeatMs: number;
  /** Overrides of the tuning defaults (e.g. `parallel`, the units of work in flight at once). */
  tune?: SegmentOptions;
  /** Told every progress step of every tuning (the CLI draws its bar from it). */
  onProgress?: (name: string, done: number) => void;
  /** Keep inputs and let the queue run tunings (see the file comment). */
  durable?: DurableTunings;
}

class Stopped extends Error {}

/** A service that runs queued tunings one after another. */
export function createTuningService(o: TuningServiceOptions): TuningService {
  let chain: Promise<void> = Promise.resolve();
  const cancelled = new Set<string>();
  const queued = new Set<string>();
  let closed = false;
  let current: string | null = null;

  async function run(job: TuningJob): Promise<void> {
    let last = 0;
    let lastWrite = 0;
    // a DELETE answered by another instance removes the row: looked at now and then, it stops this run
    let gone = false;
    let lastLook = Date.now();
    const look = () => {
      if (Date.now() - lastLook < 1000) return;
      lastLook = Date.now();
      void o.store.getTuning(job.name, job.organizationId).then((t) => { if (t === undefined || t.status !== 'tuning') gone = true; }, () => {});
    };
    const beat = setInterval(() => {
      o.store.setTuningProgress(job.name, last).catch((err) => o.logger.warn({ err, model: job.name }, 'tuning heartbeat failed'));
    }, o.heartbeatMs);
    try {
      const result = await tuneSegments(
        {
          series: job.series, horizon: job.horizon, base: job.base, dates: job.dates,
          candidates: candidateConfigs(job.base, sharedCalendarSeasons(job.dates)),
          ...seriesSegments(await (classifier ??= loadForecaster()), job.series, job.base, job.dates),
        },
        (input) => {
          look();
          if (closed || gone || cancelled.has(job.name)) throw new Stopped();
          // each tuning is a caller of its own in its organization's share of the workers
          return o.pool.scoreMany({ ...input, caller: { organization: job.organizationId, key: `tuning:${job.name}` } });
        },
        async (done) => {
          last = done;
          o.onProgress?.(job.name, done);
          // a progress write per unit would be thousands of writes for a large tuning
          if (Date.now() - lastWrite < 250 && done < 1) return;
          lastWrite = Date.now();
          await o.store.setTuningProgress(job.name, done);
        },
        { ...DEFAULT_TUNE_OPTIONS, ...o.tune },
      );
      try {
        await o.store.finishTuning(job.name, { status: 'ready', config: result.config as Record<string, unknown>, report: result.report as unknown as Record<string, unknown> });
      } catch (err) {
        // e.g. an operator created a model of the same name meanwhile
        o.logger.warn({ err, model: job.name }, 'tuned model could not be stored');
        await o.store.finishTuning(job.name, { status: 'failed', error: 'the tuned model could not be stored (its name was taken meanwhile); start it again under another name' });
      }
    } catch (err) {
      if (cancelled.has(job.name) || gone) return;
      const stopped = err instanceof Stopped || closed;
      // kept for the next run (a restart, or another worker): not failed
      if (stopped && o.durable !== undefined) throw new Stopped();
      if (!stopped) o.logger.warn({ err, model: job.name }, 'tuning failed');
      await o.store.finishTuning(job.name, {
        status: 'failed',
        error: stopped ? INTERRUPTED_TUNING : 'the tuning failed while fitting the training series; retry, and report the model name if it persists',
      }).catch((e) => o.logger.warn({ err: e, model: job.name }, 'could not mark the tuning failed'));
    } finally {
      clearInterval(beat);
      cancelled.delete(job.name);
    }
    await o.durable?.drop(job.name).catch(() => {});
  }

  // one tuning at a time in this process, in the order they came
  function enqueue(job: TuningJob): Promise<void> {
    queued.add(job.name);
    const mine = chain.then(async () => {
      queued.delete(job.name);
      if (closed) {
        if (o.durable !== undefined) throw new Stopped();
        await o.store.finishTuning(job.name, { status: 'failed', error: INTERRUPTED_TUNING }).catch(() => {});
        return;
      }
      if (cancelled.has(job.name)) {
        cancelled.delete(job.name);
        await o.durable?.drop(job.name).catch(() => {});
        return;
      }
      current = job.name;
      try {
        await run(job);
      } finally {
        current = null;
      }
    });
    chain = mine.catch((err) => {
      // the store refused even the failure: log it, and keep the queue moving for the next tuning
      if (!(err instanceof Stopped)) o.logger.error({ err, model: job.name }, 'tuning outcome could not be recorded');
    });
    return mine;
  }

  return {
    start(job) {
      const durable = o.durable;
      if (durable === undefined) {
        void enqueue(job).catch(() => {});
        return;
      }
      // kept first, so the tuning outlives this process from the moment it was accepted
      void durable.save(job)
        .then(() => (durable.dispatch !== undefined ? durable.dispatch(job.name) : enqueue(job)))
        .catch(async (err: unknown) => {
          if (err instanceof Stopped) return;
          o.logger.warn({ err, model: job.name }, 'tuning could not be queued');
          await o.store.finishTuning(job.name, { status: 'failed', error: 'the tuning could not be queued; start it again' }).catch(() => {});
          await durable.drop(job.name).catch(() => {});
        });
    },
    runHere: (job) => enqueue(job),
    cancel(name) {
      if (queued.has(name) || current === name) cancelled.add(name);
    },
    idle: () => chain,
    async close() {
      closed = true;
      await chain;
    },
  };
}
