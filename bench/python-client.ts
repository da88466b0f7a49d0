// The Python client's `forecast_df` against the TypeScript client's `forecastMany` on the same job: 10,000
// seeded monthly series (48 to 150 month-end values each), horizon 18, a 95% interval, 1,000 series per
// request, through one server in its own process (bench/batch-server.ts). Runs alternate (TS, Python, TS,
// Python, …) so both see the same machine; the load average is recorded beside each run. Prints a table and
// writes bench/results/python-client-latest.json; --publish also writes docs/results/python-client.json, which
// docs/benchmarks.md's table is rendered from. Target: Python within 1.5× of TypeScript.
//   node --import tsx bench/python-client.ts [--series 10000] [--rounds 3] [--publish]   (TEMPO_PYTHON: the interpreter)
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { TempoClient, type BatchSeries } from '@tempo-forecast/client';
import type { PythonClientResult } from '../scripts/doc-tables/measure-tables.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';
import { startServerProcess } from './server-process.js';
import { prng, seasonalSeries } from './fixtures.js';

const { values: opts } = parseArgs({
  options: { series: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '3' }, publish: { type: 'boolean' } },
});
const COUNT = Number(opts.series);
const ROUNDS = Number(opts.rounds);
const HORIZON = 18;
const LEVEL = 95;
const BATCH = 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
const python = process.env.TEMPO_PYTHON ?? '/usr/bin/python3';

function monthEnd(start: number, i: number): string {
  const k = start + i;
  return new Date(Date.UTC(1990 + Math.floor(k / 12), (k % 12) + 1, 0)).toISOString().slice(0, 10);
}

function fixture(): BatchSeries[] {
  const u = prng(2027);
  return Array.from({ length: COUNT }, (_, k) => {
    const n = 48 + Math.floor(u() * 103);
    const start = Math.floor(u() * 120);
    const values = Array.from(seasonalSeries(n, 12, k + 1), (v) => Number(v.toFixed(4)));
    return { id: `sku-${String(k).padStart(5, '0')}`, values, timestamps: values.map((_, i) => monthEnd(start, i)) };
  });
}

interface Run { client: 'typescript' | 'python'; seconds: number; clientCpuSeconds: number; series: number; load1: number; load1After: number }

async function typescriptRun(url: string, key: string, series: BatchSeries[]): Promise<Run> {
  const load1 = loadavg()[0];
  const client = new TempoClient({ apiKey: key, baseUrl: url, timeout: 600_000 });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers = [];
  for await (const item of client.forecastMany(series, { horizon: HORIZON, level: [LEVEL], batchSize: BATCH })) answers.push(item);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  if (answers.length !== series.length || answers.some((a) => 'error' in a)) throw new Error('the TypeScript run did not answer every series');
  return { client: 'typescript', seconds, clientCpuSeconds: (used.user + used.system) / 1e6, series: answers.length, load1, load1After: loadavg()[0] };
}

function pythonRun(url: string, key: string, csv: string): Promise<Run> {
  const load1 = loadavg()[0];
  return new Promise((resolve, reject) => {
    execFile(python, [join(root, 'bench', 'python_forecast_df.py'), url, csv, String(HORIZON), String(LEVEL), String(BATCH)], {
      env: { ...process.env, TEMPO_API_KEY: key, PYTHONPATH: join(root, 'python', 'src') }, maxBuffer: 1 << 20,
    }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${python} bench/python_forecast_df.py failed: ${stderr}`));
      const r = JSON.parse(stdout.trim().split('\n').pop()!) as { seconds: number; cpu_seconds: number; rows: number; series: number };
      if (r.series !== COUNT || r.rows !== COUNT * HORIZON) return reject(new Error(`the Python run answered ${r.series} series, ${r.rows} rows`));
      resolve({ client: 'python', seconds: r.seconds, clientCpuSeconds: r.cpu_seconds, series: r.series, load1, load1After: loadavg()[0] });
    });
  });
}

const finish = startMeasurement(['node --import tsx bench/python-client.ts',
  ...(opts.series === '10000' ? [] : ['--series', opts.series!]), ...(opts.rounds === '3' ? [] : ['--rounds', opts.rounds!])].join(' '));
const series = fixture();
const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-python-'));
const csv = join(dir, 'sales.csv');
writeFileSync(csv, 'unique_id,ds,y\n' + series.map((s) => s.values.map((v, i) => `${s.id},${s.timestamps![i]},${v}`).join('\n')).join('\n') + '\n');
const server = await startServerProcess();
const runs: Run[] = [];
try {
  // a small warm-up through each client, so neither measured run pays for the server's first batch
  await typescriptRun(server.url, server.key, series.slice(0, 200));
  for (let round = 0; round < ROUNDS; round++) {
    for (const client of round % 2 === 0 ? ['typescript', 'python'] : ['python', 'typescript']) {
      process.stderr.write(`bench python-client: round ${round + 1}, ${client}…\n`);
      runs.push(client === 'typescript' ? await typescriptRun(server.url, server.key, series) : await pythonRun(server.url, server.key, csv));
    }
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const ts = runs.filter((r) => r.client === 'typescript');
const py = runs.filter((r) => r.client === 'python');
const ratio = median(py.map((r) => r.seconds)) / median(ts.map((r) => r.seconds));
const rows = runs.map((r) => [r.client, r.seconds.toFixed(1), (r.series / r.seconds).toFixed(0), r.clientCpuSeconds.toFixed(2), `${r.load1.toFixed(1)}-${r.load1After.toFixed(1)}`]);
const head = ['client', 'seconds', 'series/s', 'client CPU s', 'load 1m'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
console.log([head, ...rows].map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n'));
const cpuRatio = median(py.map((r) => r.clientCpuSeconds)) / median(ts.map((r) => r.clientCpuSeconds));
console.log(`python / typescript wall time (medians): ${ratio.toFixed(2)}x  (target <= 1.5x); client CPU: ${cpuRatio.toFixed(2)}x`);
console.log(`${COUNT} series, horizon ${HORIZON}, level ${LEVEL}, batches of ${BATCH}, ${server.workers} server workers`);
const out = join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
const result: PythonClientResult = {
  series: COUNT, horizon: HORIZON, level: LEVEL, batchSize: BATCH, workers: server.workers, ratio, clientCpuRatio: cpuRatio, runs,
};
writeFileSync(join(out, 'python-client-latest.json'), JSON.stringify({ created: new Date().toISOString(), python, ...result }, null, 1) + '\n');
if (opts.publish === true) console.log(`published: ${writeResult('python-client', finish(), result)}`);
