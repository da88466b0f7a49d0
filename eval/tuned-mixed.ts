// `node --import tsx eval/tuned-mixed.ts [--data DIR] [--files Monthly,Yearly] [--horizon 6] [--calendar] [--min 10] [--steps N]`:
// one organization's portfolio made of the dev sample's files and the intermittent sample, as a
// retailer's would be: a model is tuned on the train parts exactly as POST /v1/models does (segmented
// by the core's intermittent test and, among the regular series, by season key: detected on undated
// series, the calendar's with --calendar, where each series is sent with timestamps of its file's
// frequency; on the worker pool). Prints each segment's holdout by the metric it decided on, then
// the stored model and its base on the test parts tuning never saw, by RMSSE (M5's lag-1 scale), per
// group: intermittent, each regular season segment, and each source file (--steps: over the first N
// test values only, the horizon tuning was for). Exits 1 when a segment's
// stored config is worse than its base on the holdout by the metric reported.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadForecaster } from '../src/core/node.js';
import type { CoreConfig, Forecaster } from '@tempo-forecast/core';
import { createComputePool } from '../src/compute/pool.js';
import { planDates, seasonOptions, type DatePlan } from '../src/dates/index.js';
import { candidateConfigs, sharedCalendarSeasons } from '../src/tuning/candidates.js';
import { tuneSegments } from '../src/tuning/segments.js';
import { seriesSegments } from '../src/tuning/series-segments.js';
import { trainingDates } from '../src/tuning/training-dates.js';
import { DEFAULT_TUNE_OPTIONS } from '../src/tuning/tune.js';
import { mean, rmsse } from '../src/metrics/index.js';
import { parseCsv, type SeriesRow } from './csv.js';
import { synthTimestamps } from './calendar.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: {
  data: { type: 'string' }, files: { type: 'string' }, horizon: { type: 'string' }, calendar: { type: 'boolean' }, min: { type: 'string' }, steps: { type: 'string' },
} });
const data = args.data ?? join(root, 'datasets');
const wanted = args.files?.split(',');
const devFiles = readdirSync(join(data, 'dev')).filter((f) => f.endsWith('.csv') && (!wanted || wanted.some((w) => f.startsWith(w)))).sort();
const files: Array<[string, SeriesRow[]]> = [
  ...devFiles.map((f): [string, SeriesRow[]] => [f, parseCsv(readFileSync(join(data, 'dev', f), 'utf8'), f)]),
  ['Intermittent.csv', parseCsv(readFileSync(join(data, 'intermittent', 'Intermittent.csv'), 'utf8'), 'Intermittent.csv')],
];
const rows = files.flatMap(([, r]) => r);
const fileOf = files.flatMap(([f, r]) => r.map(() => f));
// one tuning has one horizon; the shortest test part of the dev sample (yearly's) leaves every file room to tune
const horizon = Number(args.horizon ?? 6);
const calendar = args.calendar === true;
const f4 = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(4));

// the training as POST /v1/models would get it: dated per series by its file's frequency under --calendar
const stamps = calendar ? rows.map((r) => synthTimestamps(r.frequency, r.train.length + r.test.length)) : undefined;
const dates = calendar
  ? trainingDates({ horizon, series: rows.map((r, i) => ({ id: r.id, values: r.train, timestamps: stamps![i].slice(0, r.train.length) })) })
  : undefined;

// what a forecast request for the test part tells the core: its dates (the stored config's own season counts as told, as on the server)
function requestSeasons(i: number, config: CoreConfig): { seasonLength?: number; periodHints?: number[] } {
  if (!calendar) return {};
  const r = rows[i];
  const plan: DatePlan = planDates({ timestamps: stamps![i].slice(0, r.train.length), length: r.train.length, horizon: r.test.length });
  return seasonOptions(plan, config.season_length);
}

// each row's test RMSSE under `config` over its first `steps` test values (all by default; NaN where the scale is zero)
const steps = args.steps ? Number(args.steps) : Infinity;
function testRmsse(core: Forecaster, config: CoreConfig): number[] {
  return rows.map((r, i) => {
    const test = r.test.slice(0, Math.min(steps, r.test.length));
    return rmsse(r.train, test, core.forecast(r.train, test.length, { ...requestSeasons(i, config), config }).forecast);
  });
}

const core = await loadForecaster();
const pool = createComputePool({ workers: 2, timeoutMs: 60_000 });
const t0 = Date.now();
const found = seriesSegments(core, rows.map((r) => r.train), {}, dates);
const { config, report } = await tuneSegments(
  { series: rows.map((r) => r.train), horizon, base: {}, candidates: candidateConfigs({}, sharedCalendarSeasons(dates)), ...(dates ? { dates } : {}), ...found },
  (input) => pool.scoreMany(input), () => {},
  { ...DEFAULT_TUNE_OPTIONS, parallel: 2, ...(args.min ? { minSegmentSeries: Number(args.min) } : {}) },
);
await pool.close();
const secs = (Date.now() - t0) / 1000;
console.log(`${rows.length} series (${devFiles.join(', ')}, Intermittent.csv), ${calendar ? 'dated by file frequency' : 'undated'}, horizon ${horizon}; tuning ${secs.toFixed(1)} s`);
console.log(`stored config ${JSON.stringify(config)}`);
console.log(`report: ${report.series.total} series in ${report.counts.segments} segments (${report.counts.tuned} tuned, ${report.counts.kept_base} kept the default); tuned on ${report.series.tuned_on}, holdout on ${report.series.holdout}, ${report.series.kept_base} in segments too small to tune`);
console.log(`holdout over the tuned segments: MASE ${f4(report.holdout.tuned.mase)} vs base ${f4(report.holdout.base.mase)}; RMSSE ${f4(report.holdout.tuned.rmsse)} vs ${f4(report.holdout.base.rmsse)}; SPL ${f4(report.holdout.tuned.spl)} vs ${f4(report.holdout.base.spl)}\n`);
console.log('| segment | series | decided by | holdout MASE base | holdout MASE chosen | holdout SPL base / chosen | chosen config |');
console.log('|---|---|---|---|---|---|---|');
let worse = false;
for (const [name, s] of Object.entries(report.segments)) {
  const h = s.holdout;
  if (h && h.chosen.mase !== null && h.base.mase !== null && h.chosen.mase > h.base.mase) worse = true;
  console.log(`| ${name}: ${s.label} | ${s.series} | ${s.decided_by ?? (s.season === 0 ? 'none (frequency unknown)' : 'none (too few series)')} | ${f4(h?.base.mase)} | ${f4(h?.chosen.mase)} | ${f4(h?.base.spl)} / ${f4(h?.chosen.spl)} | ${s.chosen === 'tuned' ? `\`${JSON.stringify(s.config)}\`` : 'kept the default'} |`);
}
for (const [name, s] of Object.entries(report.segments)) console.log(`  ${name}: ${s.reason}`);

// the test parts, which tuning never saw: base and stored model per group
const base = testRmsse(core, {}), tuned = testRmsse(core, config);
const groups = new Map<string, number[]>();
const add = (k: string, i: number) => { if (!groups.has(k)) groups.set(k, []); groups.get(k)!.push(i); };
rows.forEach((_, i) => {
  add(found.intermittent[i] ? 'intermittent' : 'regular', i);
  if (!found.intermittent[i]) add(`regular season-${found.seasons[i]}`, i);
  add(`file ${fileOf[i]}`, i);
});
console.log('\n| group (test values) | series | RMSSE base | RMSSE tuned | tuned no worse |');
console.log('|---|---|---|---|---|');
for (const [k, idx] of groups) {
  const ok = idx.filter((i) => Number.isFinite(base[i]) && Number.isFinite(tuned[i]));
  const b = mean(ok.map((i) => base[i])), t = mean(ok.map((i) => tuned[i]));
  console.log(`| ${k} | ${idx.length} | ${f4(b)} | ${f4(t)} | ${t <= b + 1e-12 ? 'yes' : 'NO'} |`);
}
if (worse) { console.error('a segment stored a config worse than its base on the holdout by the metric reported'); process.exitCode = 1; }
