// The ETS likelihood pass in WebAssembly (via the inspector) against its plain-TypeScript twin, same inputs.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { inspectWasmPath } from '../src/core/node.js';
import { LENGTHS, SEASON, seasonalSeries } from './fixtures.js';
import { makeBench, collect, isMain, runAlone, type SuiteResult } from './harness.js';

interface Form { name: string; error: number; trend: number; season: number }
// codes as in assembly/models/codes.ts: error 1=A 2=M; trend 0=N 1=A 2=Ad; season 0=N 1=A 2=M
const FORMS: Form[] = [
  { name: 'AAdA', error: 1, trend: 2, season: 1 },
  { name: 'MAdM', error: 2, trend: 2, season: 2 },
];
const PARAMS = { alpha: 0.3, beta: 0.05, gamma: 0.1, phi: 0.95 };

/** Plausible initial states (level, trend, m seasonal states) from the first season of `y`. */
function initialStates(y: Float64Array, m: number, multiplicative: boolean): Float64Array {
  let level = 0;
  for (let i = 0; i < m; i++) level += y[i] / m;
  const s = new Float64Array(2 + m);
  s[0] = level;
  s[1] = 0;
  for (let i = 0; i < m; i++) s[2 + i] = multiplicative ? y[i] / level : y[i] - level;
  return s;
}

interface Inspector {
  etsLoglik(series: ArrayLike<number>, m: number, form: string, params: typeof PARAMS, states: ArrayLike<number>): number;
}
type Twin = (y: Float64Array, m: number, error: number, trend: number, season: number,
  alpha: number, beta: number, gamma: number, phi: number, states: Float64Array) => number;

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Compares the two likelihood passes per form and length; skipped with a notice until both exist. */
export async function etsKernelSuite(): Promise<SuiteResult> {
  const inspectPath = here('../packages/core/src/inspect.ts'), twinPath = here('./ets-kernel-ts.ts');
  const missing = [inspectPath, twinPath].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    return { suite: 'ets-kernel', rows: [], skipped: `not there yet: ${missing.map((p) => p.slice(p.indexOf('/src/') >= 0 ? p.indexOf('/src/') + 1 : p.indexOf('/bench/') + 1)).join(', ')}` };
  }
  const { createInspector } = await import(inspectPath) as { createInspector(b: BufferSource): Promise<Inspector> };
  const { etsLoglikTs } = await import(twinPath) as { etsLoglikTs: Twin };
  const inspector = await createInspector(await readFile(inspectWasmPath()));
  const bench = makeBench('ets-kernel');
  const notes: Record<string, string> = {};
  for (const n of LENGTHS) {
    const y = seasonalSeries(n);
    const arr = Array.from(y);
    for (const f of FORMS) {
      const states = initialStates(y, SEASON, f.season === 2);
      const { alpha, beta, gamma, phi } = PARAMS;
      const wasm = () => inspector.etsLoglik(arr, SEASON, f.name, PARAMS, states);
      const ts = () => etsLoglikTs(y, SEASON, f.error, f.trend, f.season, alpha, beta, gamma, phi, states);
      // the comparison means something only if both sides compute the same number
      const a = wasm(), b = ts();
      const rel = Math.abs(a - b) / Math.max(1e-300, Math.abs(a));
      const agree = rel <= 1e-9 ? 'values agree' : `VALUES DIFFER (wasm ${a}, ts ${b})`;
      notes[`wasm ${f.name} n=${n}`] = agree;
      notes[`ts ${f.name} n=${n}`] = agree;
      bench.add(`wasm ${f.name} n=${n}`, wasm);
      bench.add(`ts ${f.name} n=${n}`, ts);
    }
  }
  return { suite: 'ets-kernel', rows: await collect('ets-kernel', bench, notes) };
}

if (isMain(import.meta.url)) await runAlone(etsKernelSuite);
