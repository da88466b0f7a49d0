// One behaviour suite for the job API on both implementations: the embedded default (SQLite and
// the in-process queue) and the multi-instance mode (PostgreSQL and Redis; skipped, with the
// reason printed, only when neither answers nor is named).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePostgres, probeRedis } from '../multi/backends.js';
import { embeddedServer, jobBounds, sharedServer, type JobServer } from './servers.js';
import { jobApi, longCsv, monthlySeries, ndjson } from './helpers.js';
import { waitFor } from '../support/wait.js';
import type { JobBody, JobListBody } from '../../src/common/job-types.js';
import type { ConfigOverrides } from '../server/harness.js';

const services = (await probePostgres()).ok && (await probeRedis()).ok;
const implementations: Array<{ name: string; skip: boolean; start: (o?: ConfigOverrides) => Promise<JobServer> }> = [
  { name: 'embedded: SQLite, in-process queue', skip: false, start: (o) => embeddedServer(o) },
  { name: 'multi-instance: PostgreSQL, Redis, BullMQ', skip: !services, start: (o) => sharedServer(o) },
];

const JOBS = { jobs: jobBounds({ chunkCost: 400, workers: 1 }) };

for (const impl of implementations) {
  describe.skipIf(impl.skip)(`jobs (${impl.name})`, () => {
    let server: JobServer;
    let api: ReturnType<typeof jobApi>;
    let other: ReturnType<typeof jobApi>;
    beforeAll(async () => {
      server = await impl.start(JOBS);
      api = jobApi(server.url, (await server.key()).fullKey);
      other = jobApi(server.url, (await server.key({ organizationId: 'globex' })).fullKey);
    });
    afterAll(async () => { await server?.close(); });

    it('takes NDJSON, answers 202 with Location, and its results are the batch endpoint\'s answers in input order', async () => {
      const series = monthlySeries(40);
      const res = await api.create(ndjson(series), 'application/x-ndjson', 'horizon=6&level=80&level=95');
      expect(res.status).toBe(202);
      const accepted = await res.json() as JobBody;
      expect(res.headers.get('location')).toBe(`/v1/jobs/${accepted.id}`);
      expect(accepted.id).toMatch(/^job_[0-9A-Za-z]{22}$/);
      expect(accepted).toMatchObject({ model: 'tempo', progress: { series: 40 }, errors: [], errors_total: 0 });
      expect(['queued', 'running', 'succeeded']).toContain(accepted.status);
      const done = await api.finished(accepted.id);
      expect(done).toMatchObject({ status: 'succeeded', progress: { series: 40, done: 40, failed: 0 } });
      expect(Date.parse(done.expires_at!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      const lines = (await (await api.results(accepted.id, 'application/x-ndjson')).text()).trimEnd().split('\n');
      const batch = (await (await api.batch({ horizon: 6, level: [80, 95], series })).text()).trimEnd().split('\n');
      expect(lines).toEqual(batch);
      const csv = await api.results(accepted.id, 'text/csv');
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const rows = (await csv.text()).trimEnd().split('\n');
      expect(rows[0]).toBe('unique_id,ds,forecast,lo-80,hi-80,lo-95,hi-95');
      expect(rows).toHaveLength(1 + 40 * 6);
      const first = JSON.parse(batch[0]) as { forecast: number[]; timestamps: string[]; intervals: Record<string, { lower: number[] }> };
      expect(rows[1]).toBe(`s0,${first.timestamps[0]},${first.forecast[0]},${first.intervals['80'].lower[0]},${rows[1].split(',')[4]},${first.intervals['95'].lower[0]},${rows[1].split(',')[6]}`);
      expect(rows.slice(1).map((r) => r.split(',')[0]).filter((id, i, a) => a.indexOf(id) === i)).toEqual(series.map((s) => s.id));
    });

    it('takes a gzip long CSV, as the CLI reads it', async () => {
      const series = monthlySeries(12, 100);
      const res = await api.createGzip(longCsv(series), 'text/csv', 'horizon=3');
      expect(res.status).toBe(202);
      const { id } = await res.json() as JobBody;
      expect((await api.finished(id)).status).toBe('succeeded');
      const lines = (await (await api.results(id, 'application/x-ndjson')).text()).trimEnd().split('\n');
      const batch = (await (await api.batch({ horizon: 3, series })).text()).trimEnd().split('\n');
      expect(lines).toEqual(batch);
    });

    it('takes the batch body as JSON, its fields winning over the query', async () => {
      const series = monthlySeries(5, 200);
      const res = await api.create(JSON.stringify({ horizon: 4, quantiles: [0.1, 0.9], series }), 'application/json', 'horizon=9');
      expect(res.status).toBe(202);
      const { id } = await res.json() as JobBody;
      await api.finished(id);
      const rows = (await (await api.results(id)).text()).trimEnd().split('\n');
      expect(rows[0]).toBe('unique_id,ds,forecast,q-0.1,q-0.9');
      expect(rows).toHaveLength(1 + 5 * 4);
    });

    it('with fitted=true, each NDJSON result carries the one-step-ahead fitted values of a single forecast', async () => {
      const series = monthlySeries(3, 600);
      const { id } = await (await api.create(ndjson(series), 'application/x-ndjson', 'horizon=2&fitted=true')).json() as JobBody;
      expect((await api.finished(id)).status).toBe('succeeded');
      const lines = (await (await api.results(id, 'application/x-ndjson')).text()).trimEnd().split('\n').map((l) => JSON.parse(l) as { forecast: number[]; fitted: Array<number | null> });
      const single = await (await fetch(`${server.url}/tempo/v1/forecast`, {
        method: 'POST', headers: { Authorization: `Bearer ${(await server.key()).fullKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ series: series[0].values, timestamps: series[0].timestamps, horizon: 2, fitted: true }),
      })).json() as { forecast: number[]; fitted: Array<number | null> };
      expect(lines[0].fitted).toEqual(single.fitted);
      expect(lines[0].forecast).toEqual(single.forecast);
      expect(lines.every((l) => l.fitted.length > 0)).toBe(true);
    });

    it('refuses a CSV error with its line and column, and queues nothing', async () => {
      const before = (await (await api.list()).json() as JobListBody).jobs.length;
      const csv = longCsv(monthlySeries(3, 300)).replace(/\n(s301,2015-03-01,)[^\n]*/, '\n$1twelve');
      const res = await api.create(csv, 'text/csv', 'horizon=3');
      expect(res.status).toBe(400);
      const problem = await res.json() as { code: string; errors: Array<{ pointer: string; detail: string }> };
      expect(problem.code).toBe('REQUEST_INVALID');
      const line = csv.split('\n').findIndex((l) => l.endsWith('twelve')) + 1;
      expect(problem.errors[0].pointer).toBe(`line ${line}, column y`);
      expect((await (await api.list()).json() as JobListBody).jobs.length).toBe(before);
    });

    it('refuses a broken CSV (a quote left open, a short row) at its line, and queues nothing', async () => {
      const before = (await (await api.list()).json() as JobListBody).jobs.length;
      const csv = longCsv(monthlySeries(3, 310));
      const rows = csv.split('\n');
      for (const [broken, line, detail] of [
        [[...rows.slice(0, 5), `"${rows[5]}`, ...rows.slice(6)], 6, /quote left open/],
        [[...rows.slice(0, 7), rows[7].replace(/,[^,]*$/, ''), ...rows.slice(8)], 8, /a row has 2 fields where the header has 3/],
      ] as const) {
        const res = await api.create(broken.join('\n'), 'text/csv', 'horizon=3');
        expect(res.status).toBe(400);
        const problem = await res.json() as { code: string; errors: Array<{ pointer: string; detail: string }> };
        expect(problem.errors[0].pointer).toBe(`line ${line}`);
        expect(problem.errors[0].detail).toMatch(detail);
      }
      expect((await (await api.list()).json() as JobListBody).jobs.length).toBe(before);
    });

    it('refuses the first invalid NDJSON series with a pointer into it', async () => {
      const series: object[] = monthlySeries(4, 400);
      series[2] = { id: 'bad', values: [1, 'x', 3] };
      const res = await api.create(ndjson(series), 'application/x-ndjson', 'horizon=3');
      expect(res.status).toBe(400);
      const problem = await res.json() as { errors: Array<{ pointer: string }> };
      expect(problem.errors[0].pointer).toBe('/series/2/values/1');
    });

    it('with on_invalid=skip lists the bad series in errors, answers it in its place, and runs the rest', async () => {
      const series: object[] = monthlySeries(5, 500);
      series[1] = { id: 'bad', values: [1, 'x', 3] };
      const res = await api.create(ndjson(series), 'application/x-ndjson', 'horizon=2&on_invalid=skip');
      expect(res.status).toBe(202);
      const { id } = await res.json() as JobBody;
      const done = await api.finished(id);
      expect(done).toMatchObject({ status: 'succeeded', progress: { series: 5, done: 4, failed: 1 }, errors_total: 1 });
      expect(done.errors).toEqual([{ id: 'bad', code: 'REQUEST_INVALID', detail: expect.stringContaining('values/1') }]);
      const lines = (await (await api.results(id, 'application/x-ndjson')).text()).trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; error?: { pointer: string } });
      expect(lines.map((l) => l.id)).toEqual(['s500', 'bad', 's502', 's503', 's504']);
      expect(lines[1].error?.pointer).toBe('/series/1/values/1');
      const rows = (await (await api.results(id)).text()).trimEnd().split('\n');
      expect(rows).toHaveLength(1 + 4 * 2);
    });

    it('takes the id of a refused series too: a later series of that id is a repeat', async () => {
      const series: object[] = monthlySeries(4, 520);
      series[1] = { id: 'twice', values: [1, 'x', 3] };
      series[3] = { ...monthlySeries(1, 523)[0], id: 'twice' };
      const res = await api.create(ndjson(series), 'application/x-ndjson', 'horizon=2&on_invalid=skip');
      expect(res.status).toBe(202);
      const done = await api.finished((await res.json() as JobBody).id);
      expect(done).toMatchObject({ status: 'succeeded', progress: { series: 4, done: 2, failed: 2 } });
      expect(done.errors.map((e) => [e.id, e.detail.includes('repeats the id') ? 'repeat' : 'invalid'])).toEqual([['twice', 'invalid'], ['twice', 'repeat']]);
    });

    it("refuses a CSV whose series' rows come back later, naming the line, with long ids too", async () => {
      const long = monthlySeries(3, 530).map((s) => ({ ...s, id: `store-0001-item-${s.id}-with-a-long-name` }));
      const csv = longCsv(long);
      const rows = csv.trimEnd().split('\n');
      // the first series' second row moved after the third series
      const moved = [rows[0], rows[1], ...rows.slice(3), rows[2]].join('\n') + '\n';
      const res = await api.create(moved, 'text/csv', 'horizon=2&on_invalid=skip');
      expect(res.status).toBe(400);
      const problem = await res.json() as { errors: Array<{ pointer: string; detail: string }> };
      expect(problem.errors[0].pointer).toBe(`line ${rows.length}, column unique_id`);
      expect(problem.errors[0].detail).toMatch(/started earlier in the file/);
    });

    it('refuses a query without horizon, an unknown content type, and a model the organization may not use', async () => {
      const body = ndjson(monthlySeries(1));
      const noHorizon = await api.create(body, 'application/x-ndjson', 'level=80');
      expect(noHorizon.status).toBe(400);
      expect((await noHorizon.json() as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/horizon');
      expect((await api.create(body, 'text/plain', 'horizon=3')).status).toBe(415);
      const model = await api.create(body, 'application/x-ndjson', 'horizon=3', {}, 'nosuchmodel');
      expect(model.status).toBe(404);
      expect((await model.json() as { code: string }).code).toBe('MODEL_NOT_AVAILABLE');
    });

    it('shows another organization\'s job as none: 404 JOB_NOT_FOUND to get, results and delete, absent from its list', async () => {
      const { id } = await (await api.create(ndjson(monthlySeries(2)), 'application/x-ndjson', 'horizon=2')).json() as JobBody;
      for (const res of [await other.get(id), await other.results(id), await other.cancel(id), await other.get('job_0000000000000000000000'), await other.get('nonsense')]) {
        expect(res.status).toBe(404);
        expect((await res.json() as { code: string }).code).toBe('JOB_NOT_FOUND');
      }
      expect((await (await other.list()).json() as JobListBody).jobs.map((j) => j.id)).not.toContain(id);
      expect((await api.finished(id)).status).toBe('succeeded');
    });

    it('lists the organization\'s jobs newest first, a page at a time', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await (await api.create(ndjson(monthlySeries(1, i)), 'application/x-ndjson', 'horizon=1')).json() as JobBody).id);
      const first = await (await api.list('?limit=2')).json() as JobListBody;
      expect(first.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
      expect(first.next_cursor).not.toBeNull();
      const second = await (await api.list(`?limit=2&cursor=${first.next_cursor}`)).json() as JobListBody;
      expect(second.jobs[0].id).toBe(ids[0]);
      const bad = await api.list('?cursor=nonsense');
      expect(bad.status).toBe(400);
      for (const id of ids) await api.finished(id);
    });

    it('cancels: DELETE is 204, the job shows cancelled, its results are gone, its chunks stop', async () => {
      const { id } = await (await api.create(ndjson(monthlySeries(400)), 'application/x-ndjson', 'horizon=12')).json() as JobBody;
      const del = await api.cancel(id);
      expect(del.status).toBe(204);
      const job = await (await api.get(id)).json() as JobBody;
      expect(['cancelled', 'succeeded']).toContain(job.status);
      const results = await api.results(id);
      expect([409, 410]).toContain(results.status);
      // within a few seconds no chunk of it computes
      await waitFor('no job chunk running', async () => /tempo_job_chunks_running 0\b/.test(await (await fetch(`${server.url}/metrics`)).text()), 5000, 100);
      expect((await api.cancel(id)).status).toBe(204);
    });
  });
}

describe('jobs that wait (embedded)', () => {
  it('answers 409 JOB_NOT_FINISHED with Retry-After before a job has run, and resumes it when the server restarts with workers', async () => {
    let server = await embeddedServer({ jobs: jobBounds({ workers: 0 }) });
    try {
      const key = (await server.key()).fullKey;
      let api = jobApi(server.url, key);
      const series = monthlySeries(30);
      const { id } = await (await api.create(ndjson(series), 'application/x-ndjson', 'horizon=5')).json() as JobBody;
      const early = await api.results(id);
      expect(early.status).toBe(409);
      expect((await early.json() as { code: string }).code).toBe('JOB_NOT_FINISHED');
      expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await (await api.get(id)).json() as JobBody).status).toBe('queued');
      server = await server.restart({ jobs: jobBounds({ chunkCost: 300, workers: 1 }) });
      api = jobApi(server.url, key);
      expect((await api.finished(id)).status).toBe('succeeded');
      const lines = (await (await api.results(id, 'application/x-ndjson')).text()).trimEnd().split('\n');
      expect(lines).toEqual((await (await api.batch({ horizon: 5, series })).text()).trimEnd().split('\n'));
    } finally {
      await server.close();
    }
  });

  it('resumes a job stopped mid-way when the server restarts, each series once, in input order', async () => {
    let server = await embeddedServer({ jobs: jobBounds({ chunkCost: 200, workers: 1 }) });
    try {
      const key = (await server.key()).fullKey;
      let api = jobApi(server.url, key);
      const series = monthlySeries(1200);
      const { id } = await (await api.create(ndjson(series), 'application/x-ndjson', 'horizon=4')).json() as JobBody;
      const mid = await waitFor('the job part done', async () => {
        const j = await (await api.get(id)).json() as JobBody;
        return j.status === 'running' && j.progress.done > 0 ? j : undefined;
      }, 60_000, 10);
      expect(mid.progress.done).toBeLessThan(1200);
      server = await server.restart();
      api = jobApi(server.url, key);
      expect(await api.finished(id)).toMatchObject({ status: 'succeeded', progress: { series: 1200, done: 1200, failed: 0 } });
      const lines = (await (await api.results(id, 'application/x-ndjson')).text()).trimEnd().split('\n');
      expect(lines).toEqual((await (await api.batch({ horizon: 4, series })).text()).trimEnd().split('\n'));
    } finally {
      await server.close();
    }
  }, 120_000);

  it('counts a job as one request for the rate limit, and holds no running lock', async () => {
    const server = await embeddedServer({ jobs: jobBounds({ workers: 0 }) });
    try {
      const { fullKey } = await server.key({ rateLimitPerMinute: 3, rateLimitPerHour: 100 });
      const api = jobApi(server.url, fullKey);
      const first = await api.create(ndjson(monthlySeries(300)), 'application/x-ndjson', 'horizon=2');
      expect(first.status).toBe(202);
      expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
      const { id } = await first.json() as JobBody;
      // reading it costs nothing; the job, queued, holds no lock: the same key forecasts meanwhile
      for (let i = 0; i < 3; i++) expect((await api.get(id)).status).toBe(200);
      const single = await fetch(`${server.url}/tempo/v1/forecast`, { method: 'POST', headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ series: [1, 2, 3, 4, 5], horizon: 2 }) });
      expect(single.status).toBe(200);
      expect((await api.create(ndjson(monthlySeries(1)), 'application/x-ndjson', 'horizon=2')).status).toBe(202);
      const over = await api.create(ndjson(monthlySeries(1)), 'application/x-ndjson', 'horizon=2');
      expect(over.status).toBe(429);
      expect((await over.json() as { code: string }).code).toBe('API_USAGE_LIMIT');
    } finally {
      await server.close();
    }
  });

  it('keeps the record but deletes expired results: 410 JOB_EXPIRED', async () => {
    const server = await embeddedServer({ jobs: jobBounds({ resultsTtlMs: 1000 }) });
    try {
      const api = jobApi(server.url, (await server.key()).fullKey);
      const { id } = await (await api.create(ndjson(monthlySeries(2)), 'application/x-ndjson', 'horizon=2')).json() as JobBody;
      expect((await api.finished(id)).status).toBe('succeeded');
      const gone = await waitFor('results expired', async () => { const r = await api.results(id); return r.status === 410 ? r : undefined; }, 10_000, 200);
      expect((await gone.json() as { code: string }).code).toBe('JOB_EXPIRED');
      expect((await (await api.get(id)).json() as JobBody).status).toBe('succeeded');
    } finally {
      await server.close();
    }
  });
});
