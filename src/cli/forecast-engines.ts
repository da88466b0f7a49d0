// Where `tempo forecast` computes: this machine's worker pool, or a Tempo server in batches
// (--server). Everything else (reading and checking the file, the output, progress, the summary,
// exit codes and messages) is one command's, so the two ways cannot drift apart.
import { TempoClient, type BatchSeries, type FetchLike } from '@tempo-forecast/client';
import { methodBody } from './method-body.js';
import { createComputePool } from '../compute/pool.js';
import type { ForecastResult } from '@tempo-forecast/core';
import { runInOrder, type SeriesTask } from './forecast-run.js';

/** Hands each series' result on in input order; rejects with the failing task's index attached (`taskIndex`). */
export interface ForecastEngine {
  run(tasks: readonly SeriesTask[], emit: (index: number, result: ForecastResult) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /** what the final line says it ran on: "2 workers", "http://…" */
  where: string;
}

/** Per-series time limit on the pool; a local run has no caller waiting on a socket. */
const SERIES_TIMEOUT_MS = 600_000;

/** The pool of this machine, `workers` threads. */
export function localEngine(workers: number): ForecastEngine {
  const pool = createComputePool({ workers, timeoutMs: SERIES_TIMEOUT_MS, maxQueue: 8 * workers });
  return {
    run: (tasks, emit) => runInOrder(pool, tasks, 2 * workers, emit),
    close: () => pool.close(),
    where: `${workers} worker${workers === 1 ? '' : 's'}`,
  };
}

/** What a server run sends besides each task. */
export interface ServerEngineOptions {
  server: string;
  /** Never printed. */
  apiKey: string;
  model?: string;
  batchSize?: number;
  /** --freq, for every series */
  freq?: string;
  /** per task: its id and its timestamps in UTC form (absent: sent without dates) */
  series: ReadonlyArray<{ id: string; timestamps?: string[] }>;
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/** A Tempo server, through the client's forecastMany (batches streamed in input order). */
export function serverEngine(o: ServerEngineOptions): ForecastEngine {
  const client = new TempoClient({ apiKey: o.apiKey, baseUrl: o.server, ...(o.model ? { model: o.model } : {}), ...(o.fetch ? { fetch: o.fetch } : {}) });
  return {
    async run(tasks, emit) {
      if (tasks.length === 0) return;
      const first = tasks[0];
      // the season is told per series; the server reads the calendar from each series' dates as the local run does
      const source = tasks.map((t, i): BatchSeries => ({
        id: o.series[i].id, values: t.values,
        ...(o.series[i].timestamps ? { timestamps: o.series[i].timestamps } : {}),
        ...(t.seasonLength !== undefined && t.periodHints === undefined ? { seasonLength: t.seasonLength } : {}),
        ...(t.regressors ? { regressors: t.regressors } : {}),
      }));
      let i = 0;
      for await (const item of client.forecastMany(source, {
        horizon: first.horizon, ...(first.level ? { level: first.level } : {}), ...(first.quantiles ? { quantiles: first.quantiles } : {}),
        ...(first.fitted ? { fitted: true } : {}), ...(o.freq ? { freq: o.freq } : {}), ...(o.batchSize ? { batchSize: o.batchSize } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
      })) {
        if ('error' in item) throw Object.assign(new Error(item.error.detail), { taskIndex: i });
        await emit(i, {
          forecast: item.forecast, ...(item.intervals ? { intervals: item.intervals } : {}), ...(item.quantiles ? { quantiles: item.quantiles } : {}),
          method: methodBody(item.method!), ...(item.fitted ? { fitted: item.fitted } : {}), ...(item.fittedIntervals ? { fitted_intervals: item.fittedIntervals } : {}),
        });
        i += 1;
      }
    },
    close: async () => {},
    where: o.server,
  };
}
