// A piscina worker: owns one instance of the WASM core and runs one forecast at a time on it.
import { readFile } from 'node:fs/promises';
import { workerData } from 'piscina';
import { createForecaster, CoreError, type CoreConfig, type Forecaster, type ForecastResult } from '../core/index.js';
import { defaultWasmPath } from '../core/node.js';

/** What the pool sends: the series as one Float64Array (missing values are NaN). */
export interface ForecastTask {
  series: Float64Array;
  horizon: number;
  seasonLength?: number;
  periodHints?: number[];
  level?: number[];
  config?: CoreConfig;
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
    });
    return { ok: true, result };
  } catch (err) {
    if (err instanceof CoreError) return { ok: false, status: err.status, message: err.message };
    // a trapped instance may hold broken state: never run it again
    forecaster = modulePromise.then((m) => createForecaster(m));
    throw err;
  }
}

/** Resolves with the core's ABI version once this worker's instance is loaded. */
export async function ping(): Promise<number> {
  return (await forecaster).abiVersion;
}
