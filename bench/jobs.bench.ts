// A job of N monthly series (a seeded long CSV; TEMPO_BENCH_JOBS_SERIES, default 100,000) through
// the multi-instance mode: a `tempo serve` process that computes nothing (--job-workers 0) and
// `tempo worker` processes (one worker thread each), on PostgreSQL and Redis. Measures the core's
// single-thread rate on the same series; throughput with 1 and 2 worker processes against
// (processes × that rate), in TEMPO_BENCH_JOBS_REPEATS pairs of jobs (default 1), each held
// against the core's rate around it, and where the cores went meanwhile; the first byte of the
// results; the API's RSS during the upload (and a TEMPO_BENCH_JOBS_UPLOAD_MB upload, e.g. 1024,
// when set); another organization's single-forecast p99 quiet and during a job; and a fault run (a
// worker kill -9'd twice, the API restarted during another upload) whose results must be
// byte-identical to the calm run's.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import pg from 'pg';
import { loadForecaster } from '../src/core/node.js';
import { createApiKey } from '../src/keys/create.js';
import { openPostgresStore } from '../src/store/postgres.js';
import { prng, seasonalSeries } from './fixtures.js';
import { isMain, median, runAlone, type BenchRow, type SuiteResult } from './harness.js';
import { cpuShares, formatShares, type Labelled } from './cpu-shares.js';
import { DATABASE_URL, REDIS_URL, deleteRedisPrefix, probePostgres, probeRedis, uniqueName } from '../test/multi/backends.js';
import { ROOT } from '../test/multi/servers.js';
import { schemaUrl, startWorker, type WorkerProcess } from '../test/jobs/worker-processes.js';

const SERIES = Number(process.env.TEMPO_BENCH_JOBS_SERIES ?? 100_000);
const UPLOAD_MB = Number(process.env.TEMPO_BENCH_JOBS_UPLOAD_MB ?? 0);
/** Pairs of timed jobs (one worker, then two); the rows give their medians. */
const REPEATS = Math.max(1, Number(process.env.TEMPO_BENCH_JOBS_REPEATS ?? 1));
const HORIZON = 12;
const SAMPLE_EVERY = Math.max(1, Math.floor(SERIES / 2000));

const month = (t: number) => `${2000 + Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;

/** Writes the seeded long CSV of `n` monthly series (lengths 48 to 150) to `file`; resolves with every `every`-th series' values. */
async function writeCsv(file: string, n: number, every: number, idPrefix = 'm'): Promise<number[][]> {
  const u = prng(20_261_126);
  const out = createWriteStream(file);
  const sample: number[][] = [];
  out.write('unique_id,ds,y\n');
  for (let i = 0; i < n; i++) {
    const values = Array.from(seasonalSeries(48 + Math.floor(u() * 103), 12, (i % 50_000) + 1));
    if (i % every === 0) sample.push(values);
    let text = '';
    for (let t = 0; t < values.length; t++) text += `${idPrefix}${i},${month(t)},${values[t]}\n`;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return sample;
}

/** A timed job: its series per second and where the cores went. */
interface Timed { id: string; rate: number; cores: string; upload: { seconds: number; rssGrowth: number } }

/** A pair of timed jobs and the core's rate measured around it. */
interface Pair { core: number; one: Timed; two: Timed }

interface Api { child: ChildProcess; url: string; stop(signal?: NodeJS.Signals): Promise<void> }

async function startApi(place: { schema: string; prefix: string }, dataDir: string): Promise<Api> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'tempo.js'), 'serve', '--port', '0', '--data-dir', dataDir, '--job-workers', '0'], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '', DATABASE_URL: schemaUrl(place.schema), REDIS_URL, TEMPO_JOB_QUEUE_PREFIX: place.prefix,
      TEMPO_JOB_LOCK_MS: '5000', TEMPO_LOG_LEVEL: 'warn', TEMPO_WORKERS: '1',
    },
  });
  let err = '';
  child.stderr!.on('data', (c) => { err += c; });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', () => { const m = /tempo listening on (\S+)/.exec(err); if (m) resolve(m[1]); });
    child.once('exit', (code) => reject(new Error(`tempo serve exited ${code}: ${err}`)));
  });
  return {
    child, url,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
    },
  };
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

// uploads the file as a streamed CSV body; resolves with the job id and the API's peak RSS growth meanwhile
function upload(api: Api, key: string, file: string, query = `horizon=${HORIZON}`): Promise<{ id: string; seconds: number; rssGrowth: number; answeredAt: number }> {
  return new Promise((resolve, reject) => {
    const pid = api.child.pid!;
    const base = rssBytes(pid);
    let peak = base;
    const sampler = setInterval(() => { try { peak = Math.max(peak, rssBytes(pid)); } catch { /* exited */ } }, 50);
    const t0 = performance.now();
    const req = httpRequest(`${api.url}/tempo/v1/jobs?${query}`, {
      method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv', 'Content-Length': statSync(file).size },
    }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => {
        clearInterval(sampler);
        if (res.statusCode !== 202) return reject(new Error(`upload answered ${res.statusCode}: ${body.slice(0, 300)}`));
        resolve({ id: (JSON.parse(body) as { id: string }).id, seconds: (performance.now() - t0) / 1000, rssGrowth: peak - base, answeredAt: Date.now() });
      });
    });
    req.on('error', (e) => { clearInterval(sampler); reject(e); });
    createReadStream(file).pipe(req);
  });
}

async function job(api: Api, key: string, id: string): Promise<{ status: string; progress: { done: number; failed: number }; started_at?: string; finished_at?: string }> {
  return (await fetch(`${api.url}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${key}` } })).json() as never;
}

/**
 * Seconds from `since` (this process's clock, taken when the upload was answered) to the job's own
 * finished_at (the API's clock, on the same machine), so a look once a second costs the cores next
 * to nothing (looking ten times a second took 0.03 of them from the workers) and times to the millisecond.
 */
async function finished(api: Api, key: string, id: string, since: number): Promise<number> {
  for (;;) {
    const j = await job(api, key, id);
    // a 503 (a backend command over its timeout on the loaded machine) is an answer to retry, not the job's end
    if ((j as { code?: string }).code === 'SERVICE_UNAVAILABLE') { await new Promise((r) => setTimeout(r, 100)); continue; }
    if (j.status === 'succeeded') return (Date.parse(j.finished_at!) - since) / 1000;
    if (j.status !== 'queued' && j.status !== 'running') throw new Error(`job ${id} ended ${j.status}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// the results' sha256, their size and the time to the first byte and to the end
async function results(api: Api, key: string, id: string): Promise<{ hash: string; bytes: number; firstByteMs: number; seconds: number }> {
  const t0 = performance.now();
  const res = await fetch(`${api.url}/v1/jobs/${id}/results`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/x-ndjson' } });
  const hash = createHash('sha256');
  let bytes = 0;
  let firstByteMs = NaN;
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += c.length;
    hash.update(c);
  }
  return { hash: hash.digest('hex'), bytes, firstByteMs, seconds: (performance.now() - t0) / 1000 };
}

/** Between another organization's forecasts: a caller's pace, not a load of its own on the 2-core machine. */
const PACE_MS = 50;

// another organization's single forecasts, one every PACE_MS, until `until` resolves (or n of them)
async function forecastLatencies(api: Api, key: string, until: Promise<unknown> | number): Promise<number[]> {
  const body = JSON.stringify({ series: Array.from(seasonalSeries(60, 12, 7)), horizon: 12 });
  const out: number[] = [];
  let done = false;
  if (typeof until !== 'number') void until.then(() => { done = true; }, () => { done = true; });
  while (!done && (typeof until !== 'number' || out.length < until)) {
    const t0 = performance.now();
    const res = await fetch(`${api.url}/tempo/v1/forecast`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    out.push(ms);
    await new Promise((r) => setTimeout(r, Math.max(0, PACE_MS - ms)));
  }
  return out;
}

const p99 = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(0.99 * s.length))] ?? NaN; };

/** The jobs suite (see the file comment); skipped without PostgreSQL and Redis. */
export async function jobsSuite(): Promise<SuiteResult> {
  if (!(await probePostgres()).ok || !(await probeRedis()).ok) return { suite: 'jobs', rows: [], skipped: 'needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)' };
  const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-jobs-'));
  const place = { schema: uniqueName('benchjobs'), prefix: uniqueName('benchjobs') };
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${place.schema}`);
  const workers: WorkerProcess[] = [];
  let api: Api | undefined;
  try {
    const file = join(dir, 'series.csv');
    const sample = await writeCsv(file, SERIES, SAMPLE_EVERY);
    // the core on this thread, on the same series (every SAMPLE_EVERY-th), told the calendar's period as the job is
    const core = await loadForecaster();
    // then a pause: the measurement holds this thread for seconds, past the API's keep-alive, and a
    // request sent before the closed connections are seen would go out on one of them
    const coreRate = async () => {
      const t0 = performance.now();
      for (const values of sample) core.forecast(values, HORIZON, { periodHints: [12] });
      const rate = sample.length / ((performance.now() - t0) / 1000);
      await new Promise((r) => setTimeout(r, 200));
      return rate;
    };

    const store = await openPostgresStore({ url: DATABASE_URL, schema: place.schema });
    const key = (await createApiKey(store, { organizationId: 'bench', projectId: 'p', userId: 'u', name: 'bench', rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000 }, null)).fullKey;
    const other = (await createApiKey(store, { organizationId: 'other', projectId: 'p', userId: 'u', name: 'other', rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000 }, null)).fullKey;
    await store.close();
    api = await startApi(place, join(dir, 'api'));
    const quiet = await forecastLatencies(api, other, 200);

    const wplace = { schema: place.schema, prefix: `${place.prefix}:` };
    const wenv = { TEMPO_JOB_LOCK_MS: '5000' };
    const labels = (): Labelled[] => [{ label: 'api', pid: api!.child.pid! }, { label: 'bench', pid: process.pid },
      ...workers.map((w, k) => ({ label: `worker ${k + 1}`, pid: w.child.pid! }))];
    // one job with `n` worker processes running: its series per second and where the cores went
    const timed = async (n: number) => {
      while (workers.length > n) await workers.pop()!.stop();
      while (workers.length < n) workers.push(await startWorker(wplace, wenv));
      const up = await upload(api!, key, file);
      const shares = cpuShares(labels());
      const seconds = await finished(api!, key, up.id, up.answeredAt);
      return { id: up.id, upload: up, rate: SERIES / seconds, cores: formatShares(shares()) };
    };
    // the core's rate drifts with the machine (a shared host): each pair of jobs (one worker, then
    // two) is held against the core's rate measured just before and just after it
    const pairs: Pair[] = [];
    let before = await coreRate();
    // the first pair's results are the calm run the others are compared with; later pairs' are deleted
    let calm: Awaited<ReturnType<typeof results>> | undefined;
    let twoResults: Awaited<ReturnType<typeof results>> | undefined;
    for (let k = 0; k < REPEATS; k++) {
      const one = await timed(1);
      if (k === 0) calm = await results(api, key, one.id);
      const two = await timed(2);
      if (k === 0) twoResults = await results(api, key, two.id);
      const after = await coreRate();
      pairs.push({ core: (before + after) / 2, one, two });
      before = after;
      if (k > 0) for (const id of [one.id, two.id]) await fetch(`${api.url}/v1/jobs/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
    }
    const first = pairs[0];
    if (calm === undefined || twoResults === undefined) throw new Error('no pair of jobs ran');
    // the same job again, with another organization's forecasts at a caller's pace meanwhile
    const paced = await upload(api, key, file);
    const pacedDone = finished(api, key, paced.id, paced.answeredAt);
    const during = await forecastLatencies(api, other, pacedDone);
    await pacedDone;

    // faults: a worker killed twice (another started each time), and the API restarted during another upload
    const faulty = await upload(api, key, file);
    const faultDone = finished(api, key, faulty.id, faulty.answeredAt);
    for (let k = 0; k < 2; k++) {
      await new Promise((r) => setTimeout(r, Math.max(500, 1000 * (SERIES / (2 * first.core)) / 4)));
      await workers.shift()!.stop('SIGKILL');
      workers.push(await startWorker(wplace, wenv));
    }
    await faultDone;
    const faultResults = await results(api, key, faulty.id);
    const cut = upload(api, key, file).then(() => 'whole', () => 'cut');
    await new Promise((r) => setTimeout(r, 300));
    await api.stop('SIGKILL');
    const cutOutcome = await cut;
    api = await startApi(place, join(dir, 'api'));
    const again = await upload(api, key, file);
    await finished(api, key, again.id, again.answeredAt);
    const againResults = await results(api, key, again.id);
    const identical = [twoResults, faultResults, againResults].every((r) => r.hash === calm.hash);

    let big = '';
    if (UPLOAD_MB > 0) {
      const bigFile = join(dir, 'big.csv');
      const perSeries = statSync(file).size / SERIES;
      // ids as long as a retailer's (store and item): ids cut from the text they were read in must not keep it alive
      await writeCsv(bigFile, Math.ceil((UPLOAD_MB * 1024 * 1024) / perSeries), 1_000_000_000, 'store-0001-item-');
      for (const w of workers.splice(0)) await w.stop();
      const b = await upload(api, key, bigFile);
      await fetch(`${api.url}/v1/jobs/${b.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
      big = `; a ${(statSync(bigFile).size / 1024 ** 3).toFixed(2)} GB upload: ${b.seconds.toFixed(0)} s, API RSS +${(b.rssGrowth / 1024 ** 2).toFixed(0)} MB (target < 150)`;
    }

    const list = (xs: number[], f: (x: number) => string) => (xs.length > 1 ? ` (each pair: ${xs.map(f).join(', ')})` : '');
    const pct = (x: number) => `${x.toFixed(1)}%`;
    const times = (x: number) => `${x.toFixed(2)}×`;
    const of1 = pairs.map((p) => (100 * p.one.rate) / p.core);
    const of2 = pairs.map((p) => (100 * p.two.rate) / (2 * p.core));
    const ratio = pairs.map((p) => p.two.rate / p.one.rate);
    const coreR = median(pairs.map((p) => p.core));
    const rate1 = median(pairs.map((p) => p.one.rate));
    const rate2 = median(pairs.map((p) => p.two.rate));
    const row = (name: string, rate: number, note: string): BenchRow => ({
      suite: 'jobs', name, meanUs: 1e6 / rate, medianUs: 1e6 / rate, opsPerSec: rate, samples: SERIES, note,
    });
    const pairsNote = pairs.length > 1 ? `median of ${pairs.length} pairs of jobs; ` : '';
    return {
      suite: 'jobs',
      rows: [
        row('core single-thread (series/s)', coreR,
          `${sample.length} of the ${SERIES} series, in-process, measured quiet before and after each pair of jobs${list(pairs.map((p) => p.core), (x) => x.toFixed(0))}; load ${loadavg()[0].toFixed(1)}`),
        row(`job ${SERIES}, 1 tempo worker`, rate1,
          `${pairsNote}${pct(median(of1))} of 1 × single-thread (target ≥ 85%)${list(of1, pct)}; upload ${first.one.upload.seconds.toFixed(1)} s, API RSS +${(first.one.upload.rssGrowth / 1024 ** 2).toFixed(0)} MB${big}; cores busy during the first: ${first.one.cores}`),
        row(`job ${SERIES}, 2 tempo workers`, rate2,
          `${pairsNote}${pct(median(of2))} of 2 × single-thread (target ≥ 85%)${list(of2, pct)}; ${times(median(ratio))} one worker (target ≥ 1.8)${list(ratio, times)}; another organization's forecast (one per ${PACE_MS} ms) p99 ${p99(during).toFixed(1)} ms during a job vs ${p99(quiet).toFixed(1)} ms quiet (target ≤ 2×); cores busy during the first: ${first.two.cores}`),
        row(`results ${SERIES} x-ndjson`, SERIES / calm.seconds, `first byte ${calm.firstByteMs.toFixed(0)} ms (target < 1000); ${(calm.bytes / 1024 ** 2).toFixed(1)} MB`),
        row('faults: kill -9 a worker ×2, API killed mid-upload', SERIES / faultResults.seconds,
          `results ${identical ? 'byte-identical' : 'DIFFERENT'} to the calm run (sha256 ${calm.hash.slice(0, 12)}); the upload cut by the API's death was ${cutOutcome === 'cut' ? 'refused' : 'finished before the kill'}, sent again, and succeeded`),
      ],
    };
  } finally {
    for (const w of workers) await w.stop('SIGKILL');
    await api?.stop();
    await admin.query(`DROP SCHEMA IF EXISTS ${place.schema} CASCADE`).catch(() => {});
    await admin.end();
    await deleteRedisPrefix(`${place.prefix}:`);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runAlone(jobsSuite);
