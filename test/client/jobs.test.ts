// The client's job calls against a real server (SQLite, the in-process queue): a job from series and
// from a gzipped CSV answers exactly what the batch endpoint answers, waits report progress, results
// stream in input order, pages are followed, and the organization boundary and bad input come back
// as their typed errors.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import {
  AbortError, JobExpiredError, JobFailedError, JobNotFinishedError, JobNotFoundError, RequestInvalidError, TempoClient, type BatchItem, type Job,
} from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { rejectionOf } from './helpers.js';

let h: Harness;
let idle: Harness;
let tempo: TempoClient;

const month = (t: number) => `${2016 + Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;
function monthly(n: number): Array<{ id: string; values: number[]; timestamps: string[] }> {
  return Array.from({ length: n }, (_, i) => {
    const values = seasonal(30 + (i % 7)).map((v) => Math.round((v + i) * 100) / 100);
    return { id: `s${i}`, values, timestamps: values.map((_, t) => month(t)) };
  });
}
function csvOf(series: ReturnType<typeof monthly>): string {
  return `unique_id,ds,y\n${series.flatMap((s) => s.values.map((v, t) => `${s.id},${s.timestamps[t]},${v}\n`)).join('')}`;
}

beforeAll(async () => {
  h = await startHarness({ config: { workers: 2 } });
  // a server that accepts jobs but runs none: its jobs stay queued, as long as a test needs
  const base = loadConfig({}, {});
  idle = await startHarness({ config: { jobs: { ...base.jobs, workers: 0 } } });
  tempo = new TempoClient({ apiKey: (await h.key({ organizationId: 'jobs-client', rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey, baseUrl: h.url });
});
afterAll(async () => {
  await h?.close();
  await idle?.close();
});

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('a job from series', () => {
  it('is queued, reports its progress while waited for, and answers each series as the batch endpoint does, in input order', async () => {
    const series = monthly(40);
    async function* source() { for (const s of series) yield s; }
    const created = await tempo.createJob({ horizon: 6, level: [80, 95], series: source() });
    expect(created.id).toMatch(/^job_/);
    expect(['queued', 'running', 'succeeded']).toContain(created.status);
    expect(created.progress.series).toBe(40);
    const seen: Job[] = [];
    const done = await tempo.waitForJob(created.id, { intervalMs: 20, onProgress: (j) => seen.push(j) });
    expect(done.status).toBe('succeeded');
    expect(done.progress).toEqual({ series: 40, done: 40, failed: 0 });
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.createdAt.getTime());
    expect(seen.at(-1)!.status).toBe('succeeded');
    // progress never goes back
    for (let i = 1; i < seen.length; i++) expect(seen[i].progress.done).toBeGreaterThanOrEqual(seen[i - 1].progress.done);
    const items = await all(tempo.jobResults(created.id));
    expect(items.map((i) => i.id)).toEqual(series.map((s) => s.id));
    const batch = await tempo.forecastBatch({ horizon: 6, level: [80, 95], series });
    const strip = (xs: BatchItem[]) => xs.map((x) => ('error' in x ? x : { id: x.id, forecast: x.forecast, intervals: x.intervals, timestamps: x.timestamps }));
    expect(strip(items)).toEqual(strip(batch.forecasts));
  });
});

describe('a job from a long CSV', () => {
  it('streams a gzipped upload, and its CSV results are the rows the NDJSON results describe', async () => {
    const series = monthly(12);
    const job = await tempo.createJob({ horizon: 3, level: [95], csv: new Blob([csvOf(series)]).stream(), gzip: true });
    await tempo.waitForJob(job.id, { intervalMs: 20 });
    const decoder = new TextDecoder();
    const csv = (await all(tempo.jobResultsBytes(job.id, 'csv'))).map((b) => decoder.decode(b, { stream: true })).join('') + decoder.decode();
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('unique_id,ds,forecast,lo-95,hi-95');
    expect(lines).toHaveLength(1 + 12 * 3);
    const items = await all(tempo.jobResults(job.id));
    const first = items[0] as Extract<BatchItem, { forecast: number[] }>;
    const row = lines[1].split(',');
    expect([row[0], row[1]]).toEqual(['s0', first.timestamps![0]]);
    expect([Number(row[2]), Number(row[3]), Number(row[4])]).toEqual([first.forecast[0], first.intervals!['95'].lower[0], first.intervals!['95'].upper[0]]);
  });

  it('refuses a bad row with its line and column, and queues nothing', async () => {
    const before = (await all(tempo.listJobs())).length;
    const err = await rejectionOf(tempo.createJob({ horizon: 3, csv: 'unique_id,ds,y\na,2024-01-01,1\na,2024-02-01,x\n' }));
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect(JSON.stringify((err as RequestInvalidError).body)).toMatch(/line 3/);
    expect((await all(tempo.listJobs())).length).toBe(before);
  });
});

describe('a queued job', () => {
  it('has no results yet (JobNotFinishedError, not retried), stops being waited for on abort, and is cancelled', async () => {
    const c = new TempoClient({ apiKey: (await idle.key({ organizationId: 'jobs-idle' })).fullKey, baseUrl: idle.url });
    const job = await c.createJob({ horizon: 2, series: monthly(3) });
    expect(job.status).toBe('queued');
    const err = await rejectionOf(all(c.jobResults(job.id)));
    expect(err).toBeInstanceOf(JobNotFinishedError);
    expect((err as JobNotFinishedError).attempts).toBe(1);
    expect((err as JobNotFinishedError).retryAfter).toBeGreaterThan(0);
    const controller = new AbortController();
    let polls = 0;
    const waited = await rejectionOf(c.waitForJob(job.id, { intervalMs: 10, signal: controller.signal, onProgress: () => { if (++polls === 3) controller.abort(); } }));
    expect(waited).toBeInstanceOf(AbortError);
    expect(polls).toBe(3);
    await c.cancelJob(job.id);
    const cancelled = await c.getJob(job.id);
    expect(cancelled.status).toBe('cancelled');
    const failed = await rejectionOf(c.waitForJob(job.id));
    expect(failed).toBeInstanceOf(JobFailedError);
    expect((failed as JobFailedError).status).toBe('cancelled');
    expect(await rejectionOf(all(c.jobResults(job.id)))).toBeInstanceOf(JobExpiredError);
  });
});

describe('the organization boundary', () => {
  it('shows another organization\'s job to no one: get, results and cancel are JobNotFoundError', async () => {
    const job = await tempo.createJob({ horizon: 2, series: monthly(2) });
    const other = new TempoClient({ apiKey: (await h.key({ organizationId: 'jobs-other' })).fullKey, baseUrl: h.url });
    for (const call of [other.getJob(job.id), all(other.jobResults(job.id)), other.cancelJob(job.id)]) {
      const err = await rejectionOf(call);
      expect(err).toBeInstanceOf(JobNotFoundError);
      expect((err as JobNotFoundError).attempts).toBe(1);
    }
    expect((await all(other.listJobs())).map((j) => j.id)).not.toContain(job.id);
    expect((await tempo.getJob(job.id)).id).toBe(job.id);
  });
});

describe('listing', () => {
  it('follows the server\'s pages, newest first, each job once', async () => {
    const c = new TempoClient({ apiKey: (await idle.key({ organizationId: 'jobs-pages', rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey, baseUrl: idle.url });
    const made: string[] = [];
    for (let i = 0; i < 53; i++) made.push((await c.createJob({ horizon: 1, series: [{ id: 'a', values: [1, 2, 3] }] })).id);
    const first = await c.listJobsPage();
    expect(first.nextCursor).toBeDefined();
    expect(first.jobs.length).toBeLessThan(53);
    const listed = await all(c.listJobs());
    expect(listed.map((j) => j.id)).toEqual([...made].reverse());
    const small = await c.listJobsPage(undefined, { limit: 7 });
    expect(small.jobs.map((j) => j.id)).toEqual(listed.slice(0, 7).map((j) => j.id));
    expect((await all(c.listJobs({ pageSize: 10 }))).map((j) => j.id)).toEqual(listed.map((j) => j.id));
    await expect(c.listJobsPage(undefined, { limit: 101 })).rejects.toThrow(RangeError);
    for (let i = 1; i < listed.length; i++) expect(listed[i].createdAt.getTime()).toBeLessThanOrEqual(listed[i - 1].createdAt.getTime());
  });
});
