// A piscina worker: owns one instance of the WASM core and runs one forecast at a time on it.
import { readFile } from 'node:fs/promises';
import { workerData } from 'piscina';
import { createForecaster, CoreError, type CoreConfig, type Forecaster, type ForecastResult } from '@tempo-forecast/core';
import { defaultWasmPath } from '../core/node.js';
import { runBacktest, type BacktestInput, type BacktestResult } from '../backtest/run.js';
import { backtestMany, type ManyInput, type ManyScores } from '../backtest/many.js';

/** What the pool sends: the series as one Float64Array (missing values are NaN). */
export interface ForecastTask {
  series: Float64Array;
  horizon: number;
  seasonLength?: number;
  periodHints?: number[];
  level?: number[];
  config?: CoreConfig;
  fitted?: boolean;
  regressors?: Record<string, ArrayLike<number>>;
  quantiles?: number[];
}

/** What the worker answers: a result, or an expected failure the core reported as a status. */
export type ForecastReply =
  | { ok: true; result: ForecastResult }
  | { ok: false; status: number; message: string };

interface WorkerData { wasmPath?: string }

const wasmPath = (workerData as WorkerData | undefined)?.wasmPath ?? defaultWasmPath();
// compiled once per worker; an instance is made from it at start and again after a trap
const modulePromise: Promise<WebAssembly.Module> = readFile(wasmPath).then((b) => WebAssembly.compile(b));
let forecaster: Promise<Forecaster> = modulePromise.then((m) => createForecaster(m));

/** Runs one forecast; a CoreError comes back as a reply, a trap rethrows after a fresh instance is made. */
export default async function forecast(task: ForecastTask): Promise<ForecastReply> {
  const f = await forecaster;
  try {
    const result = f.forecast(task.series, task.horizon, {
      seasonLength: task.seasonLength,
      periodHints: task.periodHints,
      level: task.level,
      config: task.config,
      fitted: task.fitted,
      regressors: task.regressors,
      quantiles: task.quantiles,
    });
    return { ok: true, result };
  } catch (err) {
    if (err instanceof CoreError) return { ok: false, status: err.status, message: err.message };
    // a trapped instance may hold broken state: never run it again
    forecaster = modulePromise.then((m) => createForecaster(m));
    throw err;
  }
}

/** What the pool sends for a backtest: every window of one series, run here one after another. */
export type BacktestTask = BacktestInput;

/** What the worker answers for a backtest. */
export type BacktestReply =
  | { ok: true; result: BacktestResult }
  | { ok: false; status: number; message: string };

/** Runs every window of a backtest on this worker's core; failures are handled as in `forecast`. */
export async function backtest(task: BacktestTask): Promise<BacktestReply> {
  const f = await forecaster;
  try {
    return { ok: true, result: runBacktest((s, h, o) => f.forecast(s, h, o), task) };
  } catch (err) {
    if (err instanceof CoreError) return { ok: false, status: err.status, message: err.message };
    forecaster = modulePromise.then((m) => createForecaster(m));
    throw err;
  }
}

/** What the pool sends to score a chunk of series under one config (tuning). */
export type ManyTask = ManyInput;

/** What the worker answers for a chunk. */
export type ManyReply =
  | { ok: true; result: ManyScores }
  | { ok: false; status: number; message: string };

/** Backtests every series of a chunk under one config on this worker's core. */
export async function scoreMany(task: ManyTask): Promise<ManyReply> {
  const f = await forecaster;
  try {
    return { ok: true, result: backtestMany((s, h, o) => f.forecast(s, h, o), task) };
  } catch (err) {
    if (err instanceof CoreError) return { ok: false, status: err.status, message: err.message };
    forecaster = modulePromise.then((m) => createForecaster(m));
    throw err;
  }
}

/** Many series in one worker hop: `values` holds them end to end, `lengths[i]` values each (NaN = missing). */
export interface ForecastManyTask {
  values: Float64Array;
  lengths: number[];
  horizon: number;
  seasonLengths: Array<number | undefined>;
  periodHints?: Array<number[] | undefined>;
  level?: number[];
  config?: CoreConfig;
  regressors?: Array<Record<string, ArrayLike<number>> | undefined>;
  quantiles?: number[];
  fitted?: boolean;
}

/** Forecasts each series of the task in order; one reply per series, so one refused series spoils none of the others. */
export async function forecastMany(task: ForecastManyTask): Promise<ForecastReply[]> {
  const replies: ForecastReply[] = [];
  let start = 0;
  for (let i = 0; i < task.lengths.length; i++) {
    const end = start + task.lengths[i];
    replies.push(await forecast({
      series: task.values.subarray(start, end),
      horizon: task.horizon,
      seasonLength: task.seasonLengths[i],
      periodHints: task.periodHints?.[i],
      level: task.level,
      config: task.config,
      regressors: task.regressors?.[i],
      quantiles: task.quantiles,
      fitted: task.fitted,
    }));
    start = end;
  }
  return replies;
}

/** Many series' backtests in one worker hop: `values` holds them end to end, `lengths[i]` values each (NaN = missing). */
export interface BacktestGroupTask extends Omit<ForecastManyTask, 'regressors'> {
  windows: number;
  step: number;
}

/** Backtests each series of the task in order; one reply per series, so one refused series spoils none of the others. */
export async function backtestGroup(task: BacktestGroupTask): Promise<BacktestReply[]> {
  const replies: BacktestReply[] = [];
  let start = 0;
  for (let i = 0; i < task.lengths.length; i++) {
    const end = start + task.lengths[i];
    replies.push(await backtest({
      series: task.values.subarray(start, end),
      horizon: task.horizon,
      windows: task.windows,
      step: task.step,
      seasonLength: task.seasonLengths[i],
      ...(task.periodHints?.[i] ? { periodHints: task.periodHints[i] } : {}),
      level: task.level,
      config: task.config,
      ...(task.quantiles ? { quantiles: task.quantiles } : {}),
    }));
    start = end;
  }
  return replies;
}

/** Resolves with the core's ABI version once this worker's instance is loaded. */
export async function ping(): Promise<number> {
  return (await forecaster).abiVersion;
}
