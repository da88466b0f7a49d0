// The server's Node/Bun loader of the core it depends on (@tempo-forecast/core): reads the tempo.wasm
// that package ships, so the server and the package run one and the same file. The only
// host-specific code the core needs, kept here because the package itself imports no Node built-in.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createForecaster, type Forecaster } from '@tempo-forecast/core';

// Node's own resolution (node_modules/@tempo-forecast/core, a workspace link in a checkout), the one
// the server's imports of the package get, in src/ (tsx, vitest) and dist/src/ (compiled) alike
const resolve = createRequire(import.meta.url).resolve;

/** Path of the tempo.wasm the installed @tempo-forecast/core ships (its `./tempo.wasm` export). */
export function defaultWasmPath(): string {
  return resolve('@tempo-forecast/core/tempo.wasm');
}

/**
 * Path of the inspection build (build/tempo-inspect.wasm: the core plus the ETS exports that
 * `createInspector` in packages/core/src/inspect.ts calls), which `npm run build` makes for tests
 * and benchmarks in a checkout; no package ships it.
 */
export function inspectWasmPath(): string {
  // the checkout's root, from this file both in src/ (tsx, vitest) and dist/src/ (compiled)
  const here = fileURLToPath(import.meta.url);
  const root = here.includes('/dist/') ? here.slice(0, here.indexOf('/dist/')) : here.slice(0, here.lastIndexOf('/src/'));
  return `${root}/build/tempo-inspect.wasm`;
}

/** Reads the .wasm file (default: the core package's tempo.wasm) and returns a ready forecaster. */
export async function loadForecaster(path: string = defaultWasmPath()): Promise<Forecaster> {
  return createForecaster(await readFile(path));
}
