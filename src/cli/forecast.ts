// `tempo forecast --file`: forecasts every series of a long CSV on this machine, on every core,
// and writes a long CSV or NDJSON that appears whole or not at all.
import { createReadStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { createComputePool } from '../compute/pool.js';
import { seasonOptions } from '../dates/index.js';
import { openAtomicFile, type AtomicFile } from '../table/atomic-file.js';
import { csvHeader, csvLines, ndjsonLine, type ForecastRow } from '../table/forecast-rows.js';
import { readLongCsv, seriesNamed, TableError, type LongTable } from '../table/long-csv.js';
import { quoted } from '../common/caller-text.js';
import { optional, parseCommand, positiveInt, quantilesFlag, required } from './args.js';
import { startProgress, type ProgressSink } from './forecast-progress.js';
import { runInOrder, type SeriesTask } from './forecast-run.js';
import { prepareSeries, type PreparedSeries } from './series-regressors.js';
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
} as const;

/** Most series one run may hold (memory, not speed, is the limit: every series is read first). */
const MAX_SERIES = 1_000_000;
/** Per-series time limit on the pool; a local run has no caller waiting on a socket. */
const SERIES_TIMEOUT_MS = 600_000;

function parseLevels(text: string | undefined): number[] {
  if (text === undefined) return [];
  const levels = text.split(',').map((s) => s.trim());
  const out = levels.map(Number);
  if (levels.some((s) => s === '') || out.some((v) => !(v > 0 && v < 100)) || new Set(out).size !== out.length || out.length > 16) {
    throw new UsageError(`forecast: --level must be 1 to 16 distinct numbers between 0 and 100, comma-separated, e.g. 80,95 (got ${quoted(text, 'something else')})`, FORECAST_HELP);
  }
  return out;
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
  if (json && out === undefined) throw new UsageError('forecast: --json prints a summary, so it needs --out for the forecasts', FORECAST_HELP);
  const sink: ProgressSink = io.stderr ?? { isTTY: false, write: (t) => io.err(t) };

  let table: LongTable;
  try {
    table = await readLongCsv(createReadStream(file), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CommandFailure(`forecast: ${file}: no such file`);
    if ((err as NodeJS.ErrnoException).syscall !== undefined) throw new CommandFailure(`forecast: ${file}: cannot be read (${(err as NodeJS.ErrnoException).code})`);
    if (err instanceof TableError) throw new CommandFailure(err.message);
    throw err;
  }
  const { series, columns: [, dsColumn, yColumn] } = table;
  if (series.length > MAX_SERIES) throw new CommandFailure(`forecast: ${file} holds ${series.length} series; split it into files of at most ${MAX_SERIES}`);
  // every series' dates and regressors are checked before any compute starts, so a bad row costs nothing
  let prepared: PreparedSeries[];
  try {
    const ctx = { file, dsColumn, yColumn, horizon, freq, help: FORECAST_HELP, columns: table.regressors, ...(holidays !== undefined ? { holidays } : {}) };
    prepared = series.map((s) => prepareSeries(s, ctx));
  } catch (err) {
    if (err instanceof TableError) throw new CommandFailure(err.message);
    throw err;
  }
  const tasks: SeriesTask[] = prepared.map((p) => ({
    values: p.values, horizon, level: level.length > 0 ? level : undefined, ...seasonOptions(p.dates.plan, told),
    ...(p.regressors ? { regressors: p.regressors } : {}), ...(quantiles.length > 0 ? { quantiles } : {}),
  }));

  let target: AtomicFile | undefined;
  try {
    target = out === undefined ? undefined : await openAtomicFile(out);
  } catch (err) {
    throw new CommandFailure(`forecast: cannot write ${out} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const pool = createComputePool({ workers, timeoutMs: SERIES_TIMEOUT_MS, maxQueue: 8 * workers });
  const write = target ? (t: string) => target.write(t) : async (t: string) => { io.out(t); };
  const progress = startProgress(sink, series.length);
  let done = 0;
  let interrupted = false;
  // an interrupted run removes its temporary file: nothing half-written stays behind
  const stopListening = io.onInterrupt?.(() => { interrupted = true; }) ?? (() => {});
  try {
    if (kind === 'csv') await write(csvHeader(level, quantiles));
    await runInOrder(pool, tasks, 2 * workers, async (i, result) => {
      if (interrupted) throw new CommandFailure(`forecast: interrupted after ${done} of ${series.length} series; ${out ? `${out} was not written` : 'output is incomplete'}`);
      const row: ForecastRow = { id: series[i].id, result, timestamps: prepared[i].dates.future, freq: prepared[i].dates.plan.freq };
      await write(kind === 'csv' ? csvLines(row, level, quantiles) : ndjsonLine(row));
      done += 1;
      progress.update(done);
    });
    await target?.commit();
  } catch (err) {
    await target?.abort();
    const index = (err as { taskIndex?: number }).taskIndex;
    if (index !== undefined) {
      throw new CommandFailure(`forecast: ${seriesNamed(series[index].id, series[index].lines[0])} (from line ${series[index].lines[0]}) failed: ${(err as Error).message}`);
    }
    throw err;
  } finally {
    stopListening();
    await pool.close();
  }
  const { seconds, perSecond } = progress.finish(done);
  const summary = { series: done, seconds: Number(seconds.toFixed(3)), series_per_second: Number(perSecond.toFixed(1)), workers, out: out ?? null };
  if (json) io.out(JSON.stringify(summary));
  else sink.write(`tempo forecast: ${done} series in ${seconds.toFixed(1)} s (${perSecond.toFixed(0)} series/s) on ${workers} worker${workers === 1 ? '' : 's'}${out ? `; wrote ${out}` : ''}\n`);
  return 0;
}
