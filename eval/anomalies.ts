// Measures the anomaly check on seeded series with injected spikes (eval/spiked-series.ts): the
// share of spikes found and the share of other values flagged, by the same rule the API uses.
// Run: node --import tsx eval/anomalies.ts [--series 300] [--length 120] [--seed 1] [--level 99] [--model tempo]
// or:  node --import tsx eval/anomalies.ts --publish: tempo, ets and arima on seeds 1-3 at the defaults,
//      written to docs/results/anomalies.json, which docs/accuracy.md's table is rendered from.
import { loadForecaster } from '../src/core/node.js';
import type { CoreModelName, Forecaster } from '@tempo-forecast/core';
import { findAnomalies } from '../src/anomalies/find.js';
import { spikedSeries, type SpikedSeries } from './spiked-series.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';

/** Spikes found and other values flagged over a set of series. */
export interface DetectionScore {
  spikes: number;
  found: number;
  others: number;
  flagged: number;
}

/** Scores the anomaly rule (model fitted on each whole series, one-step interval at `level`) on `set`. */
export function scoreDetection(f: Forecaster, set: SpikedSeries[], level: number, model: CoreModelName = 'tempo'): DetectionScore {
  const s: DetectionScore = { spikes: 0, found: 0, others: 0, flagged: 0 };
  for (const x of set) {
    const r = f.forecast(x.values, 1, { seasonLength: x.seasonLength, level: [level], fitted: true, config: { model } });
    const band = r.fitted_intervals![String(level)];
    const hits = new Set(findAnomalies(x.values, r.fitted!, band.lower, band.upper).map((a) => a.index));
    const spikes = new Set(x.spikes);
    s.spikes += spikes.size;
    s.others += x.values.length - spikes.size;
    for (const t of spikes) if (hits.has(t)) s.found++;
    for (const t of hits) if (!spikes.has(t)) s.flagged++;
  }
  return s;
}

/** The published grid: the default set, three seeds, the ensemble and two of its members. */
async function publish(): Promise<void> {
  const finish = startMeasurement('node --import tsx eval/anomalies.ts --publish');
  const f = await loadForecaster();
  const [count, n, level] = [300, 120, 99];
  const rows: Array<DetectionScore & { model: CoreModelName; seed: number }> = [];
  for (const model of ['tempo', 'ets', 'arima'] as const) {
    for (const seed of [1, 2, 3]) rows.push({ model, seed, ...scoreDetection(f, spikedSeries(count, n, seed), level, model) });
  }
  console.log(`published: ${writeResult('anomalies', finish(), { series: count, length: n, level, rows })}`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--publish')) return publish();
  const arg = (name: string, dflt: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : dflt;
  };
  const count = Number(arg('series', '300')), n = Number(arg('length', '120')), seed = Number(arg('seed', '1'));
  const level = Number(arg('level', '99'));
  const model = arg('model', 'tempo') as CoreModelName;
  const f = await loadForecaster();
  const s = scoreDetection(f, spikedSeries(count, n, seed), level, model);
  console.log(`model ${model}, level ${level}, ${count} series of ${n} (seed ${seed})`);
  console.log(`spikes found: ${s.found}/${s.spikes} = ${(100 * s.found / s.spikes).toFixed(1)}%`);
  console.log(`other values flagged: ${s.flagged}/${s.others} = ${(100 * s.flagged / s.others).toFixed(2)}%`);
}

if (process.argv[1]?.endsWith('anomalies.ts')) await main();
