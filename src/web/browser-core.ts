// The forecasting core in this browser: the very tempo.wasm the server runs, compiled while it
// downloads, driven through the same portable host (src/core) the server's workers use.
import { createForecaster, type Forecaster } from '../core/index.js';

let loading: Promise<Forecaster> | null = null;

/** The core from `wasmUrl`, compiled once per page; a failed load is retried on the next call. */
export function loadBrowserForecaster(wasmUrl: URL): Promise<Forecaster> {
  loading ??= (async () => {
    const module = await WebAssembly.compileStreaming(fetch(wasmUrl, { credentials: 'omit' }));
    return createForecaster(module);
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
