// The ETS family's test-only exports (and the SIMD likelihood kernel among them) live in the
// inspection build, not in the shipped core; test/docs/wasm-features.test.ts checks that only the
// inspection build uses SIMD instructions.
import { readFile } from 'node:fs/promises';
import { describe, it, expect } from 'vitest';
import { defaultWasmPath, inspectWasmPath } from '../../src/core/node.js';

const EXTRAS = ['ets_fit_form', 'ets_loglik', 'ets_loglik_lanes'];
const exportsOf = async (path: string) => WebAssembly.Module.exports(new WebAssembly.Module(await readFile(path))).map((e) => e.name);

describe('the inspection build', () => {
  it('is kept out of the shipped core, build/tempo.wasm', async () => {
    const names = await exportsOf(defaultWasmPath());
    expect(names).toContain('forecast');
    for (const extra of EXTRAS) expect(names).not.toContain(extra);
  });

  it('exports everything the shipped core does, and the extras', async () => {
    const names = await exportsOf(inspectWasmPath());
    for (const name of [...await exportsOf(defaultWasmPath()), ...EXTRAS]) expect(names).toContain(name);
  });
});
