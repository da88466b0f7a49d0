// The shipped core is plain WebAssembly 1.0 (no SIMD), so hosts without SIMD support can run it;
// the SIMD likelihood kernel lives only in the inspection build that tests and benchmarks load.
import { readFile } from 'node:fs/promises';
import { describe, it, expect } from 'vitest';
import { defaultWasmPath, inspectWasmPath } from '../../src/core/node.js';
import { codeFeatures } from '../support/wasm-features.js';

describe('the shipped core, build/tempo.wasm', () => {
  it('uses no SIMD instruction in any function body', async () => {
    const f = codeFeatures(await readFile(defaultWasmPath()));
    // a scan that decoded nothing would pass vacuously
    expect(f.instructions).toBeGreaterThan(10_000);
    expect(f.simd).toBe(0);
  });

  it('exports none of the inspection build\'s extras', async () => {
    const names = WebAssembly.Module.exports(new WebAssembly.Module(await readFile(defaultWasmPath()))).map((e) => e.name);
    expect(names).toContain('forecast');
    for (const extra of ['ets_fit_form', 'ets_loglik', 'ets_loglik_lanes']) expect(names).not.toContain(extra);
  });
});

describe('the inspection build, build/tempo-inspect.wasm', () => {
  // the same scan finds the kernel's f64x2 instructions here: it can tell the two apart
  it('carries the SIMD kernel and the shipped core\'s exports', async () => {
    const bytes = await readFile(inspectWasmPath());
    expect(codeFeatures(bytes).simd).toBeGreaterThan(0);
    const names = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
    const shipped = WebAssembly.Module.exports(new WebAssembly.Module(await readFile(defaultWasmPath()))).map((e) => e.name);
    for (const name of [...shipped, 'ets_fit_form', 'ets_loglik', 'ets_loglik_lanes']) expect(names).toContain(name);
  });
});
