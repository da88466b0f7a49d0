// Node/Bun loader for the core: the only host-specific file in src/core.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createForecaster, type Forecaster } from './index.js';

/** Path of the built core, relative to this file both in src/ (tsx) and dist/src/ (compiled). */
export function defaultWasmPath(): string {
  const here = fileURLToPath(import.meta.url);
  const root = here.includes('/dist/') ? here.slice(0, here.indexOf('/dist/')) : here.slice(0, here.lastIndexOf('/src/'));
  return `${root}/build/tempo.wasm`;
}

/** Reads the .wasm file (default: build/tempo.wasm) and returns a ready forecaster. */
export async function loadForecaster(path: string = defaultWasmPath()): Promise<Forecaster> {
  return createForecaster(await readFile(path));
}
