// What crossing into WebAssembly costs: copy in + copy out, against the same trivial model in pure JS.
import { readFile } from 'node:fs/promises';
import { loadForecaster, defaultWasmPath } from '../src/core/node.js';
import { LENGTHS, seasonalSeries } from './fixtures.js';
import { makeBench, collect, isMain, runAlone, type SuiteResult } from './harness.js';

const HORIZON = 24;

interface RawExports {
  memory: WebAssembly.Memory;
  reset(): void;
  alloc(bytes: number): number;
}

/** The naive model in plain JS, doing the same work as the core's (last value, random-walk sd). */
function naiveJs(y: ArrayLike<number>, h: number): { mean: Float64Array; sd: Float64Array } {
  const n = y.length;
  let ss = 0;
  for (let t = 1; t < n; t++) { const e = y[t] - y[t - 1]; ss += e * e; }
  const sigma = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const mean = new Float64Array(h).fill(y[n - 1]);
  const sd = new Float64Array(h);
  for (let i = 0; i < h; i++) sd[i] = sigma * Math.sqrt(i + 1);
  return { mean, sd };
}

/**
 * Per length: the core's `naive` through the host (validation, alloc, copy in, call, copy out), the
 * pure-JS naive, and alloc + copy in + copy out alone on the raw exports (no model at all).
 */
export async function boundarySuite(): Promise<SuiteResult> {
  const core = await loadForecaster();
  const bytes = await readFile(defaultWasmPath());
  const { instance } = await WebAssembly.instantiate(bytes, { env: { abort: () => { throw new Error('abort'); } } });
  const raw = instance.exports as unknown as RawExports;
  const bench = makeBench('boundary');
  let sink = 0;
  const told = { seasonLength: 1, config: { model: 'naive' as const } };
  for (const n of LENGTHS) {
    const arr = Array.from(seasonalSeries(n));
    const typed = seasonalSeries(n);
    // seasonLength 1 is given so the core skips period detection, which is not the subject here
    bench.add(`wasm naive (host) n=${n}`, () => { sink += core.forecast(arr, HORIZON, told).forecast[0]; });
    bench.add(`js naive n=${n}`, () => { sink += naiveJs(arr, HORIZON).mean[0]; });
    bench.add(`alloc+copy only n=${n}`, () => {
      raw.reset();
      const yPtr = raw.alloc(n * 8), outPtr = raw.alloc(HORIZON * 8);
      new Float64Array(raw.memory.buffer, yPtr, n).set(typed);
      sink += Array.from(new Float64Array(raw.memory.buffer, outPtr, HORIZON))[0];
    });
  }
  const rows = await collect('boundary', bench);
  if (Number.isNaN(sink)) console.log('(sink is NaN)'); // keeps the results observable to the optimiser
  return { suite: 'boundary', rows };
}

if (isMain(import.meta.url)) await runAlone(boundarySuite);
