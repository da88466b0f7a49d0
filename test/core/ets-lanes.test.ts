// The batched ETS likelihood pass (f64x2 lanes) through the built core, against the scalar pass and its TS twin.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { inspectWasmPath } from '../../src/core/node.js';
import { createInspector, type Inspector, type EtsParamsIn } from '../../packages/core/src/inspect.js';
import { etsLoglikLanesTs } from '../../bench/ets-lanes-ts.js';

let ins: Inspector;
beforeAll(async () => { ins = await createInspector(await readFile(inspectWasmPath())); });

function series(n: number, m: number): number[] {
  return Array.from({ length: n }, (_, t) => 100 + 0.4 * t + 20 * Math.sin((2 * Math.PI * t) / m) + 3 * Math.cos(7.3 * t));
}

// five lanes: one full group of four and a partial one, each lane with its own parameters and states
const PARAMS: EtsParamsIn[] = [0, 1, 2, 3, 4].map((k) => ({ alpha: 0.1 + 0.15 * k, beta: 0.01 + 0.02 * k, gamma: 0.05 + 0.03 * k, phi: 0.8 + 0.04 * k }));
const states = (m: number, k: number) => [95 + 2 * k, 0.3 - 0.1 * k, ...Array.from({ length: m }, (_, j) => (10 + k) * Math.sin((2 * Math.PI * (m - 1 - j)) / m))];

describe('ets_loglik_lanes', () => {
  for (const form of ['ANN', 'AAN', 'AAdN', 'ANA', 'AAA', 'AAdA']) {
    it(`equals the scalar pass bit for bit on every lane (${form})`, () => {
      const m = 12;
      const y = series(150, m);
      const st = PARAMS.map((_, k) => (form.endsWith('N') ? states(m, k).slice(0, 3) : states(m, k)));
      const lanes = ins.etsLoglikLanes(y, m, form, PARAMS, st);
      const scalar = PARAMS.map((p, k) => ins.etsLoglik(y, m, form, p, form.endsWith('N') ? [...st[k], ...Array(m).fill(0)] : st[k]));
      expect(lanes).toHaveLength(PARAMS.length);
      for (let k = 0; k < PARAMS.length; k++) {
        expect(Number.isFinite(lanes[k]), `${form} lane ${k}`).toBe(true);
        expect(Object.is(lanes[k], scalar[k]), `${form} lane ${k}: ${lanes[k]} vs ${scalar[k]}`).toBe(true);
      }
      // lanes with different parameters must not share a result
      expect(new Set(lanes).size).toBe(PARAMS.length);
    });
  }

  it('agrees with its TypeScript twin to 1e-12 relative', () => {
    const m = 12;
    const y = series(200, m);
    const st = PARAMS.map((_, k) => states(m, k));
    const wasm = ins.etsLoglikLanes(y, m, 'AAdA', PARAMS, st);
    const ts = etsLoglikLanesTs(Float64Array.from(y), m, 2, 1,
      Float64Array.from(PARAMS.flatMap((p) => [p.alpha, p.beta!, p.gamma!, p.phi!])), Float64Array.from(st.flat()), PARAMS.length);
    for (let k = 0; k < PARAMS.length; k++) expect(Math.abs(wasm[k] - ts[k]) / Math.abs(wasm[k])).toBeLessThan(1e-12);
  });

  it('refuses multiplicative forms instead of computing an additive answer for them', () => {
    expect(() => ins.etsLoglikLanes(series(50, 4), 4, 'MNN', [PARAMS[0]], [states(4, 0)])).toThrow(/additive-error forms only/);
    expect(() => ins.etsLoglikLanes(series(50, 4), 4, 'MAM', [PARAMS[0]], [states(4, 0)])).toThrow(/additive-error forms only/);
  });
});
