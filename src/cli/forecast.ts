// `tempo forecast --file`: forecasts every series of a long CSV on this machine, on every core,
// and writes a long CSV or NDJSON that appears whole or not at all.
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { seasonOptions } from '../dates/index.js';
import { openAtomicFile, type AtomicFile } from '../table/atomic-file.js';
import { csvField, csvHeader, csvLines, ndjsonLine, type ForecastRow } from '../table/forecast-rows.js';
import type { ForecastResult } from '@tempo-forecast/core';
import { seriesNamed } from '../table/long-csv.js';
import { skippedLine, type OnInvalid } from './invalid-series.js';
import { readSeriesFile } from './read-series.js';
import { quoted } from '../common/caller-text.js';
import { optional, parseCommand, positiveInt, quantilesFlag, required } from './args.js';
import { startProgress, type ProgressSink } from './forecast-progress.js';
import type { SeriesTask } from './forecast-run.js';
import { localEngine, serverEngine, type ForecastEngine } from './forecast-engines.js';
import { MODEL_IDS, type CoreModelName } from '@tempo-forecast/core';
import { CommandFailure, UsageError, type CliIO } from './io.js';
import { FORECAST_HELP } from './usage.js';

const OPTIONS = {
  file: { type: 'string' },
  horizon: { type: 'string' },
  level: { type: 'string' },
  freq: { type: 'string' },
  out: { type: 'string' },
  workers: { type: 'string' },
  'season-length': { type: 'string' },
  quantiles: { type: 'string' },
  holidays: { type: 'string' },
  'on-invalid': { type: 'string' },
  'fill-missing': { type: 'boolean' },
  fitted: { type: 'boolean' },
  model: { type: 'string' },
  server: { type: 'string' },
  'batch-size': { type: 'string' },
  job: { type: 'boolean' },
  gzip: { type: 'boolean' },
} as const;

/** The core's models a local run may be asked for by --model. */
const LOCAL_MODELS = Object.keys(MODEL_IDS);

/** The in-sample file beside `out`: `f.csv` → `f.fitted.csv`. */
export function fittedPath(out: string): string {
  return `${out.slice(0, out.length - extname(out).length)}.fitted.csv`;
}

// one row per value of the history: its date, the value (empty where missing), the one-step prediction and its bounds (empty where the model has none)
function fittedLines(id: string, timestamps: readonly string[], values: ReadonlyArray<number | null>, result: ForecastResult, level: readonly number[]): string {
  const cell = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  let text = '';
  for (let t = 0; t < values.length; t++) {
    const cells = [csvField(id), csvField(timestamps[t]), cell(values[t]), cell(result.fitted?.[t])];
    for (const l of level) cells.push(cell(result.fitted_intervals?.[String(l)]?.lower[t]), cell(result.fitted_intervals?.[String(l)]?.upper[t]));
    text += cells.join(',') + '\n';
  }
  return text;
}

/** `--level 80,95`: 1 to 16 distinct numbers between 0 and 100, [] when absent; throws UsageError. */
export function parseLevels(text: string | undefined): number[] {
  if (text === undefined) return [];
  const levels = text.split(',').map((s) => s.trim());
  const out = levels.map(Number);
  if (levels.some((s) => s === '') || out.some((v) => !(v > 0 && v < 100)) || new Set(out).size !== out.length || out.length > 16) {
    throw new UsageError(`forecast: --level must be 1 to 16 distinct numbers between 0 and 100, comma-separated, e.g. 80,95 (got ${quoted(text, 'something else')})`, FORECAST_HELP);
  }
  return out;
}

/** --on-invalid: fail (the default) or skip. */
export function onInvalidFlag(text: string | undefined, help: string): OnInvalid {
  if (text === undefined || text === 'fail' || text === 'skip') return text ?? 'fail';
  throw new UsageError(`forecast: --on-invalid must be fail or skip (got ${quoted(text, 'something else')})`, help);
}

function outputKind(out: string | undefined): 'csv' | 'ndjson' {
  if (out === undefined) return 'csv';
  const ext = extname(out).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  throw new UsageError(`forecast: --out must end in .csv or .ndjson (got ${quoted(out, 'another name')})`, FORECAST_HELP);
}

/** Runs `tempo forecast`; resolves to the exit code. */
export async function forecastCommand(argv: string[], io: CliIO): Promise<number> {
  const parsed = parseCommand('forecast', argv, OPTIONS, 0, FORECAST_HELP);
  if (parsed.values.help === true) { io.out(FORECAST_HELP); return 0; }
  // the file as one job on the server: uploaded, followed, downloaded (forecast-job.ts)
  if (parsed.values.job === true) return (await import('./forecast-job.js')).forecastJob(parsed, io, FORECAST_HELP);
  if (parsed.values.gzip !== undefined) throw new UsageError('forecast: --gzip applies only with --job', FORECAST_HELP);
  // nothing is stored, so the flags that choose a store would do nothing here
  for (const flag of ['data-dir', 'create']) {
    if (parsed.values[flag] !== undefined) throw new UsageError(`forecast: --${flag} does not apply: tempo forecast reads a file and stores nothing`, FORECAST_HELP);
  }
  const file = required(parsed, 'file', 'forecast', FORECAST_HELP);
  const horizon = positiveInt(parsed, 'horizon', 'forecast', FORECAST_HELP);
  if (horizon === undefined) throw new UsageError('forecast: --horizon is required', FORECAST_HELP);
  if (horizon > 100_000) throw new UsageError('forecast: --horizon must be at most 100000', FORECAST_HELP);
  const level = parseLevels(optional(parsed, 'level'));
  const quantiles = quantilesFlag(parsed, 'forecast', FORECAST_HELP) ?? [];
  const holidays = optional(parsed, 'holidays');
  const freq = optional(parsed, 'freq');
  const out = optional(parsed, 'out');
  const kind = outputKind(out);
  const workers = positiveInt(parsed, 'workers', 'forecast', FORECAST_HELP) ?? availableParallelism();
  const told = positiveInt(parsed, 'season-length', 'forecast', FORECAST_HELP);
  const json = parsed.values.json === true;
  const onInvalid = onInvalidFlag(optional(parsed, 'on-invalid'), FORECAST_HELP);
  const fill = parsed.values['fill-missing'] === true;
  const wantFitted = parsed.values.fitted === true;
  if (wantFitted && out === undefined) throw new UsageError('forecast: --fitted writes the in-sample rows beside the output, so it needs --out', FORECAST_HELP);
  if (json && out === undefined) throw new UsageError('forecast: --json prints a summary, so it needs --out for the forecasts', FORECAST_HELP);
  const sink: ProgressSink = io.stderr ?? { isTTY: false, write: (t) => io.err(t) };
  const server = optional(parsed, 'server');
  const model = optional(parsed, 'model');
  const batchSize = positiveInt(parsed, 'batch-size', 'forecast', FORECAST_HELP);
  let apiKey: string | undefined;
  if (server !== undefined) {
    apiKey = io.env.TEMPO_API_KEY;
    if (apiKey === undefined || apiKey === '') throw new UsageError('forecast: set TEMPO_API_KEY to the API key to use with --server', FORECAST_HELP);
    if (parsed.values.workers !== undefined) throw new UsageError('forecast: --workers does not apply with --server: the server has its own', FORECAST_HELP);
  } else {
    if (batchSize !== undefined) throw new UsageError('forecast: --batch-size applies only with --server', FORECAST_HELP);
    // a tuned model lives on a server: locally, --model names one of the core's
    if (model !== undefined && !LOCAL_MODELS.includes(model)) {
      throw new UsageError(`forecast: --model must be one of ${LOCAL_MODELS.join(', ')} on this machine (got ${quoted(model, 'another name')}); an organization's own model runs with --server`, FORECAST_HELP);
    }
  }

  const { series, prepared, filled, problems, skipped, problemsFile } = await readSeriesFile({
    command: 'forecast', file, horizon, freq, holidays, fill, onInvalid, out, help: FORECAST_HELP,
  });
  const tasks: SeriesTask[] = prepared.map((p) => ({
    values: p.values, horizon, level: level.length > 0 ? level : undefined, ...seasonOptions(p.dates.plan, told),
    ...(p.regressors ? { regressors: p.regressors } : {}), ...(quantiles.length > 0 ? { quantiles } : {}), ...(wantFitted ? { fitted: true } : {}),
    ...(server === undefined && model !== undefined && model !== 'tempo' ? { config: { model: model as CoreModelName } } : {}),
  }));

  let target: AtomicFile | undefined;
  let fittedTarget: AtomicFile | undefined;
  try {
    target = out === undefined ? undefined : await openAtomicFile(out);
    fittedTarget = wantFitted && out !== undefined ? await openAtomicFile(fittedPath(out)) : undefined;
  } catch (err) {
    await target?.abort();
    throw new CommandFailure(`forecast: cannot write ${out} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const engine: ForecastEngine = server === undefined ? localEngine(workers) : serverEngine({
    server, apiKey: apiKey!, ...(model ? { model } : {}), ...(batchSize ? { batchSize } : {}), ...(freq ? { freq } : {}),
    // a series of one row has no step the server could infer: its dates are this run's alone
    series: prepared.map((p, i) => ({ id: series[i].id, ...(p.values.length > 1 && p.dates.timestamps.length > 0 ? { timestamps: p.dates.timestamps.slice(0, p.values.length) } : {}) })),
  });
  const write = target ? (t: string) => target.write(t) : async (t: string) => { io.out(t); };
  const progress = startProgress(sink, series.length);
  let done = 0;
  let interrupted = false;
  // an interrupted run removes its temporary file: nothing half-written stays behind
  const stopListening = io.onInterrupt?.(() => { interrupted = true; }) ?? (() => {});
  try {
    if (kind === 'csv') await write(csvHeader(level, quantiles));
    await fittedTarget?.write(['unique_id', 'ds', 'y', 'fitted', ...level.flatMap((l) => [`lo-${l}`, `hi-${l}`])].join(',') + '\n');
    await engine.run(tasks, async (i, result) => {
      if (interrupted) throw new CommandFailure(`forecast: interrupted after ${done} of ${series.length} series; ${out ? `${out} was not written` : 'output is incomplete'}`);
      // with --fill-missing, method says how many dates were put back, as the API's does
      const method: ForecastRow['result']['method'] & { filled?: number } = fill ? { ...result.method, filled: filled[i] } : result.method;
      const row: ForecastRow = { id: series[i].id, result: { ...result, method }, timestamps: prepared[i].dates.future, freq: prepared[i].dates.plan.freq };
      await write(kind === 'csv' ? csvLines(row, level, quantiles) : ndjsonLine(row));
      // the history's dates: a table with regressors ends each series with its future rows
      await fittedTarget?.write(fittedLines(series[i].id, series[i].timestamps, prepared[i].values, result, level));
      done += 1;
      progress.update(done);
    });
    await target?.commit();
    await fittedTarget?.commit();
  } catch (err) {
    await target?.abort();
    await fittedTarget?.abort();
    const index = (err as { taskIndex?: number }).taskIndex;
    if (index !== undefined) {
      throw new CommandFailure(`forecast: ${seriesNamed(series[index].id, series[index].lines[0])} (from line ${series[index].lines[0]}) failed: ${(err as Error).message}`);
    }
    throw err;
  } finally {
    stopListening();
    await engine.close();
  }
  const { seconds, perSecond } = progress.finish(done);
  const filledDates = filled.reduce((a, b) => a + b, 0);
  const filledSeries = filled.filter((n) => n > 0).length;
  const summary = {
    series: done, seconds: Number(seconds.toFixed(3)), series_per_second: Number(perSecond.toFixed(1)), ...(server === undefined ? { workers } : { server }), out: out ?? null,
    ...(onInvalid === 'skip' ? { skipped, problems: problems.length, problems_file: problems.length > 0 ? problemsFile : null } : {}),
    ...(fill ? { filled_dates: filledDates, filled_series: filledSeries } : {}),
  };
  if (json) io.out(JSON.stringify(summary));
  else sink.write(`tempo forecast: ${done} series in ${seconds.toFixed(1)} s (${perSecond.toFixed(0)} series/s) on ${engine.where}${out ? `; wrote ${out}` : ''}\n`);
  if (fill && !json) sink.write(`tempo forecast: filled ${filledDates} absent date${filledDates === 1 ? '' : 's'} in ${filledSeries} series\n`);
  if (problems.length > 0 && !json) sink.write(`${skippedLine('tempo forecast', skipped, problems.length, problemsFile)}\n`);
  return 0;
}
