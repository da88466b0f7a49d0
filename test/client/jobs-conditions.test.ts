// The job calls under conditions a real server does not produce on demand: results cut off
// mid-stream (resumed without a repeat), a refusal after an upload that cannot be sent twice, a
// Retry-After on every poll, a server repeating a page cursor. A small HTTP server on 127.0.0.1
// plays the service; what it received is checked as received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError, ConnectionError, JobFailedError, JobNotFinishedError, ServiceUnavailableError, TempoClient, type Job,
} from '@tempo-forecast/client';
import { recordingSleep, rejectionOf } from './helpers.js';

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse, hit: number) => void;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => { while (closers.length > 0) await closers.pop()!(); });

async function serve(handler: Handler): Promise<string> {
  let hits = 0;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => handler(req, Buffer.concat(parts), res, ++hits));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function job(status: Job['status'], done: number, extra: Record<string, unknown> = {}) {
  return { id: 'job_1', model: 'tempo', status, progress: { series: 4, done, failed: 0 }, created_at: '2026-11-26T18:00:00.000Z', errors: [], ...extra };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const KEY = 'tempo-AAAAAAAAAAAAAAAA-secretsecretsecret';
const lines = Array.from({ length: 6 }, (_, i) => `${JSON.stringify({ id: `s${i}`, forecast: [i, i], method: { components: ['naive'], season_length: 1 } })}\n`);

describe('job results under a dropped connection', () => {
  it('resumes after the last answer handed over, so every series comes once, in order', async () => {
    const all = lines.join('');
    const url = await serve((_req, _body, res, hit) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      // the first reading stops in the middle of the fourth line
      if (hit === 1) { res.write(all.slice(0, all.indexOf('s3') + 4)); setTimeout(() => res.destroy(), 20); return; }
      res.end(all);
    });
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, backoffBaseMs: 1 });
    const ids: Array<string | null> = [];
    for await (const item of c.jobResults('job_1')) ids.push(item.id);
    expect(ids).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });

  it('gives up after the retries with the connection error', async () => {
    const url = await serve((_req, _body, res) => { res.writeHead(200, { 'Content-Type': 'text/csv' }); res.write('unique_id,ds,forecast\n'); setTimeout(() => res.destroy(), 20); });
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, backoffBaseMs: 1, maxRetries: 1 });
    const got: string[] = [];
    const err = await rejectionOf((async () => { for await (const b of c.jobResultsBytes('job_1', 'csv')) got.push(new TextDecoder().decode(b)); })());
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).attempts).toBe(2);
    // the second reading's copy of the header was skipped, not handed over twice
    expect(got.join('')).toBe('unique_id,ds,forecast\n');
  });

  it('turns a failure line into its typed error', async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.end(`${lines[0]}{"error":{"code":"SERVICE_UNAVAILABLE","detail":"shutting down","request_id":"req_9"}}\n`);
    });
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, maxRetries: 0 });
    const ids: Array<string | null> = [];
    const err = await rejectionOf((async () => { for await (const item of c.jobResults('job_1')) ids.push(item.id); })());
    expect(ids).toEqual(['s0']);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect((err as ServiceUnavailableError).requestId).toBe('req_9');
  });

  it('is JobNotFinishedError at once, not retried, before the job succeeded', async () => {
    const url = await serve((_req, _body, res) => json(res, 409, { code: 'JOB_NOT_FINISHED', title: 'Job not finished', status: 409, detail: 'running' }, { 'Retry-After': '5' }));
    const c = new TempoClient({ apiKey: KEY, baseUrl: url });
    const err = await rejectionOf((async () => { for await (const _ of c.jobResults('job_1')) { /* none */ } })());
    expect(err).toBeInstanceOf(JobNotFinishedError);
    expect([(err as JobNotFinishedError).attempts, (err as JobNotFinishedError).retryAfter]).toEqual([1, 5]);
  });
});

describe('uploads refused before anything was created', () => {
  it('sends an upload held whole again after a 503, gzipped as asked', async () => {
    const bodies: Buffer[] = [];
    const url = await serve((req, body, res, hit) => {
      expect(req.headers['content-encoding']).toBe('gzip');
      expect(req.headers['content-type']).toBe('application/x-ndjson');
      bodies.push(body);
      if (hit === 1) { json(res, 503, { code: 'SERVICE_UNAVAILABLE', status: 503, detail: 'draining' }, { 'Retry-After': '1' }); return; }
      json(res, 202, job('queued', 0), { Location: '/v1/jobs/job_1' });
    });
    const sl = recordingSleep();
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, sleep: sl.sleep, maxRetryAfter: 0.01 });
    const created = await c.createJob({ horizon: 2, gzip: true, series: [{ id: 'a', values: [1, 2, 3] }, { id: 'b', values: [4, null, 6] }] });
    expect(created.status).toBe('queued');
    expect(sl.waits).toEqual([10]);
    expect(bodies.map((b) => gunzipSync(b).toString())).toEqual(Array(2).fill('{"id":"a","values":[1,2,3]}\n{"id":"b","values":[4,null,6]}\n'));
  });

  it('sends a stream without following redirects, so fetch keeps no copy of what it sent', async () => {
    const url = await serve((_req, _body, res) => json(res, 202, job('queued', 0)));
    const redirects: Array<RequestRedirect | undefined> = [];
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, fetch: (u, init) => { redirects.push(init.redirect); return fetch(u, init); } });
    await c.createJob({ horizon: 2, csv: 'unique_id,ds,y\na,2024-01-31,1\n' });
    // following a redirect needs the body again: fetch tees the stream for it and holds every byte sent
    expect(redirects).toEqual(['error']);
  });

  it('does not send a stream twice: the refusal is thrown', async () => {
    const url = await serve((_req, _body, res) => json(res, 503, { code: 'SERVICE_UNAVAILABLE', status: 503, detail: 'draining' }, { 'Retry-After': '1' }));
    const c = new TempoClient({ apiKey: KEY, baseUrl: url });
    async function* rows() { yield 'unique_id,ds,y\n'; yield 'a,2024-01-31,1\n'; }
    const err = await rejectionOf(c.createJob({ horizon: 2, csv: rows() }));
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect((err as ServiceUnavailableError).attempts).toBe(1);
  });

  it('does not send again after a lost answer, which may have created the job', async () => {
    let hits = 0;
    const url = await serve((_req, _body, res) => { hits += 1; res.destroy(); });
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, backoffBaseMs: 1 });
    const err = await rejectionOf(c.createJob({ horizon: 2, csv: 'unique_id,ds,y\na,2024-01-31,1\n' }));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(hits).toBe(1);
  });
});

describe('waiting for a job', () => {
  it('follows each poll\'s Retry-After, reports every poll, and resolves with the finished job', async () => {
    const url = await serve((_req, _body, res, hit) => {
      const done = Math.min(hit - 1, 4);
      json(res, 200, job(done === 4 ? 'succeeded' : 'running', done), done === 4 ? {} : { 'Retry-After': `0.00${hit}` });
    });
    const sl = recordingSleep();
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, sleep: sl.sleep, maxRetryAfter: 0.003 });
    const seen: number[] = [];
    const finished = await c.waitForJob('job_1', { onProgress: (j) => seen.push(j.progress.done) });
    expect(finished.status).toBe('succeeded');
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    // each Retry-After (1, 2, 3, 4 ms) followed, capped at maxRetryAfter (3 ms)
    expect(sl.waits).toEqual([1, 2, 3, 3]);
  });

  it('grows its pause while the server gives no Retry-After', async () => {
    const url = await serve((_req, _body, res, hit) => json(res, 200, job(hit === 4 ? 'succeeded' : 'queued', 0)));
    const sl = recordingSleep();
    const c = new TempoClient({ apiKey: KEY, baseUrl: url, sleep: sl.sleep });
    await c.waitForJob('job_1', { intervalMs: 2, maxIntervalMs: 4 });
    expect(sl.waits).toEqual([2, 3, 4]);
  });

  it('rejects with JobFailedError naming the first error when the job fails', async () => {
    const url = await serve((_req, _body, res) => json(res, 200, job('failed', 2, { errors: [{ id: 'b', code: 'INTERNAL_ERROR', detail: 'worker lost' }] })));
    const c = new TempoClient({ apiKey: KEY, baseUrl: url });
    const err = await rejectionOf(c.waitForJob('job_1'));
    expect(err).toBeInstanceOf(JobFailedError);
    expect((err as JobFailedError).message).toBe('job job_1 failed: series b: worker lost');
    expect((err as JobFailedError).status).toBe('failed');
  });

  it('stops at once when the signal aborts during a pause', async () => {
    const url = await serve((_req, _body, res) => json(res, 200, job('running', 1)));
    const c = new TempoClient({ apiKey: KEY, baseUrl: url });
    const controller = new AbortController();
    const err = await rejectionOf(c.waitForJob('job_1', { intervalMs: 60_000, signal: controller.signal, onProgress: () => controller.abort(new Error('enough')) }));
    expect(err).toBeInstanceOf(AbortError);
  });
});

describe('listing jobs', () => {
  it('follows next_cursor lazily and refuses a cursor it was given before', async () => {
    const asked: string[] = [];
    const url = await serve((req, _body, res) => {
      const cursor = new URL(req.url!, 'http://x').searchParams.get('cursor');
      asked.push(cursor ?? '(first)');
      if (cursor === null) json(res, 200, { jobs: [job('succeeded', 4, { id: 'j3' }), job('running', 1, { id: 'j2' })], next_cursor: 'c1' });
      else json(res, 200, { jobs: [job('queued', 0, { id: 'j1' })], next_cursor: 'c1' });
    });
    const c = new TempoClient({ apiKey: KEY, baseUrl: url });
    const it = c.listJobs();
    expect((await it.next()).value?.id).toBe('j3');
    expect(asked).toEqual(['(first)']);
    const rest: string[] = [];
    const err = await rejectionOf((async () => { for await (const j of it) rest.push(j.id); })());
    expect(rest).toEqual(['j2', 'j1']);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(asked).toEqual(['(first)', 'c1']);
  });
});
