// `node --import tsx eval/tuned-mixed.ts [--data DIR] [--file Monthly] [--horizon 12]`: one
// organization's portfolio made of a dev-sample file and the intermittent sample (both monthly), as
// a retailer's would be: a model is tuned on the train parts exactly as POST /v1/models does (by
// segment, on the worker pool), then the tuned config and its base are scored on the test parts
// tuning never saw, by RMSSE (M5's lag-1 scale) per group: the series the core calls intermittent
// and the others. Prints the holdout by the metric the tuning reports, and the test RMSSE per group.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadForecaster } from '../src/core/node.js';
import type { CoreConfig, Forecaster } from '@tempo-forecast/core';
import { createComputePool } from '../src/compute/pool.js';
import { candidateConfigs } from '../src/tuning/candidates.js';
import { tuneSegments } from '../src/tuning/segments.js';
import { DEFAULT_TUNE_OPTIONS } from '../src/tuning/tune.js';
import { mean, rmsse } from '../src/metrics/index.js';
import { parseCsv, type SeriesRow } from './csv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { data: { type: 'string' }, file: { type: 'string' }, horizon: { type: 'string' } } });
const data = args.data ?? join(root, 'datasets');
const rows: SeriesRow[] = [
  ...parseCsv(readFileSync(join(data, 'dev', `${args.file ?? 'Monthly'}.csv`), 'utf8'), 'dev'),
  ...parseCsv(readFileSync(join(data, 'intermittent', 'Intermittent.csv'), 'utf8'), 'intermittent'),
];
const horizon = Number(args.horizon ?? 12);

// the mean test RMSSE of `config` over the listed rows (each forecast over its own test part, the season told as the data says)
function testRmsse(core: Forecaster, list: SeriesRow[], config: CoreConfig): number {
  const scores = list.map((r) => rmsse(r.train, r.test, core.forecast(r.train, r.test.length, { seasonLength: r.seasonLength, config }).forecast))
    .filter((x) => Number.isFinite(x));
  return mean(scores);
}

const core = await loadForecaster();
const pool = createComputePool({ workers: 2, timeoutMs: 60_000 });
const t0 = Date.now();
const intermittent = rows.map((r) => core.isIntermittent(r.train));
const { config, report } = await tuneSegments(
  { series: rows.map((r) => r.train), horizon, base: {}, candidates: candidateConfigs({}), intermittent },
  (input) => pool.scoreMany(input), () => {}, { ...DEFAULT_TUNE_OPTIONS, parallel: 2 },
);
await pool.close();
const secs = (Date.now() - t0) / 1000;
const groups = { intermittent: rows.filter((_, i) => intermittent[i]), regular: rows.filter((_, i) => !intermittent[i]) };
const h = report.holdout;
console.log(`series ${rows.length} (intermittent ${groups.intermittent.length}, regular ${groups.regular.length}); tuning ${secs.toFixed(1)} s; config ${JSON.stringify(config)}; chosen ${report.chosen}`);
console.log(`holdout ${report.metric}: tuned ${h.tuned.mase?.toFixed(4)} vs base ${h.base.mase?.toFixed(4)}; RMSSE tuned ${h.tuned.rmsse?.toFixed(4)} vs base ${h.base.rmsse?.toFixed(4)}`);
for (const [name, seg] of Object.entries(report.segments)) {
  const s = seg!.report.holdout;
  console.log(`  segment ${name}: ${seg!.series} series, ${seg!.report.chosen} ${JSON.stringify(seg!.config)}; holdout MASE ${s.tuned.mase?.toFixed(4)} vs ${s.base.mase?.toFixed(4)}`);
}
console.log('| group | series | test RMSSE base | test RMSSE tuned |');
console.log('|---|---|---|---|');
for (const [name, list] of Object.entries(groups)) {
  console.log(`| ${name} | ${list.length} | ${testRmsse(core, list, {}).toFixed(4)} | ${testRmsse(core, list, config).toFixed(4)} |`);
}
