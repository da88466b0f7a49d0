// What the costliest small body costs: a seeded search, for a fixed time, over request bodies under
// 1 KB built to be expensive (bench/fuzz-bodies.ts), sent one at a time to a real server in its own
// process with one worker, each charged the CPU time that process spent on it (every thread, so the
// worker's fit and the server's parsing and writing alike). The worst bodies found are measured
// again and reported with their text; the target is that none costs over a second.
//   npm run bench -- costly-bodies [--seconds=60] [--seed=1]
import { writeFileSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bodyText, fuzzSource, type FuzzBody } from './fuzz-bodies.js';
import { isMain, runAlone, type BenchRow, type SuiteResult } from './harness.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/** The cost no body under 1 KB may exceed. */
const TARGET_MS = 1000;
/** Bodies kept per route as parents for mutation, and reported (so one route's climb does not crowd out the others). */
const KEEP = 3;
/** Each reported body is sent this many times again; its cost is the median. */
const REPEATS = 3;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const v = arg === undefined ? fallback : Number(arg.slice(name.length + 3));
  if (!Number.isFinite(v)) throw new Error(`--${name} must be a number`);
  return v;
}

interface Measured { body: FuzzBody; text: string; cpuMs: number; wallMs: number; status: number }

function post(server: ServerProcess, b: FuzzBody, text: string): Promise<{ status: number; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(`${server.url}/tempo/v1/${b.route}`, {
      method: 'POST', agent: false,
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode ?? 0, wallMs: performance.now() - start }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(text);
  });
}

async function measure(server: ServerProcess, body: FuzzBody): Promise<Measured> {
  const text = bodyText(body);
  const before = await server.cpuUs();
  const { status, wallMs } = await post(server, body, text);
  const cpuMs = (await server.cpuUs() - before) / 1000;
  return { body, text, cpuMs, wallMs, status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Searches for `--seconds` (default 60) from `--seed` (default 1); rows are the worst bodies found, costliest first. */
export async function costlyBodiesSuite(): Promise<SuiteResult> {
  const seconds = option('seconds', 60);
  const seed = option('seed', 1);
  const source = fuzzSource(seed);
  // the default time limit would stop a costly body at 10 s and hide how costly it is
  const server = await startServerProcess({ ...process.env, TEMPO_WORKERS: '1', TEMPO_FORECAST_TIMEOUT_MS: '60000' });
  const worst: Measured[] = [];
  let tried = 0;
  const statuses: Record<number, number> = {};
  try {
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      // half fresh draws, half mutations of the worst so far: a climb that still explores
      const body = worst.length > 0 && tried % 2 === 1 ? source.mutate(worst[(tried >> 1) % worst.length].body) : source.fresh();
      const m = await measure(server, body);
      tried += 1;
      statuses[m.status] = (statuses[m.status] ?? 0) + 1;
      // a refused body cost only its check; a 5xx (the time limit, a crash) is kept: it is what we look for
      if (m.status >= 400 && m.status < 500) continue;
      worst.push(m);
      worst.sort((a, b) => b.cpuMs - a.cpuMs);
      const same = worst.filter((w) => w.body.route === m.body.route);
      if (same.length > KEEP) worst.splice(worst.indexOf(same[KEEP]), 1);
    }
    // measured again, so one draw's noise (the machine is shared) does not rank it
    const again: Measured[] = [];
    for (const w of worst) {
      const runs: Measured[] = [];
      for (let i = 0; i < REPEATS; i++) runs.push(await measure(server, w.body));
      again.push({ ...w, cpuMs: median(runs.map((r) => r.cpuMs)), wallMs: median(runs.map((r) => r.wallMs)) });
    }
    again.sort((a, b) => b.cpuMs - a.cpuMs);
    const load = loadavg()[0].toFixed(1);
    const rows: BenchRow[] = again.map((w, i) => ({
      suite: 'costly-bodies',
      name: `#${i + 1} ${w.body.route}, ${Buffer.byteLength(w.text)} B${w.status === 200 ? '' : `, answered ${w.status}`}`,
      meanUs: w.cpuMs * 1000,
      medianUs: w.cpuMs * 1000,
      opsPerSec: 1000 / w.wallMs,
      samples: REPEATS,
      note: `server CPU ${w.cpuMs.toFixed(0)} ms (target ≤ ${TARGET_MS}${w.cpuMs > TARGET_MS ? ', NOT MET' : ''}), wall ${w.wallMs.toFixed(0)} ms, load ${load}`,
    }));
    rows.push({
      suite: 'costly-bodies', name: `search: ${tried} bodies in ${seconds} s, seed ${seed}`,
      meanUs: (again[0]?.cpuMs ?? 0) * 1000, medianUs: (again[0]?.cpuMs ?? 0) * 1000, opsPerSec: tried / seconds, samples: tried,
      note: `answers ${JSON.stringify(statuses)}; worst ${(again[0]?.cpuMs ?? 0).toFixed(0)} ms ${(again[0]?.cpuMs ?? 0) <= TARGET_MS ? 'meets' : 'MISSES'} the ${TARGET_MS} ms target`,
    });
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}costly-bodies.json`, JSON.stringify({
      seed, seconds, tried, statuses, load: loadavg(),
      worst: again.map((w) => ({ route: w.body.route, bytes: Buffer.byteLength(w.text), cpuMs: w.cpuMs, wallMs: w.wallMs, body: w.text })),
    }, null, 1) + '\n');
    for (const [i, w] of again.slice(0, 5).entries()) console.error(`costly-bodies #${i + 1} (${w.cpuMs.toFixed(0)} ms CPU) POST /tempo/v1/${w.body.route} ${w.text}`);
    return { suite: 'costly-bodies', rows };
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runAlone(costlyBodiesSuite);
