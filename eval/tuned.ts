// `node --import tsx eval/tuned.ts [--data DIR] [--file Monthly] [--windows 2] [--finalists 3] [--calendar]`: each frequency
// file taken as one organization's data: a model is tuned on the train parts (exactly as POST /v1/models
// does: by segment, on the worker pool; eval/tuned-mixed.ts tunes the files together as one portfolio), then tempo and the tuned config are scored on the test parts tuning never
// saw, as OWA against Naive2, with the season length told (as `npm run eval` does) and blind. With
// --calendar the training is sent with the file's frequency as `freq` (tuning then backtests with the
// calendar's periods, as `npm run eval -- --calendar` forecasts), and the blind columns become
// calendar ones: each forecast told what a request with that freq tells the core. --publish (only
// with the defaults) also writes docs/results/tuned[-calendar].json, which docs/accuracy.md renders.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadForecaster } from '../src/core/node.js';
import type { CoreConfig, Forecaster } from '@tempo-forecast/core';
import { createComputePool } from '../src/compute/pool.js';
import { planDates, seasonOptions } from '../src/dates/index.js';
import { candidateConfigs, sharedCalendarSeasons } from '../src/tuning/candidates.js';
import { trainingDates } from '../src/tuning/training-dates.js';
import { DEFAULT_TUNE_OPTIONS } from '../src/tuning/tune.js';
import { tuneSegments } from '../src/tuning/segments.js';
import { seriesSegments } from '../src/tuning/series-segments.js';
import { mase, mean, owa, smape } from '../src/metrics/index.js';
import { parseCsv, type SeriesRow } from './csv.js';
import { parseEvalArgs } from './args.js';
import { calendarFreq } from './calendar.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { data: { type: 'string' }, file: { type: 'string' }, windows: { type: 'string' }, finalists: { type: 'string' }, calendar: { type: 'boolean' }, publish: { type: 'boolean' } } });
const calendar = args.calendar === true;
// the service's defaults unless asked otherwise, to try other settings before changing them
const options = {
  ...DEFAULT_TUNE_OPTIONS,
  parallel: 2,
  ...(args.windows ? { windows: Number(args.windows) } : {}),
  ...(args.finalists ? { finalists: Number(args.finalists) } : {}),
};
// the same default folder as `npm run eval`
const dir = args.data ?? parseEvalArgs([], root).data;
const publish = args.publish === true;
if (publish && (args.data ?? args.file ?? args.windows ?? args.finalists) !== undefined) throw new Error('--publish measures the defaults: drop --data, --file, --windows and --finalists');
const finish = startMeasurement(`node --import tsx eval/tuned.ts${calendar ? ' --calendar' : ''}`);
const published: Array<Record<string, unknown>> = [];

// what the core is told about seasons: the CSV's season length, nothing (blind), or what a request
// with the file's freq tells it (the config's own season length counts as told, as on the server)
function seasonsFor(r: SeriesRow, config: CoreConfig, told: boolean): { seasonLength?: number; periodHints?: number[] } {
  if (told) return { seasonLength: r.seasonLength };
  if (!calendar) return {};
  return seasonOptions(planDates({ freq: calendarFreq(r.frequency), length: r.train.length, horizon: r.horizon }), config.season_length);
}

// OWA of `config` on the test parts, against Naive2 told the season
function owaOf(core: Forecaster, rows: SeriesRow[], config: CoreConfig, told: boolean): number {
  const s: number[] = [], m: number[] = [], ns: number[] = [], nm: number[] = [];
  for (const r of rows) {
    const n2 = core.forecast(r.train, r.horizon, { seasonLength: r.seasonLength, config: { model: 'naive2' } }).forecast;
    const fc = core.forecast(r.train, r.horizon, { ...seasonsFor(r, config, told), config }).forecast;
    s.push(smape(r.test, fc)); m.push(mase(r.train, r.test, fc, r.seasonLength));
    ns.push(smape(r.test, n2)); nm.push(mase(r.train, r.test, n2, r.seasonLength));
  }
  return owa(mean(s), mean(m), mean(ns), mean(nm));
}

const core = await loadForecaster();
// two workers, both tuning, as `tempo models tune` would use them on this machine
const pool = createComputePool({ workers: 2, timeoutMs: 60_000 });
const files = readdirSync(dir).filter((f) => f.endsWith('.csv') && (!args.file || f.includes(args.file))).sort();
const other = calendar ? 'calendar' : 'blind';
const lines = [`| file | series | tuning s | chosen | config | holdout MASE tuned / base | OWA tempo told | OWA tuned told | OWA tempo ${other} | OWA tuned ${other} |`, '|---|---|---|---|---|---|---|---|---|---|'];
for (const f of files) {
  const rows = parseCsv(readFileSync(join(dir, f), 'utf8'), f);
  const t0 = Date.now();
  const horizon = rows[0].horizon;
  // the training as POST /v1/models would get it, dated by the file's frequency under --calendar
  const dates = trainingDates({
    horizon, ...(calendar ? { freq: calendarFreq(rows[0].frequency) } : {}), series: rows.map((r) => ({ id: r.id, values: r.train })),
  });
  // segmented as the service segments (intermittent test, season keys), so a file whose series the
  // core reads at different seasons is tuned per season
  const { config, report } = await tuneSegments(
    { series: rows.map((r) => r.train), horizon, base: {}, candidates: candidateConfigs({}, sharedCalendarSeasons(dates)), dates,
      ...seriesSegments(core, rows.map((r) => r.train), {}, dates) },
    (input) => pool.scoreMany(input),
    () => {},
    options,
  );
  const secs = (Date.now() - t0) / 1000;
  const h = report.holdout;
  const scores = { tempoTold: owaOf(core, rows, {}, true), tunedTold: owaOf(core, rows, config, true), tempoOther: owaOf(core, rows, {}, false), tunedOther: owaOf(core, rows, config, false) };
  published.push({ file: f, series: rows.length, seconds: secs, chosen: report.chosen, config, holdoutMase: { tuned: h.tuned.mase ?? null, base: h.base.mase ?? null }, owa: scores });
  const row = `| ${f} | ${rows.length} | ${secs.toFixed(1)} | ${report.chosen} | \`${JSON.stringify(config)}\` | ${h.base.mase == null ? 'none tuned' : `${h.tuned.mase?.toFixed(3)} / ${h.base.mase.toFixed(3)}`} | `
    + `${scores.tempoTold.toFixed(3)} | ${scores.tunedTold.toFixed(3)} | ${scores.tempoOther.toFixed(3)} | ${scores.tunedOther.toFixed(3)} |`;
  lines.push(row);
  console.error(row);
}
await pool.close();
console.log(lines.join('\n'));
if (publish) console.log(`published: ${writeResult(calendar ? 'tuned-calendar' : 'tuned', finish(), { mode: calendar ? 'calendar' : 'blind', workers: options.parallel, files: published })}`);
