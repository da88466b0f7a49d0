// Node/Bun loader for the core: the only host-specific file in src/core.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createForecaster, type Forecaster } from './index.js';

// the project root, from this file both in src/ (tsx) and dist/src/ (compiled)
function rootDir(): string {
  const here = fileURLToPath(import.meta.url);
  return here.includes('/dist/') ? here.slice(0, here.indexOf('/dist/')) : here.slice(0, here.lastIndexOf('/src/'));
}

/** Path of the built core, relative to this file both in src/ (tsx) and dist/src/ (compiled). */
export function defaultWasmPath(): string {
  return `${rootDir()}/build/tempo.wasm`;
}

/**
 * Path of the inspection build (build/tempo-inspect.wasm: the core plus the ETS exports that
 * `createInspector` in ./inspect.ts calls), which `npm run build` makes for tests and benchmarks;
 * the package does not ship it.
 */
export function inspectWasmPath(): string {
  return `${rootDir()}/build/tempo-inspect.wasm`;
}

/** Reads the .wasm file (default: build/tempo.wasm) and returns a ready forecaster. */
export async function loadForecaster(path: string = defaultWasmPath()): Promise<Forecaster> {
  return createForecaster(await readFile(path));
}
