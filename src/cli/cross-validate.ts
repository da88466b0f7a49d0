// `tempo cross-validate --file`: rolling-origin backtests of every series of a long CSV on this
// machine, a group of series per worker hop, written as one long CSV (unique_id,ds,cutoff,y,
// forecast,lo-95,hi-95: statsforecast's cross_validation table) and a summary of metrics per series
// and overall.
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { DEFAULT_WINDOWS, MAX_WINDOWS, MIN_TRAINING_VALUES, windowsThatFit } from '../backtest/plan.js';
import type { BacktestResult } from '../backtest/run.js';
import { createComputePool, type BacktestOutcome } from '../compute/pool.js';
import { seasonOptions } from '../dates/index.js';
import { groupSeries } from '../server/batch/groups.js';
import { openAtomicFile, type AtomicFile } from '../table/atomic-file.js';
import { csvField } from '../table/forecast-rows.js';
import { seriesNamed } from '../table/long-csv.js';
import { quoted } from '../common/caller-text.js';
import { optional, parseCommand, positiveInt, quantilesFlag, required } from './args.js';
import { onInvalidFlag } from './forecast.js';
import { startProgress, type ProgressSink } from './forecast-progress.js';
import { skippedLine } from './invalid-series.js';
import { CommandFailure, UsageError, type CliIO } from './io.js';
import { readSeriesFile } from './read-series.js';
import { CROSS_VALIDATE_HELP } from './usage.js';

const OPTIONS = {
  file: { type: 'string' },
  horizon: { type: 'string' },
  windows: { type: 'string' },
  step: { type: 'string' },
  level: { type: 'string' },
  quantiles: { type: 'string' },
  freq: { type: 'string' },
  'season-length': { type: 'string' },
  out: { type: 'string' },
  workers: { type: 'string' },
  'on-invalid': { type: 'string' },
  'fill-missing': { type: 'boolean' },
} as const;

/** Per-series time limit of one window on the pool; a local run has no caller waiting on a socket. */
const WINDOW_TIMEOUT_MS = 600_000;
/** Groups on the pool ahead of the writing, per worker. */
const GROUPS_AHEAD = 2;

/** The metrics file beside `out`: `cv.csv` → `cv.metrics.csv`. */
export function metricsPath(out: string): string {
  return `${out.slice(0, out.length - extname(out).length)}.metrics.csv`;
}

function levelsFlag(text: string | undefined): number[] {
  if (text === undefined) return [95];
  const parts = text.split(',').map((s) => s.trim());
  const out = parts.map(Number);
  if (parts.some((s) => s === '') || out.some((v) => !(v > 0 && v < 100)) || new Set(out).size !== out.length || out.length > 16) {
    throw new UsageError(`cross-validate: --level must be 1 to 16 distinct numbers between 0 and 100, comma-separated, e.g. 80,95 (got ${quoted(text, 'something else')})`, CROSS_VALIDATE_HELP);
  }
  return out;
}

const cell = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : String(v));

// the mean of the finite values, or null
function mean(xs: Array<number | null | undefined>): number | null {
  const ok = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return ok.length === 0 ? null : ok.reduce((a, b) => a + b, 0) / ok.length;
}

/** Runs `tempo cross-validate`; resolves to the exit code. */
export async function crossValidateCommand(argv: string[], io: CliIO): Promise<number> {
  const parsed = parseCommand('cross-validate', argv, OPTIONS, 0, CROSS_VALIDATE_HELP);
  if (parsed.values.help === true) { io.out(CROSS_VALIDATE_HELP); return 0; }
  for (const flag of ['data-dir', 'create']) {
    if (parsed.values[flag] !== undefined) throw new UsageError(`cross-validate: --${flag} does not apply: tempo cross-validate reads a file and stores nothing`, CROSS_VALIDATE_HELP);
  }
  const file = required(parsed, 'file', 'cross-validate', CROSS_VALIDATE_HELP);
  const out = required(parsed, 'out', 'cross-validate', CROSS_VALIDATE_HELP);
  if (extname(out).toLowerCase() !== '.csv') throw new UsageError(`cross-validate: --out must end in .csv (got ${quoted(out, 'another name')})`, CROSS_VALIDATE_HELP);
  const horizon = positiveInt(parsed, 'horizon', 'cross-validate', CROSS_VALIDATE_HELP);
  if (horizon === undefined) throw new UsageError('cross-validate: --horizon is required', CROSS_VALIDATE_HELP);
  if (horizon > 100_000) throw new UsageError('cross-validate: --horizon must be at most 100000', CROSS_VALIDATE_HELP);
  const windows = positiveInt(parsed, 'windows', 'cross-validate', CROSS_VALIDATE_HELP) ?? DEFAULT_WINDOWS;
  if (windows > MAX_WINDOWS) throw new UsageError(`cross-validate: --windows must be at most ${MAX_WINDOWS}`, CROSS_VALIDATE_HELP);
  const step = positiveInt(parsed, 'step', 'cross-validate', CROSS_VALIDATE_HELP) ?? horizon;
  const level = levelsFlag(optional(parsed, 'level'));
  const quantiles = quantilesFlag(parsed, 'cross-validate', CROSS_VALIDATE_HELP) ?? [];
  const freq = optional(parsed, 'freq');
  const told = positiveInt(parsed, 'season-length', 'cross-validate', CROSS_VALIDATE_HELP);
  const workers = positiveInt(parsed, 'workers', 'cross-validate', CROSS_VALIDATE_HELP) ?? availableParallelism();
  const onInvalid = onInvalidFlag(optional(parsed, 'on-invalid'), CROSS_VALIDATE_HELP);
  const json = parsed.values.json === true;
  const sink: ProgressSink = io.stderr ?? { isTTY: false, write: (t) => io.err(t) };

  const read = await readSeriesFile({
    command: 'cross-validate', file, horizon, freq, fill: parsed.values['fill-missing'] === true, onInvalid, out, help: CROSS_VALIDATE_HELP, regressors: false,
    check: (values) => {
      const fit = windowsThatFit(values.length, horizon, step);
      if (windows <= fit) return null;
      const need = MIN_TRAINING_VALUES + horizon + (windows - 1) * step;
      return `${values.length} values are too few for ${windows} windows of horizon ${horizon} every ${step} values (needs ${need}); ${fit === 0 ? 'no window fits' : `only ${fit} fit`}`;
    },
  });
  const { series, prepared } = read;
  const groups = groupSeries(prepared.map((p) => p.values.length * windows));
  const metricsFile = metricsPath(out);
  let target: AtomicFile | undefined;
  let metricsTarget: AtomicFile | undefined;
  try {
    target = await openAtomicFile(out);
    metricsTarget = await openAtomicFile(metricsFile);
  } catch (err) {
    await target?.abort();
    throw new CommandFailure(`cross-validate: cannot write ${out} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const pool = createComputePool({ workers, timeoutMs: WINDOW_TIMEOUT_MS, maxQueue: 8 * workers });
  const progress = startProgress(sink, series.length, Date.now, 'tempo cross-validate');
  const perSeries: BacktestResult['metrics'][] = [];
  let done = 0;
  let interrupted = false;
  const stopListening = io.onInterrupt?.(() => { interrupted = true; }) ?? (() => {});
  const header = ['unique_id', 'ds', 'cutoff', 'y', 'forecast', ...level.flatMap((l) => [`lo-${l}`, `hi-${l}`]), ...quantiles.map((q) => `q-${q}`)].join(',') + '\n';
  const metricNames = ['mase', 'smape', 'rmsse', ...level.map((l) => `coverage-${l}`), ...(quantiles.length > 0 ? ['spl'] : [])];
  try {
    await target.write(header);
    await metricsTarget.write(['unique_id', ...metricNames].join(',') + '\n');
    const running = new Map<number, Promise<BacktestOutcome[]>>();
    const start = (g: number) => {
      const { start: a, end: b } = groups[g];
      const seasons = prepared.slice(a, b).map((p) => seasonOptions(p.dates.plan, told));
      const work = pool.backtestGroup({
        series: prepared.slice(a, b).map((p) => p.values), seasonLengths: seasons.map((s) => s.seasonLength), periodHints: seasons.map((s) => s.periodHints),
        horizon, windows, step, level, ...(quantiles.length > 0 ? { quantiles } : {}),
      });
      // a group after one that failed is never awaited: its failure must not go unhandled
      work.catch(() => {});
      running.set(g, work);
    };
    let next = 0;
    for (let g = 0; g < groups.length; g++) {
      while (next < groups.length && next - g < GROUPS_AHEAD * workers) start(next++);
      const outcomes = await running.get(g)!;
      running.delete(g);
      if (interrupted) throw new CommandFailure(`cross-validate: interrupted after ${done} of ${series.length} series; ${out} was not written`);
      for (const [k, outcome] of outcomes.entries()) {
        const i = groups[g].start + k;
        const s = series[i];
        if (!outcome.ok) throw new CommandFailure(`cross-validate: ${seriesNamed(s.id, s.lines[0])} (from line ${s.lines[0]}) failed: ${outcome.error.message}`);
        const id = csvField(s.id);
        let text = '';
        for (const w of outcome.result.windows) {
          for (let j = 0; j < w.forecast.length; j++) {
            const at = w.cutoff + 1 + j;
            const cells = [id, csvField(s.timestamps[at]), csvField(s.timestamps[w.cutoff]), cell(w.actual[j]), String(w.forecast[j])];
            for (const l of level) cells.push(String(w.intervals![String(l)].lower[j]), String(w.intervals![String(l)].upper[j]));
            for (const q of quantiles) cells.push(String(w.quantiles![String(q)][j]));
            text += cells.join(',') + '\n';
          }
        }
        await target.write(text);
        const m = outcome.result.metrics;
        perSeries.push(m);
        await metricsTarget.write([id, cell(m.mase), cell(m.smape), cell(m.rmsse), ...level.map((l) => cell(m.coverage?.[String(l)])), ...(quantiles.length > 0 ? [cell(m.spl)] : [])].join(',') + '\n');
        done += 1;
        progress.update(done);
      }
    }
    await target.commit();
    await metricsTarget.commit();
  } catch (err) {
    await target.abort();
    await metricsTarget.abort();
    throw err;
  } finally {
    stopListening();
    await pool.close();
  }
  const { seconds, perSecond } = progress.finish(done);
  const overall: Record<string, number | null> = {
    mase: mean(perSeries.map((m) => m.mase)), smape: mean(perSeries.map((m) => m.smape)), rmsse: mean(perSeries.map((m) => m.rmsse)),
    ...Object.fromEntries(level.map((l) => [`coverage-${l}`, mean(perSeries.map((m) => m.coverage?.[String(l)]))])),
    ...(quantiles.length > 0 ? { spl: mean(perSeries.map((m) => m.spl)) } : {}),
  };
  const round = (v: number | null) => (v === null ? null : Number(v.toFixed(4)));
  if (json) {
    io.out(JSON.stringify({
      series: done, windows, seconds: Number(seconds.toFixed(3)), series_per_second: Number(perSecond.toFixed(1)), workers, out, metrics_file: metricsFile,
      overall: Object.fromEntries(Object.entries(overall).map(([k, v]) => [k, round(v)])),
      skipped: read.skipped, problems: read.problems.length, problems_file: read.problems.length > 0 ? read.problemsFile : null,
    }));
  } else {
    const shown = Object.entries(overall).map(([k, v]) => `${k} ${v === null ? '–' : v.toFixed(3)}`).join(', ');
    sink.write(`tempo cross-validate: ${done} series × ${windows} windows in ${seconds.toFixed(1)} s (${perSecond.toFixed(0)} series/s) on ${workers} worker${workers === 1 ? '' : 's'}; wrote ${out} and ${metricsFile}\n`);
    sink.write(`tempo cross-validate: mean over series: ${shown}\n`);
    if (read.problems.length > 0) sink.write(`${skippedLine('tempo cross-validate', read.skipped, read.problems.length, read.problemsFile)}\n`);
  }
  return 0;
}
