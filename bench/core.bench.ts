// Whole fit + forecast through the public host (`loadForecaster`), per model and series length.
import { loadForecaster } from '../src/core/node.js';
import type { CoreModelName } from '@tempo-forecast/core';
import { LENGTHS, SEASON, seasonalSeries } from './fixtures.js';
import { makeBench, collect, isMain, runAlone, type SuiteResult } from './harness.js';

const MODELS: CoreModelName[] = ['tempo', 'ets', 'theta', 'dotm'];
const HORIZON = 2 * SEASON;

/** Benchmarks each model at each fixture length; the note says which components actually ran. */
export async function coreSuite(): Promise<SuiteResult> {
  const core = await loadForecaster();
  const bench = makeBench('core');
  const notes: Record<string, string> = {};
  for (const n of LENGTHS) {
    const y = Array.from(seasonalSeries(n));
    for (const model of MODELS) {
      const name = `${model} n=${n}`;
      const opts = { seasonLength: SEASON, config: { model } };
      notes[name] = `ran ${core.forecast(y, HORIZON, opts).method.components.join('+')}`;
      bench.add(name, () => { core.forecast(y, HORIZON, opts); });
    }
  }
  return { suite: 'core', rows: await collect('core', bench, notes) };
}

if (isMain(import.meta.url)) await runAlone(coreSuite);
