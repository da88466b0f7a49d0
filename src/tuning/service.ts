// Runs tunings in the background of one server process: one at a time, each as units of work on
// the worker pool (never on the event loop), its progress and heartbeat in the store so every
// instance can show it, its outcome in the store so every instance serves the model once ready.
import type { Logger } from 'pino';
import type { ComputePool } from '../compute/pool.js';
import type { CoreConfig } from '../core/index.js';
import type { DatePlan } from '../dates/index.js';
import { INTERRUPTED_TUNING } from '../store/tuning-messages.js';
import type { Store } from '../store/types.js';
import { candidateConfigs, sharedCalendarSeasons } from './candidates.js';
import { DEFAULT_TUNE_OPTIONS, tune, type TuneOptions } from './tune.js';

export interface TuningJob {
  name: string;
  organizationId: string;
  base: CoreConfig;
  horizon: number;
  series: Array<Array<number | null>>;
  /** Each series' date plan, when the training came with timestamps or a freq. */
  dates?: DatePlan[];
}

export interface TuningService {
  /** Queues a tuning whose row the store already holds; returns at once. */
  start(job: TuningJob): void;
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
  tune?: Partial<TuneOptions>;
  /** Told every progress step of every tuning (the CLI draws its bar from it). */
  onProgress?: (name: string, done: number) => void;
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
    const beat = setInterval(() => {
      o.store.setTuningProgress(job.name, last).catch((err) => o.logger.warn({ err, model: job.name }, 'tuning heartbeat failed'));
    }, o.heartbeatMs);
    try {
      const result = await tune(
        {
          series: job.series, horizon: job.horizon, base: job.base, dates: job.dates,
          candidates: candidateConfigs(job.base, sharedCalendarSeasons(job.dates)),
        },
        (input) => {
          if (closed || cancelled.has(job.name)) throw new Stopped();
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
      if (cancelled.has(job.name)) return;
      const stopped = err instanceof Stopped || closed;
      if (!stopped) o.logger.warn({ err, model: job.name }, 'tuning failed');
      await o.store.finishTuning(job.name, {
        status: 'failed',
        error: stopped ? INTERRUPTED_TUNING : 'the tuning failed while fitting the training series; retry, and report the model name if it persists',
      }).catch((e) => o.logger.warn({ err: e, model: job.name }, 'could not mark the tuning failed'));
    } finally {
      clearInterval(beat);
      cancelled.delete(job.name);
    }
  }

  return {
    start(job) {
      queued.add(job.name);
      chain = chain.then(async () => {
        queued.delete(job.name);
        if (closed) {
          await o.store.finishTuning(job.name, { status: 'failed', error: INTERRUPTED_TUNING }).catch(() => {});
          return;
        }
        if (cancelled.has(job.name)) {
          cancelled.delete(job.name);
          return;
        }
        current = job.name;
        try {
          await run(job);
        } finally {
          current = null;
        }
      }).catch((err) => {
        // the store refused even the failure: log it, and keep the queue moving for the next tuning
        o.logger.error({ err, model: job.name }, 'tuning outcome could not be recorded');
      });
    },
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
