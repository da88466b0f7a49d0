// Runs many series on the worker pool, a bounded number at a time, and hands the results on in
// input order as soon as each prefix is complete, so memory holds only the out-of-order window.
import type { ComputePool } from '../compute/pool.js';
import type { CoreConfig, ForecastResult } from '@tempo-forecast/core';

/** One series ready for the core. */
export interface SeriesTask {
  values: Array<number | null>;
  horizon: number;
  level?: number[];
  seasonLength?: number;
  periodHints?: number[];
  regressors?: Record<string, number[]>;
  quantiles?: number[];
  /** also the one-step-ahead in-sample predictions */
  fitted?: boolean;
  /** the model's configuration (--model) */
  config?: CoreConfig;
}

/**
 * Forecasts every task with at most `inFlight` on the pool at once; `emit` sees results in task
 * order (awaited, so a slow writer slows the run instead of piling up results). The first failure
 * stops new work and rejects with that task's index attached.
 */
export async function runInOrder(
  pool: ComputePool, tasks: readonly SeriesTask[], inFlight: number,
  emit: (index: number, result: ForecastResult) => Promise<void>,
): Promise<void> {
  const ready: Array<ForecastResult | undefined> = [];
  let nextTask = 0;
  let nextEmit = 0;
  let failure: unknown;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    writing = writing.then(async () => {
      while (failure === undefined && ready[nextEmit] !== undefined) {
        const r = ready[nextEmit]!;
        ready[nextEmit] = undefined;
        await emit(nextEmit, r);
        nextEmit += 1;
      }
    }).catch((err) => { failure ??= err; });
    return writing;
  };

  const runner = async () => {
    while (failure === undefined && nextTask < tasks.length) {
      const i = nextTask++;
      const t = tasks[i];
      try {
        ready[i] = await pool.forecast({
          series: t.values, horizon: t.horizon, level: t.level, seasonLength: t.seasonLength, periodHints: t.periodHints,
          ...(t.regressors ? { regressors: t.regressors } : {}), ...(t.quantiles ? { quantiles: t.quantiles } : {}),
          ...(t.fitted ? { fitted: true } : {}), ...(t.config ? { config: t.config } : {}),
        });
      } catch (err) {
        failure ??= Object.assign(new Error((err as Error).message, { cause: err }), { taskIndex: i });
        return;
      }
      // a writer behind by more than the window holds the runners back (backpressure)
      if (i - nextEmit > 4 * inFlight) await flush();
      else void flush();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(inFlight, tasks.length)) }, runner));
  await flush();
  if (failure !== undefined) throw failure;
}
