// Cross-validation of many series in one request against forecasting the same windows in a batch:
// POST /cross-validation/batch with `windows` windows per series, beside one forecast batch holding
// every series cut at each of its cutoffs (the same fits, the same values), on a server in its own
// process. Runs interleaved (batch, CV, batch, CV, …) and compares medians; the target is CV within
// 1.3× of the batch.
//   TEMPO_BENCH_CV_SERIES (default 2000) and TEMPO_BENCH_CV_ROUNDS (default 2) change its size.
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { windowCutoffs } from '../src/backtest/plan.js';
import { prng, seasonalSeries } from './fixtures.js';
import { isMain, median, runAlone, type BenchRow, type SuiteResult } from './harness.js';
import { startServerProcess } from './server-process.js';

const SERIES = Number(process.env.TEMPO_BENCH_CV_SERIES ?? 2000);
const ROUNDS = Number(process.env.TEMPO_BENCH_CV_ROUNDS ?? 3);
const HORIZON = 6;
const WINDOWS = 3;
const LEVELS = [95];

/** Seeded monthly series of 48 to 120 values. */
function fixture(): Array<{ id: string; values: number[] }> {
  const u = prng(20_261_126);
  return Array.from({ length: SERIES }, (_, i) => ({ id: `m${i}`, values: Array.from(seasonalSeries(48 + Math.floor(u() * 73), 12, i + 1)) }));
}

// posts `body` to `path` as x-ndjson and resolves with the seconds until the last line, and the lines
function post(url: string, key: string, path: string, body: Buffer): Promise<{ seconds: number; lines: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = httpRequest(`${url}/tempo/v1/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'Content-Length': body.length },
    }, (res) => {
      let lines = 0;
      res.on('data', (c: Buffer) => { for (let at = c.indexOf(0x0a); at >= 0; at = c.indexOf(0x0a, at + 1)) lines += 1; });
      res.on('end', () => resolve({ seconds: (performance.now() - start) / 1000, lines, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// the middle value (the mean of the two middle ones for an even count)
/** The cv-batch suite: the forecast batch of every window, the CV batch, and their ratio. */
export async function cvBatchSuite(): Promise<SuiteResult> {
  const series = fixture();
  // every series cut at each of its cutoffs: the forecasts the backtest makes, as one batch
  const cut = series.flatMap((s) => windowCutoffs(s.values.length, HORIZON, WINDOWS, HORIZON).map((c, w) => ({ id: `${s.id}-w${w}`, values: s.values.slice(0, c + 1) })));
  const batchBody = Buffer.from(JSON.stringify({ horizon: HORIZON, level: LEVELS, series: cut }));
  const cvBody = Buffer.from(JSON.stringify({ horizon: HORIZON, level: LEVELS, windows: WINDOWS, series }));
  const server = await startServerProcess();
  try {
    // warms every worker's core
    await post(server.url, server.key, 'forecast/batch', Buffer.from(JSON.stringify({ horizon: HORIZON, series: series.slice(0, 40) })));
    const batch: number[] = [];
    const cv: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const b = await post(server.url, server.key, 'forecast/batch', batchBody);
      if (b.status !== 200 || b.lines !== cut.length) throw new Error(`the batch answered ${b.status} with ${b.lines} lines`);
      batch.push(b.seconds);
      const c = await post(server.url, server.key, 'cross-validation/batch', cvBody);
      if (c.status !== 200 || c.lines !== SERIES) throw new Error(`the cross-validation batch answered ${c.status} with ${c.lines} lines`);
      cv.push(c.seconds);
    }
    const tb = median(batch), tc = median(cv);
    // each round's pair ran back to back: their ratio is the least disturbed by the machine's load
    const ratios = cv.map((c, r) => c / batch[r]);
    const row = (name: string, seconds: number, note: string): BenchRow => ({
      suite: 'cv-batch', name, meanUs: (seconds * 1e6) / SERIES, medianUs: (seconds * 1e6) / SERIES, opsPerSec: SERIES / seconds, samples: ROUNDS, note,
    });
    return {
      suite: 'cv-batch',
      rows: [
        row(`forecast batch of ${cut.length} cuts (${SERIES} series × ${WINDOWS} windows)`, tb, `median of ${batch.map((s) => s.toFixed(1)).join(', ')} s; ${server.workers} workers; load ${loadavg()[0].toFixed(1)}`),
        row(`cross-validation batch ${SERIES} series × ${WINDOWS} windows`, tc,
          `median of ${cv.map((s) => s.toFixed(1)).join(', ')} s; ${(tc / tb).toFixed(2)}× the forecast batch, per round ${ratios.map((x) => x.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)}; target ≤ 1.3×)`),
      ],
    };
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(cvBatchSuite);
