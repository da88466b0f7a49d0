// The `@tempo-forecast/core` entry: the portable host of the core (src/core/index.ts, which speaks
// the .wasm's ABI through the host's WebAssembly API alone) and where the package's tempo.wasm is.
export * from '../../../src/core/index.js';

/**
 * The URL of the `tempo.wasm` this package ships, beside this module: fetch it in a browser, Deno
 * or a worker, read it with `fs.readFile` in Node or Bun. Written as `new URL(…, import.meta.url)`,
 * the form bundlers (Vite, webpack, esbuild with a loader) recognise and copy the file for.
 */
export function wasmUrl(): URL {
  return new URL('./tempo.wasm', import.meta.url);
}
