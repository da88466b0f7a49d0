// Trivial forecasts answered on the calling thread with its own instance of the same core: for a
// model that is a few passes over a short series, the round trip to a worker costs several times
// the forecast itself (docs/benchmarks.md). Anything that fits parameters, or a long series, still
// goes to a worker, where a time limit can stop it: an inline forecast cannot be interrupted.
import { readFile } from 'node:fs/promises';
import {
  createForecaster, CoreError, type CoreModelName, type Forecaster, type ForecastOptions, type ForecastResult,
} from '@tempo-forecast/core';

/** Models that fit nothing: each is a few passes over the series (season tests included). */
export const INLINE_MODELS: ReadonlySet<CoreModelName> = new Set<CoreModelName>(['naive', 'snaive', 'drift', 'naive2']);

/**
 * Longest series answered inline. Finding a season length the caller did not give grows with the
 * square of the length; at this many points it stays well under a millisecond, so the event loop
 * is never held longer than a request's own parsing.
 */
export const INLINE_MAX_POINTS = 300;

/** Whether a forecast of `model` over `points` values is cheap enough to run on the calling thread. */
export function runsInline(model: string | undefined, points: number, maxPoints: number): boolean {
  return model !== undefined && points <= maxPoints && INLINE_MODELS.has(model as CoreModelName);
}

/** The core on the calling thread, outcomes classified as a worker's are (a status, or a trap). */
export interface InlineCore {
  /** Loads the instance (once; a failed load is retried on the next call). */
  ready(): Promise<void>;
  /** Runs one forecast; `ok: false` carries the core's status, a trap throws after the instance is replaced. */
  forecast(series: Float64Array, horizon: number, options: ForecastOptions):
    Promise<{ ok: true; result: ForecastResult } | { ok: false; status: number; message: string }>;
}

/** An inline core from the .wasm at `wasmPath`, compiled once and instantiated again after a trap. */
export function createInlineCore(wasmPath: string): InlineCore {
  let module: Promise<WebAssembly.Module> | null = null;
  let instance: Promise<Forecaster> | null = null;
  // the loaded instance, so a forecast does not wait a turn for a promise already settled
  let current: Forecaster | null = null;
  const load = (): Promise<Forecaster> => {
    if (instance === null) {
      module ??= readFile(wasmPath).then((bytes) => WebAssembly.compile(bytes));
      const made = module.then((m) => createForecaster(m));
      made.then((core) => { if (instance === made) current = core; }, () => {
        if (instance === made) { module = null; instance = null; }
      });
      instance = made;
    }
    return instance;
  };
  return {
    ready: async () => { await load(); },
    async forecast(series, horizon, options) {
      const core = current ?? await load();
      try {
        return { ok: true, result: core.forecast(series, horizon, options) };
      } catch (err) {
        if (err instanceof CoreError) return { ok: false, status: err.status, message: err.message };
        // a trapped instance may hold broken state: never run it again
        instance = null;
        current = null;
        throw err;
      }
    },
  };
}
