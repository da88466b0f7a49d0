// The batched ETS pass (8 parameter vectors of one form side by side, as the vertices of a simplex)
// in WebAssembly f64x2 lanes against its plain-TypeScript twin, same algorithm and inputs, and
// against 8 scalar WASM passes one after another.
import { readFile } from 'node:fs/promises';
import { inspectWasmPath } from '../src/core/node.js';
import { createInspector, type EtsParamsIn } from '../packages/core/src/inspect.js';
import { etsLoglikLanesTs } from './ets-lanes-ts.js';
import { LENGTHS, SEASON, prng, seasonalSeries } from './fixtures.js';
import { makeBench, collect, isMain, runAlone, type SuiteResult } from './harness.js';

const LANES = 8;
// additive-error forms only: trend 0=N 1=A 2=Ad, season 0=N 1=A
const FORMS = [{ name: 'AAdA', trend: 2, season: 1 }, { name: 'AAN', trend: 1, season: 0 }];

/** Lane k's parameters: spread like a simplex around alpha .3, beta .05, gamma .1, phi .95. */
function laneParams(seed: number): EtsParamsIn[] {
  const u = prng(seed);
  return Array.from({ length: LANES }, () => ({
    alpha: 0.2 + 0.2 * u(), beta: 0.02 + 0.06 * u(), gamma: 0.05 + 0.1 * u(), phi: 0.9 + 0.08 * u(),
  }));
}

function laneStates(y: Float64Array, m: number, seasonal: boolean): number[] {
  let level = 0;
  for (let i = 0; i < m; i++) level += y[i] / m;
  const seasons = seasonal ? Array.from({ length: m }, (_, j) => y[m - 1 - j] - level) : [0];
  return [level, 0, ...seasons];
}

/** WASM lanes, TS lanes and 8 scalar WASM passes per form and length, with a check that all agree. */
export async function etsLanesSuite(): Promise<SuiteResult> {
  const inspector = await createInspector(await readFile(inspectWasmPath()));
  const bench = makeBench('ets-lanes');
  const notes: Record<string, string> = {};
  for (const n of LENGTHS.filter((x) => x >= 500)) {
    const y = seasonalSeries(n);
    const arr = Array.from(y);
    for (const f of FORMS) {
      const params = laneParams(n);
      const st = laneStates(y, SEASON, f.season === 1);
      const states = params.map(() => st);
      const stride = st.length;
      const parFlat = Float64Array.from(params.flatMap((p) => [p.alpha, p.beta ?? 0, p.gamma ?? 0, p.phi ?? 1]));
      const stFlat = Float64Array.from(states.flat());
      const wasmLanes = () => inspector.etsLoglikLanes(arr, SEASON, f.name, params, states);
      const tsLanes = () => etsLoglikLanesTs(y, SEASON, f.trend, f.season, parFlat, stFlat, LANES);
      const wasmOneByOne = () => params.map((p, k) => inspector.etsLoglik(arr, SEASON, f.name, p, stFlat.subarray(k * stride, (k + 1) * stride)));
      // the timings mean something only if all three compute the same numbers
      const a = wasmLanes(), b = Array.from(tsLanes()), c = wasmOneByOne();
      const exact = a.every((v, k) => Object.is(v, c[k]));
      const close = a.every((v, k) => Math.abs(v - b[k]) <= 1e-12 * Math.abs(v));
      const note = `${LANES} lanes; ${exact ? 'lanes = scalar bit for bit' : 'LANES DIFFER FROM SCALAR'}, ${close ? 'TS agrees' : 'TS DIFFERS'}`;
      for (const name of [`wasm lanes ${f.name} n=${n}`, `ts lanes ${f.name} n=${n}`, `wasm 8 scalar ${f.name} n=${n}`]) notes[name] = note;
      bench.add(`wasm lanes ${f.name} n=${n}`, wasmLanes);
      bench.add(`ts lanes ${f.name} n=${n}`, tsLanes);
      bench.add(`wasm 8 scalar ${f.name} n=${n}`, wasmOneByOne);
    }
  }
  const rows = await collect('ets-lanes', bench, notes);
  // the lanes are worth their complexity only while they stay well ahead of the TS twin: the ratio, within this run
  for (const row of rows.filter((r) => r.name.startsWith('ts lanes'))) {
    const wasm = rows.find((r) => r.name === row.name.replace('ts lanes', 'wasm lanes'));
    if (wasm) wasm.note += `, ${(row.medianUs / wasm.medianUs).toFixed(2)}x faster than TS`;
  }
  return { suite: 'ets-lanes', rows };
}

if (isMain(import.meta.url)) await runAlone(etsLanesSuite);
