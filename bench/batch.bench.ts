// A 10,000-series monthly batch over HTTP against (worker threads × the core's single-thread
// series/s on the same series), side by side; and the server's RSS above idle during the batch,
// read at full speed and by a reader that reads slowly. The server runs in its own process.
//   TEMPO_BENCH_BATCH_DATED=1 gives every series its monthly dates (the answer then carries its future
//   dates); TEMPO_BENCH_SERVER=path/to/batch-server.ts measures another tree's server.
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { loadavg } from 'node:os';
import { loadForecaster } from '../src/core/node.js';
import { prng, seasonalSeries } from './fixtures.js';
import { isMain, runAlone, type BenchRow, type SuiteResult } from './harness.js';
import { startServerProcess } from './server-process.js';

/** Series in the batch; TEMPO_BENCH_BATCH_SERIES overrides it for a quick look (the target is stated for 10,000). */
const SERIES = Number(process.env.TEMPO_BENCH_BATCH_SERIES ?? 10_000);
const HORIZON = 18;
const LEVELS = [80, 95];
/** Every how-many-th series the single-thread baseline fits (1 = all); TEMPO_BENCH_BATCH_SAMPLE overrides. */
const SAMPLE_EVERY = Number(process.env.TEMPO_BENCH_BATCH_SAMPLE ?? 4);
/** How long the slow reader reads slowly before it drains the rest. */
const SLOW_MS = Number(process.env.TEMPO_BENCH_BATCH_SLOW_MS ?? 20_000);
/** The slow reader: this many bytes … */
const SLOW_BYTES = 16 * 1024;
/** … every this many ms (64 KiB/s, well below what the batch produces). */
const SLOW_EVERY_MS = 250;
/** Every series with a date per value, so the check and the answer plan dates. */
const DATED = process.env.TEMPO_BENCH_BATCH_DATED === '1';

const monthly = (n: number) => Array.from({ length: n }, (_, t) => `${2000 + Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`);

/** The benchmark's series: monthly, lengths 48 to 150, seeded; with their dates when TEMPO_BENCH_BATCH_DATED is set. */
export function batchFixture(): Array<{ id: string; values: number[]; timestamps?: string[] }> {
  const u = prng(20_261_123);
  return Array.from({ length: SERIES }, (_, i) => {
    const values = Array.from(seasonalSeries(48 + Math.floor(u() * 103), 12, i + 1));
    return { id: `m${i}`, values, ...(DATED ? { timestamps: monthly(values.length) } : {}) };
  });
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

// CPU seconds the process has used (all threads): utime + stime, in clock ticks of 1/100 s.
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Run { seconds: number; peakRss: number; bytes: number; lines: number; status: number }

// Posts the batch and reads the x-ndjson answer with `read` deciding the pace; samples RSS meanwhile.
function runBatch(url: string, key: string, body: Buffer, pid: number, slow: boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let peakRss = rssBytes(pid);
    const sampler = setInterval(() => { peakRss = Math.max(peakRss, rssBytes(pid)); }, 50);
    const req = httpRequest(`${url}/tempo/v1/forecast/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'Content-Length': body.length },
    }, (res: IncomingMessage) => {
      let bytes = 0;
      let lines = 0;
      const count = (c: Buffer) => {
        bytes += c.length;
        for (let at = c.indexOf(0x0a); at >= 0; at = c.indexOf(0x0a, at + 1)) lines += 1;
      };
      let ended = false;
      // a connection cut before the answer's end must fail the run, not leave it waiting forever
      res.on('close', () => {
        if (ended) return;
        clearInterval(sampler);
        reject(new Error(`the server closed the batch answer after ${bytes} bytes (${lines} lines), before its end`));
      });
      const finish = () => {
        ended = true;
        clearInterval(sampler);
        resolve({ seconds: (performance.now() - start) / 1000, peakRss, bytes, lines, status: res.statusCode ?? 0 });
      };
      if (!slow) {
        res.on('data', count);
        res.on('end', finish);
        return;
      }
      const began = performance.now();
      const slowly = setInterval(() => {
        if (performance.now() - began > SLOW_MS) {
          clearInterval(slowly);
          res.on('data', count);
          res.on('end', finish);
          return;
        }
        const c = res.read(SLOW_BYTES) as Buffer | null ?? res.read() as Buffer | null;
        if (c) count(c);
      }, SLOW_EVERY_MS);
      res.on('end', () => { clearInterval(slowly); finish(); });
    });
    req.on('error', (err) => { clearInterval(sampler); reject(err); });
    req.end(body);
  });
}

const mb = (b: number) => b / (1024 * 1024);

/** The batch suite: rows for the baseline, the HTTP batch and both memory runs. */
export async function batchSuite(): Promise<SuiteResult> {
  const fixture = batchFixture();
  const body = Buffer.from(JSON.stringify({ horizon: HORIZON, level: LEVELS, series: fixture }));

  const core = await loadForecaster();
  const sample = fixture.filter((_, i) => i % SAMPLE_EVERY === 0);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const s of sample) core.forecast(s.values, HORIZON, { level: LEVELS });
  const singleSeconds = (performance.now() - t0) / 1000;
  const cpu1 = process.cpuUsage(cpu0);
  const singleCpuPerSeries = (cpu1.user + cpu1.system) / 1e6 / sample.length;
  const singleRate = sample.length / singleSeconds;

  const server = await startServerProcess();
  const pid = server.child.pid!;
  try {
    // loads every worker's core, so idle means ready, not cold
    await runBatch(server.url, server.key, Buffer.from(JSON.stringify({ horizon: HORIZON, series: fixture.slice(0, 40) })), pid, false);
    await server.loop();
    // idle for a few seconds: the event loop's delay then is what the machine's load alone causes
    await new Promise((r) => setTimeout(r, 3000));
    const idle = rssBytes(pid);
    const idleLoop = await server.loop();
    const cpuBefore = cpuSeconds(pid);
    const fast = await runBatch(server.url, server.key, body, pid, false);
    if (fast.status !== 200 || fast.lines !== SERIES) throw new Error(`batch answered ${fast.status} with ${fast.lines} lines`);
    const serverCpuPerSeries = (cpuSeconds(pid) - cpuBefore) / SERIES;
    const loopDelay = await server.loop();
    await new Promise((r) => setTimeout(r, 1000));
    const idleSlow = rssBytes(pid);
    const slow = await runBatch(server.url, server.key, body, pid, true);
    if (slow.status !== 200 || slow.lines !== SERIES) throw new Error(`slow batch answered ${slow.status} with ${slow.lines} lines`);

    const httpRate = SERIES / fast.seconds;
    const target = server.workers * singleRate;
    const row = (name: string, seconds: number, rate: number, note: string): BenchRow => ({
      suite: 'batch', name, meanUs: (seconds * 1e6) / SERIES, medianUs: (seconds * 1e6) / SERIES, opsPerSec: rate, samples: SERIES, note,
    });
    return {
      suite: 'batch',
      rows: [
        row('core single-thread (series/s)', singleSeconds * SAMPLE_EVERY, singleRate,
          `${sample.length} of the ${SERIES} series (every ${SAMPLE_EVERY}th), in-process; × ${server.workers} workers = ${target.toFixed(1)} series/s`),
        row(`HTTP batch ${SERIES}${DATED ? ' dated' : ''} x-ndjson`, fast.seconds, httpRate,
          `${fast.seconds.toFixed(1)} s, ${(100 * httpRate / target).toFixed(1)}% of workers × single-thread (target ≥ 80%); server CPU ${(1000 * serverCpuPerSeries).toFixed(2)} ms/series vs core ${(1000 * singleCpuPerSeries).toFixed(2)} ms/series (${(100 * singleCpuPerSeries / serverCpuPerSeries).toFixed(1)}%); load ${loadavg()[0].toFixed(1)}; RSS +${mb(fast.peakRss - idle).toFixed(1)} MB over idle ${mb(idle).toFixed(0)} MB (target < 200); event loop delay max ${loopDelay.maxMs.toFixed(0)} ms, p99 ${loopDelay.p99Ms.toFixed(0)} ms (idle: ${idleLoop.maxMs.toFixed(0)}, ${idleLoop.p99Ms.toFixed(0)})`),
        row(`HTTP batch ${SERIES}${DATED ? ' dated' : ''} slow reader`, slow.seconds, SERIES / slow.seconds,
          `read ${SLOW_BYTES / 1024} KiB per ${SLOW_EVERY_MS} ms for ${SLOW_MS / 1000} s, then drained; RSS +${mb(slow.peakRss - idleSlow).toFixed(1)} MB over idle ${mb(idleSlow).toFixed(0)} MB (target < 100); answer ${mb(slow.bytes).toFixed(1)} MB`),
      ],
    };
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(batchSuite);
