// The speed tables and the smaller accuracy studies, rendered from their published JSON
// (docs/results/bench-*.json, forecast-file.json, periods.json, tuned*.json, anomalies.json).
import type { BenchRow, SuiteResult } from '../../bench/harness.js';
import { count, fixed, mdTable, pct, provenance } from './format.js';
import { readResult } from './results.js';

const us = (v: number) => (v >= 100 ? count(Math.round(v)) : v >= 1 ? v.toFixed(2) : v.toFixed(3));

/** One `npm run bench` suite: every task's median and mean per call, calls per second, samples and what ran. */
export function benchSuite(suite: string): string {
  const r = readResult<SuiteResult>(`bench-${suite}`);
  const rows = r.data.rows.map((row: BenchRow) => [row.name, us(row.medianUs), us(row.meanUs), us(row.opsPerSec), count(row.samples), row.note ?? '']);
  return [mdTable(['task', 'median µs', 'mean µs', 'per second', 'samples', 'note'], 'lrrrrl', rows), '', provenance([r.measured])].join('\n');
}

interface ForecastFileResult {
  series: number; values: number; horizon: number; workers: number;
  single_thread_series_per_s: number; cli_series_per_s: number; cli_seconds: number; process_seconds: number;
  share_of_workers_x_single: number;
}

/** `tempo forecast --file` on the seeded 10,000-series table, beside one thread of the core. */
export function forecastFile(): string {
  const r = readResult<ForecastFileResult>('forecast-file');
  const d = r.data;
  const rows = [
    ['series, values', `${count(d.series)} monthly series, ${count(d.values)} values, horizon ${d.horizon}, level 95`],
    ['one thread of the core (a spread sample of the series)', `${fixed(d.single_thread_series_per_s, 1)} series/s`],
    [`\`tempo forecast --file\`, ${d.workers} workers`, `${fixed(d.cli_series_per_s, 1)} series/s: ${fixed(d.cli_seconds, 1)} s forecasting, ${fixed(d.process_seconds, 1)} s for the whole process`],
    ['share of workers × one thread', pct(d.share_of_workers_x_single)],
  ];
  return [mdTable(['measure', 'value'], 'll', rows), '', provenance([r.measured])].join('\n');
}

/** What bench/python-client.ts publishes: every run of each client, in the order they ran. */
export interface PythonClientResult {
  series: number; horizon: number; level: number; batchSize: number; workers: number;
  ratio: number; clientCpuRatio: number;
  runs: Array<{ client: 'typescript' | 'python'; seconds: number; clientCpuSeconds: number; series: number; load1: number; load1After: number }>;
}

/** `forecast_df` against `forecastMany` on the same series: each run, and the ratios of the medians. */
export function pythonClient(): string {
  const r = readResult<PythonClientResult>('python-client');
  const d = r.data;
  const rows = d.runs.map((run) => [run.client === 'python' ? 'Python `forecast_df`' : 'TypeScript `forecastMany`', fixed(run.seconds, 1),
    fixed(run.series / run.seconds, 0), fixed(run.clientCpuSeconds, 2), `${fixed(run.load1, 1)}–${fixed(run.load1After, 1)}`]);
  return [
    mdTable(['client', `seconds for ${count(d.series)} series`, 'series/s', 'client CPU s', 'load average'], 'lrrrl', rows),
    '',
    `Python / TypeScript, medians: ${fixed(d.ratio, 2)}× the wall time, ${fixed(d.clientCpuRatio, 2)}× the client's CPU `
      + `(horizon ${d.horizon}, level ${d.level}, ${count(d.batchSize)} series per request, ${d.workers} server workers). ${provenance([r.measured])}`,
  ].join('\n');
}

interface PeriodsResult {
  seeds: number;
  falseAlarms: Array<{ n: number; share: Record<string, number> }>;
}

/** How often blind period detection reports a season on series that have none. */
export function periodFalseAlarms(): string {
  const r = readResult<PeriodsResult>('periods');
  const kinds = Object.keys(r.data.falseAlarms[0]?.share ?? {});
  const rows = r.data.falseAlarms.map((a) => [count(a.n), ...kinds.map((k) => pct(a.share[k]))]);
  return [mdTable(['n', ...kinds], `r${'r'.repeat(kinds.length)}`, rows), '', provenance([r.measured])].join('\n');
}

interface TunedResult {
  mode: 'blind' | 'calendar';
  workers: number;
  files: Array<{
    file: string; series: number; seconds: number; chosen: string; config: unknown;
    holdoutMase: { tuned: number | null; base: number | null };
    owa: { tempoTold: number; tunedTold: number; tempoOther: number; tunedOther: number };
  }>;
}

/** Tuned models against `tempo`, each dev file taken as one organization's data. */
export function tuned(name: 'tuned' | 'tuned-calendar'): string {
  const r = readResult<TunedResult>(name);
  const other = r.data.mode;
  const rows = r.data.files.map((f) => [f.file, count(f.series), fixed(f.seconds, 1), f.chosen, `\`${JSON.stringify(f.config)}\``,
    `${fixed(f.holdoutMase.tuned, 3)} / ${fixed(f.holdoutMase.base, 3)}`,
    fixed(f.owa.tempoTold, 3), fixed(f.owa.tunedTold, 3), fixed(f.owa.tempoOther, 3), fixed(f.owa.tunedOther, 3)]);
  return [
    mdTable(['file', 'series', 'tuning s', 'chosen', 'config', 'holdout MASE tuned / base', 'OWA `tempo` told', 'OWA tuned told', `OWA \`tempo\` ${other}`, `OWA tuned ${other}`], 'lrrllrrrrr', rows),
    '',
    provenance([r.measured]),
  ].join('\n');
}

interface AnomaliesResult {
  series: number; length: number; level: number;
  rows: Array<{ model: string; seed: number; spikes: number; found: number; others: number; flagged: number }>;
}

/** The anomaly rule on seeded series with injected spikes: spikes found, other values flagged. */
export function anomalies(): string {
  const r = readResult<AnomaliesResult>('anomalies');
  const models = [...new Set(r.data.rows.map((x) => x.model))];
  const rows = models.map((model) => {
    const runs = r.data.rows.filter((x) => x.model === model);
    return [`\`${model}\``, runs.map((x) => pct(x.found / x.spikes)).join(' · '), runs.map((x) => `${(100 * x.flagged / x.others).toFixed(2)}%`).join(' · ')];
  });
  const seeds = [...new Set(r.data.rows.map((x) => x.seed))].join(', ');
  return [
    mdTable([`model (seeds ${seeds})`, 'spikes found', 'other values flagged'], 'lrr', rows),
    '',
    `${count(r.data.series)} series of ${r.data.length} values per seed, level ${r.data.level}. ${provenance([r.measured])}`,
  ].join('\n');
}

interface HostileResult { targets: Array<{ target: string; required: string; measured: string; met: boolean }> }

/** The hostile suite's reliability targets: what each requires and what the run measured. */
export function hostileTargets(): string {
  const r = readResult<HostileResult>('hostile');
  const rows = r.data.targets.map((t) => [t.target, t.required, t.measured, t.met ? 'yes' : '**no**']);
  return [mdTable(['target', 'required', 'measured', 'met'], 'llll', rows), '', provenance([r.measured])].join('\n');
}
