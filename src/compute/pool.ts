// The worker pool: runs forecasts off the event loop, each worker holding its own WASM core.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { CoreConfig, ForecastResult } from '@tempo-forecast/core';
import type { BacktestResult } from '../backtest/run.js';
import type { ManyInput, ManyScores } from '../backtest/many.js';
import { createInlineCore, INLINE_MAX_POINTS, runsInline } from './inline.js';
import { defaultWasmPath } from '../core/node.js';
import type { Caller } from './fair-share.js';
import type { BacktestGroupTask, BacktestReply, BacktestTask, ForecastManyTask, ForecastReply, ForecastTask, ManyReply } from './worker.js';

export interface ComputePoolOptions {
  /** Worker threads (each holds one core instance). */
  workers: number;
  /** Per-forecast time limit, queue wait included. */
  timeoutMs: number;
  /** The .wasm to load; default build/tempo.wasm. */
  wasmPath?: string;
  /** Forecasts allowed to wait for a worker before new ones are refused; default 64 per worker. */
  maxQueue?: number;
  /** Longest series a trivial model (INLINE_MODELS) forecasts on the calling thread; 0 sends every forecast to a worker. */
  inlineMaxPoints?: number;
}

export interface ForecastInput {
  series: ArrayLike<number | null>;
  horizon: number;
  seasonLength?: number;
  /** the calendar's candidate periods, tested on the data when no season length is told */
  periodHints?: number[];
  level?: number[];
  config?: CoreConfig;
  /** also compute the one-step-ahead in-sample predictions */
  fitted?: boolean;
  /** known future covariates: name → series length + horizon values */
  regressors?: Record<string, ArrayLike<number>>;
  /** quantile probabilities in (0, 1) */
  quantiles?: number[];
  /** Who the forecast is for: a gated pool shares its workers fairly between callers (see gatePool). */
  caller?: Caller;
}

export interface BacktestPoolInput extends Omit<ForecastInput, 'series'> {
  series: ArrayLike<number | null>;
  windows: number;
  step: number;
}

/** The forecast took longer than the time limit; its worker was stopped. */
export class ComputeTimeoutError extends Error {
  constructor(public readonly timeoutMs: number) {
    super(`forecast exceeded ${timeoutMs} ms`);
    this.name = 'ComputeTimeoutError';
  }
}

/** The core refused the input with a status (an expected failure, e.g. a bad argument). */
export class ComputeRejectedError extends Error {
  constructor(public readonly status: number, message: string) {
    super(message);
    this.name = 'ComputeRejectedError';
  }
}

/** Too many forecasts are already waiting for a worker; nothing was run. */
export class ComputeOverloadedError extends Error {
  constructor(public readonly queued: number) {
    super(`${queued} forecasts already waiting`);
    this.name = 'ComputeOverloadedError';
  }
}

/** The core trapped or the worker died; the instance was replaced. */
export class ComputeCrashError extends Error {
  constructor(cause: unknown) {
    super('forecast worker failed', { cause });
    this.name = 'ComputeCrashError';
  }
}

/** Many series that share horizon, level and model config; each may bring its own season length. */
export interface ForecastGroupInput {
  series: Array<ArrayLike<number | null>>;
  seasonLengths?: Array<number | undefined>;
  /** Each series' calendar periods, hints the core tests on the data (see seasonOptions). */
  periodHints?: Array<number[] | undefined>;
  horizon: number;
  level?: number[];
  config?: CoreConfig;
  /** each series' regressors (name → length + horizon values), undefined for a series without */
  regressors?: Array<Record<string, ArrayLike<number>> | undefined>;
  quantiles?: number[];
  /** also compute each series' one-step-ahead in-sample predictions */
  fitted?: boolean;
  /** Who the group is for (see ForecastInput.caller). */
  caller?: Caller;
}

/** One series' outcome inside a group: a result, or the core's refusal of that series alone. */
export type GroupOutcome =
  | { ok: true; result: ForecastResult }
  | { ok: false; error: ComputeRejectedError };

/** Many series' backtests that share horizon, windows, step, level and model config (regressors are not taken). */
export interface BacktestGroupInput extends Omit<ForecastGroupInput, 'regressors'> {
  windows: number;
  step: number;
}

/** One series' backtest inside a group: a result, or the core's refusal of that series alone. */
export type BacktestOutcome =
  | { ok: true; result: BacktestResult }
  | { ok: false; error: ComputeRejectedError };

export interface ComputePool {
  /**
   * Backtests a group of series in one worker hop (every window of each); the time limit is one
   * forecast per window per series. Rejects as forecastGroup does; a refused series is its own outcome.
   */
  backtestGroup(input: BacktestGroupInput): Promise<BacktestOutcome[]>;
  /**
   * Forecasts a group of series in one worker hop; the time limit is per series. Rejects as a
   * whole with ComputeTimeoutError, ComputeOverloadedError or ComputeCrashError; a series the core
   * refuses comes back as its own outcome.
   */
  forecastGroup(input: ForecastGroupInput): Promise<GroupOutcome[]>;
  /** Forecasts in a worker; rejects with ComputeTimeoutError, ComputeRejectedError, ComputeOverloadedError or ComputeCrashError. */
  forecast(input: ForecastInput): Promise<ForecastResult>;
  /** Every window of a rolling-origin backtest as one task on one worker, with a time limit of one forecast per window; rejects as forecast does. */
  backtest(input: BacktestPoolInput): Promise<BacktestResult>;
  /** Backtests a chunk of packed series under one config as one task (tuning's unit of work), transferring (detaching) `input.values`; the time limit is one forecast per window per series. */
  scoreMany(input: ManyInput): Promise<ManyScores>;
  /** Resolves once a worker has loaded the core (remembered after the first success). */
  ready(): Promise<void>;
  /** Whether `forecast(input)` runs on the calling thread (a trivial model on a short series) and needs no worker. */
  runsInline?(input: ForecastInput): boolean;
  /** Forecasts running or queued right now. */
  inFlight(): number;
  /** Refuses new work, waits for queued and running forecasts (each bounded by the time limit), then stops the workers. */
  close(): Promise<void>;
}

/** The compiled worker: next to this file when compiled, else in dist/ (vitest runs sources). */
export function workerPath(): string {
  const here = fileURLToPath(import.meta.url);
  const sibling = here.replace(/\.ts$/, '.js').replace(/pool\.js$/, 'worker.js');
  if (here.endsWith('.js') && existsSync(sibling)) return sibling;
  const root = here.slice(0, here.lastIndexOf('/src/'));
  return `${root}/dist/src/compute/worker.js`;
}

/** Starts a piscina pool of `workers` threads running the WASM core. */
export function createComputePool(options: ComputePoolOptions): ComputePool {
  const filename = workerPath();
  if (!existsSync(filename)) {
    throw new Error(`compute worker not found at ${filename}: run \`npm run build\` first`);
  }
  const threads = Math.max(1, options.workers);
  const piscina = new Piscina({
    filename,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Infinity,
    workerData: { wasmPath: options.wasmPath },
  });
  const maxQueue = options.maxQueue ?? 64 * threads;
  let running = 0;
  const pending = new Set<Promise<unknown>>();
  let closed = false;
  // the first successful load proves the wasm file and ABI are good for every later worker too
  let loaded: Promise<void> | null = null;
  const inlineMaxPoints = options.inlineMaxPoints ?? INLINE_MAX_POINTS;
  const inline = inlineMaxPoints > 0 ? createInlineCore(options.wasmPath ?? defaultWasmPath()) : null;

  // a trivial forecast on this thread, its outcomes mapped as a worker's are (no time limit: see inline.ts)
  async function runInline(series: Float64Array, input: ForecastInput): Promise<ForecastResult> {
    if (closed) throw new ComputeCrashError(new Error('the pool is closed'));
    running += 1;
    let reply;
    try {
      reply = await inline!.forecast(series, input.horizon, {
        seasonLength: input.seasonLength, periodHints: input.periodHints, level: input.level, config: input.config, fitted: input.fitted,
        ...(input.quantiles ? { quantiles: input.quantiles } : {}),
      });
    } catch (err) {
      throw new ComputeCrashError(err);
    } finally {
      running -= 1;
    }
    if (!reply.ok) throw new ComputeRejectedError(reply.status, reply.message);
    return reply.result;
  }

  // one task on a worker, bounded by the queue and a time limit, its failures mapped to the pool's errors
  async function run<R>(name: string, task: unknown, transfer: ArrayBuffer, timeoutMs: number): Promise<R> {
    // a queue without bound would turn a burst into timeouts for everyone in it
    if (piscina.queueSize >= maxQueue) throw new ComputeOverloadedError(piscina.queueSize);
    if (closed) throw new ComputeCrashError(new Error('the pool is closed'));
    const signal = AbortSignal.timeout(timeoutMs);
    running += 1;
    let reply: { ok: true; result: R } | { ok: false; status: number; message: string };
    const pendingRun = piscina.run(task, { name, signal, transferList: [transfer] }) as Promise<typeof reply>;
    pending.add(pendingRun);
    try {
      reply = await pendingRun;
    } catch (err) {
      // aborting a running task terminates its worker; piscina starts a fresh one
      if (signal.aborted) throw new ComputeTimeoutError(timeoutMs);
      throw new ComputeCrashError(err);
    } finally {
      running -= 1;
      pending.delete(pendingRun);
    }
    if (!reply.ok) throw new ComputeRejectedError(reply.status, reply.message);
    return reply.result;
  }

  // a plain loop: Float64Array.from with a mapping function takes V8's generic path, about 8x slower
  // (7 µs of a 100-point naive request's ~300)
  const toFloat64 = (xs: ArrayLike<number | null>) => {
    const out = new Float64Array(xs.length);
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      out[i] = v === null ? NaN : v;
    }
    return out;
  };

  // a regression is fitted whatever the model: a forecast with regressors never runs on the calling thread
  const inlineFor = (input: ForecastInput) => inline !== null && input.regressors === undefined
    && runsInline(input.config?.model, input.series.length, inlineMaxPoints);

  async function forecast(input: ForecastInput): Promise<ForecastResult> {
    const series = toFloat64(input.series);
    if (inlineFor(input)) return runInline(series, input);
    const task: ForecastTask = {
      series,
      horizon: input.horizon,
      seasonLength: input.seasonLength,
      periodHints: input.periodHints,
      level: input.level,
      config: input.config,
      ...(input.fitted ? { fitted: true } : {}),
      ...(input.regressors ? { regressors: input.regressors } : {}),
      ...(input.quantiles ? { quantiles: input.quantiles } : {}),
    };
    return run<ForecastReply extends { result: infer R } ? R : never>('default', task, series.buffer, options.timeoutMs);
  }

  async function backtest(input: BacktestPoolInput): Promise<BacktestResult> {
    const series = toFloat64(input.series);
    const task: BacktestTask = {
      series,
      horizon: input.horizon,
      windows: input.windows,
      step: input.step,
      seasonLength: input.seasonLength,
      ...(input.periodHints ? { periodHints: input.periodHints } : {}),
      level: input.level,
      config: input.config,
      ...(input.regressors ? { regressors: input.regressors } : {}),
      ...(input.quantiles ? { quantiles: input.quantiles } : {}),
    };
    return run<BacktestReply extends { result: infer R } ? R : never>('backtest', task, series.buffer, options.timeoutMs * input.windows);
  }

  async function scoreMany(input: ManyInput): Promise<ManyScores> {
    // tuning packs a fresh buffer per unit, so it is handed over rather than copied; who it is for stays here
    const { values, caller: _caller, ...rest } = input;
    const limit = options.timeoutMs * input.windows * Math.max(1, input.offsets.length - 1);
    return run<ManyReply extends { result: infer R } ? R : never>('scoreMany', { ...rest, values }, values.buffer as ArrayBuffer, limit);
  }

  // a group's series end to end in one buffer (null → NaN), and their lengths
  function packGroup(series: ReadonlyArray<ArrayLike<number | null>>): { values: Float64Array<ArrayBuffer>; lengths: number[] } {
    const lengths = series.map((s) => s.length);
    const values = new Float64Array(lengths.reduce((a, b) => a + b, 0));
    let at = 0;
    for (const s of series) {
      for (let i = 0; i < s.length; i++) {
        const v = s[i];
        values[at++] = v === null ? NaN : v;
      }
    }
    return { values, lengths };
  }

  async function backtestGroup(input: BacktestGroupInput): Promise<BacktestOutcome[]> {
    if (piscina.queueSize >= maxQueue) throw new ComputeOverloadedError(piscina.queueSize);
    if (closed) throw new ComputeCrashError(new Error('the pool is closed'));
    const { values, lengths } = packGroup(input.series);
    const task: BacktestGroupTask = {
      values,
      lengths,
      horizon: input.horizon,
      windows: input.windows,
      step: input.step,
      seasonLengths: input.seasonLengths ?? lengths.map(() => undefined),
      ...(input.periodHints ? { periodHints: input.periodHints } : {}),
      level: input.level,
      config: input.config,
      ...(input.quantiles ? { quantiles: input.quantiles } : {}),
    };
    const timeoutMs = options.timeoutMs * input.windows * Math.max(1, lengths.length);
    const signal = AbortSignal.timeout(timeoutMs);
    running += lengths.length;
    const pendingRun = piscina.run(task, { name: 'backtestGroup', signal, transferList: [values.buffer] }) as Promise<BacktestReply[]>;
    pending.add(pendingRun);
    let replies: BacktestReply[];
    try {
      replies = await pendingRun;
    } catch (err) {
      if (signal.aborted) throw new ComputeTimeoutError(timeoutMs);
      throw new ComputeCrashError(err);
    } finally {
      running -= lengths.length;
      pending.delete(pendingRun);
    }
    return replies.map((r) => (r.ok ? { ok: true, result: r.result } : { ok: false, error: new ComputeRejectedError(r.status, r.message) }));
  }

  async function forecastGroup(input: ForecastGroupInput): Promise<GroupOutcome[]> {
    if (piscina.queueSize >= maxQueue) throw new ComputeOverloadedError(piscina.queueSize);
    if (closed) throw new ComputeCrashError(new Error('the pool is closed'));
    const { values, lengths } = packGroup(input.series);
    const task: ForecastManyTask = {
      values,
      lengths,
      horizon: input.horizon,
      seasonLengths: input.seasonLengths ?? lengths.map(() => undefined),
      ...(input.periodHints ? { periodHints: input.periodHints } : {}),
      level: input.level,
      config: input.config,
      ...(input.regressors ? { regressors: input.regressors } : {}),
      ...(input.quantiles ? { quantiles: input.quantiles } : {}),
      ...(input.fitted ? { fitted: true } : {}),
    };
    const signal = AbortSignal.timeout(options.timeoutMs * Math.max(1, lengths.length));
    running += lengths.length;
    const run = piscina.run(task, { name: 'forecastMany', signal, transferList: [values.buffer] }) as Promise<ForecastReply[]>;
    pending.add(run);
    let replies: ForecastReply[];
    try {
      replies = await run;
    } catch (err) {
      if (signal.aborted) throw new ComputeTimeoutError(options.timeoutMs);
      throw new ComputeCrashError(err);
    } finally {
      running -= lengths.length;
      pending.delete(run);
    }
    return replies.map((r) => (r.ok ? { ok: true, result: r.result } : { ok: false, error: new ComputeRejectedError(r.status, r.message) }));
  }

  return {
    forecast,
    backtest,
    backtestGroup,
    scoreMany,
    forecastGroup,
    runsInline: inlineFor,
    ready() {
      loaded ??= Promise.all([piscina.run(undefined, { name: 'ping' }), inline?.ready()]).then(() => undefined, (err) => {
        loaded = null;
        throw err;
      });
      return loaded;
    },
    inFlight: () => running,
    async close() {
      closed = true;
      // every run settles within the time limit; piscina's own close can wait out its 30 s
      // closeTimeout when a task is aborted while it flushes, so wait here and then stop the workers
      await Promise.allSettled([...pending]);
      await piscina.destroy();
    },
  };
}
