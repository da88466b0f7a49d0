// Runs the built core package (packages/core/dist: its bundle and tempo.wasm, the files the server
// loads too) under whichever runtime executes this file, Bun or Deno, and prints what it forecasts as one JSON line, for runtimes.test.ts to compare
// with Node. Only the way the bytes are read differs per runtime; the core is the same file.
import { createForecaster } from '../../packages/core/dist/index.js';
import { RUNTIME_CASES } from './cases.mjs';

const wasm = new URL('../../packages/core/dist/tempo.wasm', import.meta.url);
const bytes = globalThis.Deno
  ? await globalThis.Deno.readFile(wasm)
  : await globalThis.Bun.file(wasm.pathname).arrayBuffer();
const core = await createForecaster(bytes);
const results = RUNTIME_CASES.map(({ series, horizon, options }) => core.forecast(series, horizon, options));
console.log(JSON.stringify({ runtime: globalThis.Deno ? 'deno' : 'bun', abi: core.abiVersion, results }));
