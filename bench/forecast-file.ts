// `tempo forecast --file` on many monthly series (lengths 48–150), side by side with one thread
// of the core on the same series: prints series/s, workers, and the share of
// workers × single-thread series/s the CLI reaches. Standalone:
//   node --import tsx bench/forecast-file.ts [--series 10000] [--workers N] [--horizon 18] [--keep-csv FILE] [--publish]
// --publish also writes docs/results/forecast-file.json, which docs/many-series.md's table is rendered from.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadForecaster } from '../src/core/node.js';
import { prng, seasonalSeries } from './fixtures.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';

const { values: opts } = parseArgs({
  options: { 'keep-csv': { type: 'string' }, series: { type: 'string', default: '10000' }, workers: { type: 'string' }, horizon: { type: 'string', default: '18' }, publish: { type: 'boolean' } },
});
const count = Number(opts.series);
const workers = opts.workers === undefined ? availableParallelism() : Number(opts.workers);
const horizon = Number(opts.horizon);
const root = fileURLToPath(new URL('..', import.meta.url));

function monthEnd(start: number, i: number): string {
  const k = start + i;
  return new Date(Date.UTC(1990 + Math.floor(k / 12), (k % 12) + 1, 0)).toISOString().slice(0, 10);
}

/** The seeded table: series k has length 48–150 and starts in a month of its own. */
function makeSeries(): Array<{ id: string; values: Float64Array; start: number }> {
  const u = prng(2026);
  return Array.from({ length: count }, (_, k) => {
    const n = 48 + Math.floor(u() * 103);
    return { id: `sku-${String(k).padStart(5, '0')}`, values: seasonalSeries(n, 12, k + 1), start: Math.floor(u() * 120) };
  });
}

const finish = startMeasurement(['node --import tsx bench/forecast-file.ts',
  ...(opts.series === '10000' ? [] : ['--series', opts.series!]), ...(opts.workers === undefined ? [] : ['--workers', opts.workers]),
  ...(opts.horizon === '18' ? [] : ['--horizon', opts.horizon!])].join(' '));
const series = makeSeries();
const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-file-'));
try {
  const file = join(dir, 'sales.csv');
  const parts: string[] = ['unique_id,ds,y\n'];
  for (const s of series) {
    let block = '';
    for (let i = 0; i < s.values.length; i++) block += `${s.id},${monthEnd(s.start, i)},${s.values[i].toFixed(4)}\n`;
    parts.push(block);
  }
  writeFileSync(file, parts.join(''));
  if (opts['keep-csv']) writeFileSync(opts['keep-csv'], parts.join(''));
  const values = series.reduce((a, s) => a + s.values.length, 0);

  // one thread of the core on a spread sample of the same series, told nothing but the calendar
  const core = await loadForecaster();
  const sample = series.filter((_, k) => k % Math.max(1, Math.floor(count / 300)) === 0);
  const t0 = performance.now();
  for (const s of sample) core.forecast(Array.from(s.values, (v) => Number(v.toFixed(4))), horizon, { periodHints: [12], level: [95] });
  const single = sample.length / ((performance.now() - t0) / 1000);

  const out = join(dir, 'forecasts.csv');
  const t1 = performance.now();
  const summary = JSON.parse(execFileSync(process.execPath, [join(root, 'bin', 'tempo.js'), 'forecast', '--file', file,
    '--horizon', String(horizon), '--level', '95', '--out', out, '--workers', String(workers), '--json'], { encoding: 'utf8', maxBuffer: 1 << 20 }));
  const wall = (performance.now() - t1) / 1000;
  const rows = readFileSync(out, 'utf8').split('\n').length - 2;
  if (rows !== count * horizon) throw new Error(`expected ${count * horizon} forecast rows, got ${rows}`);

  const result = {
    created: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cores: availableParallelism(),
    series: count, values, horizon, workers,
    single_thread_series_per_s: Number(single.toFixed(1)),
    cli_series_per_s: summary.series_per_second,
    cli_seconds: summary.seconds,
    process_seconds: Number(wall.toFixed(2)),
    share_of_workers_x_single: Number((summary.series_per_second / (workers * single)).toFixed(3)),
  };
  console.log(`tempo forecast --file: ${count} monthly series (${values} values, lengths 48–150), horizon ${horizon}, level 95`);
  console.log(`  one thread of the core (sample of ${sample.length}): ${result.single_thread_series_per_s} series/s`);
  console.log(`  CLI on ${workers} workers: ${result.cli_series_per_s} series/s (${result.cli_seconds} s forecasting, ${result.process_seconds} s whole process)`);
  console.log(`  share of workers × single-thread: ${(100 * result.share_of_workers_x_single).toFixed(0)}%`);
  const resultsDir = join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'forecast-file-latest.json'), JSON.stringify(result, null, 1) + '\n');
  if (opts.publish === true) console.log(`published: ${writeResult('forecast-file', finish(), result)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
