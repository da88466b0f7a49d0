// POST /v1/models with the largest training the default bounds accept, against a server in its own
// process: the event loop's longest delay while the body is read, parsed, checked and dated, and
// the slowest GET /healthz sent every 20 ms meanwhile (what any other caller would wait).
//   npm run bench -- tuned-body            (TEMPO_BENCH_SERVER=path/to/batch-server.ts measures another build's server)
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { prng } from './fixtures.js';
import { isMain, runAlone, type BenchRow, type SuiteResult } from './harness.js';

/** Runs of each shape (alternating shapes), so one unlucky moment on a shared machine shows as one run. */
const RUNS = Number(process.env.TEMPO_BENCH_TUNED_RUNS ?? 2);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * A training of `series` × `length` values (full-precision doubles) with a date-time per value in its
 * longest accepted form (nine fraction digits and an offset), so the body is as large as the bounds
 * let it be: 5000 × 200 and 100 × 10,000 both hold the default TEMPO_TUNING_MAX_VALUES (1,000,000).
 */
export function tunedBody(name: string, series: number, length: number): Buffer {
  const u = prng(series * 31 + length);
  return Buffer.from(JSON.stringify({
    name,
    training: {
      horizon: 12,
      series: Array.from({ length: series }, (_, i) => ({
        id: `series-${i}`,
        values: Array.from({ length }, (_, t) => 100 + 10 * Math.sin((2 * Math.PI * t) / 12) + u()),
        timestamps: Array.from({ length }, (_, t) => `${pad(1100 + Math.floor(t / 12), 4)}-${pad((t % 12) + 1)}-01T00:00:00.000000000+02:00`),
      })),
    },
  }));
}

function send(url: string, method: string, key: string, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {}) },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The tuned-body suite: one row per run and shape. */
export async function tunedBodySuite(): Promise<SuiteResult> {
  const script = process.env.TEMPO_BENCH_SERVER ?? fileURLToPath(new URL('./batch-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
  const lines = createInterface({ input: child.stdout! });
  const { url, key } = JSON.parse(await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  })) as { url: string; key: string };
  const loop = () => new Promise<{ maxMs: number; p99Ms: number }>((resolve) => {
    lines.once('line', (l) => resolve(JSON.parse(l)));
    child.stdin!.write('loop\n');
  });
  const rows: BenchRow[] = [];
  try {
    const shapes = [[5000, 200], [100, 10_000]] as const;
    for (let run = 0; run < RUNS; run++) {
      for (const [series, length] of run % 2 === 0 ? shapes : [...shapes].reverse()) {
        const name = `bench-${series}x${length}-${run}`;
        const body = tunedBody(name, series, length);
        await new Promise((r) => setTimeout(r, 1000));
        const idle = await loop();
        let probeMax = 0;
        let probes = 0;
        let posting = true;
        const prober = (async () => {
          while (posting) {
            const t0 = performance.now();
            await send(`${url}/healthz`, 'GET', key);
            probeMax = Math.max(probeMax, performance.now() - t0);
            probes += 1;
            await new Promise((r) => setTimeout(r, 20));
          }
        })();
        const t0 = performance.now();
        const res = await send(`${url}/v1/models`, 'POST', key, body);
        const seconds = (performance.now() - t0) / 1000;
        posting = false;
        await prober;
        const during = await loop();
        if (res.status !== 202) throw new Error(`POST /v1/models answered ${res.status}: ${res.text.slice(0, 300)}`);
        // the tuning itself is not measured here: stop it so the next run starts on an idle server
        await send(`${url}/v1/models/${name}`, 'DELETE', key);
        rows.push({
          suite: 'tuned-body', name: `POST /v1/models ${series} x ${length} dated (run ${run + 1})`,
          meanUs: seconds * 1e6, medianUs: seconds * 1e6, opsPerSec: 1 / seconds, samples: 1,
          note: `${(body.length / 2 ** 20).toFixed(1)} MiB, 202 in ${seconds.toFixed(2)} s; event loop delay max ${during.maxMs.toFixed(0)} ms, p99 ${during.p99Ms.toFixed(0)} ms (idle before: max ${idle.maxMs.toFixed(0)}, p99 ${idle.p99Ms.toFixed(0)}); `
            + `slowest of ${probes} GET /healthz ${probeMax.toFixed(0)} ms; load ${loadavg()[0].toFixed(1)}`,
        });
      }
    }
  } finally {
    child.stdin!.end();
    await new Promise((r) => child.once('exit', r));
  }
  return { suite: 'tuned-body', rows };
}

if (isMain(import.meta.url)) await runAlone(tunedBodySuite);
