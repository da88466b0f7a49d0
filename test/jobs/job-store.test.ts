// One behaviour suite for both job stores (SQLite and PostgreSQL): uploads invisible until done,
// a chunk's result written once however often it is delivered, the running bound per
// organization, cancel and expiry keeping the record.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DATABASE_URL, probePostgres, uniqueName } from '../multi/backends.js';
import { openSqliteJobStore } from '../../src/jobs/sqlite-store.js';
import { openPostgresJobStore } from '../../src/jobs/postgres-store.js';
import { packLines, unpackLines } from '../../src/jobs/chunk-lines.js';
import type { JobStore } from '../../src/jobs/store.js';

const postgres = await probePostgres();
const schemas: string[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (schemas.length === 0) return;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  await c.end();
});

const implementations: Array<{ name: string; skip: boolean; open: () => Promise<JobStore> }> = [
  { name: 'SQLite', skip: false, open: async () => { const d = mkdtempSync(join(tmpdir(), 'tempo-jobstore-')); dirs.push(d); return openSqliteJobStore(join(d, 'tempo.db')); } },
  { name: 'PostgreSQL', skip: !postgres.ok, open: async () => { const s = uniqueName('jobstore'); schemas.push(s); return openPostgresJobStore({ url: DATABASE_URL, schema: s }); } },
];

const params = { horizon: 2, modelConfig: {} };
const TTL = 60_000;

async function stored(jobs: JobStore, id: string, org = 'acme', chunks = 2): Promise<void> {
  await jobs.createJob({ id, organizationId: org, keyId: 'k', model: 'tempo', params });
  for (let c = 0; c < chunks; c++) await jobs.addChunk(id, c, { firstSeries: c, series: 1, input: packLines([`{"id":"s${c}","values":[1,2,3]}`]) }, 3);
}
const result = (text: string, done = 1) => ({ result: packLines([text]), done, failed: 0, errors: [] });

for (const impl of implementations) {
  describe.skipIf(impl.skip)(`job store (${impl.name})`, () => {
    it('shows an upload to no one until it is finished; a removed one is gone', async () => {
      const jobs = await impl.open();
      try {
        await stored(jobs, 'job_a');
        expect(await jobs.getJob('job_a', 'acme')).toBeUndefined();
        expect((await jobs.listJobs('acme', 10)).jobs).toEqual([]);
        const job = await jobs.finishUpload('job_a', { series: 2, chunks: 2 });
        expect(job).toMatchObject({ status: 'queued', series: 2, chunks: 2, done: 0 });
        expect(await jobs.getJob('job_a', 'other')).toBeUndefined();
        await stored(jobs, 'job_b');
        await jobs.removeJob('job_b');
        expect(await jobs.jobById('job_b')).toBeUndefined();
      } finally {
        await jobs.close();
      }
    });

    it('writes a chunk\'s result once however often it is delivered, and the last chunk ends the job', async () => {
      const jobs = await impl.open();
      try {
        await stored(jobs, 'job_c');
        await jobs.finishUpload('job_c', { series: 2, chunks: 2 });
        expect(await jobs.startJob('job_c', 2)).toBe(true);
        const first = await jobs.writeChunkResult({ jobId: 'job_c', chunk: 0 }, result('zero'), TTL);
        expect(first).toEqual({ written: true, status: 'running' });
        // the same chunk again (a stalled delivery): nothing changes, not even the text
        expect(await jobs.writeChunkResult({ jobId: 'job_c', chunk: 0 }, result('changed'), TTL)).toEqual({ written: false, status: 'running' });
        expect(await jobs.chunkInput({ jobId: 'job_c', chunk: 0 })).toBeUndefined();
        // both deliveries of the last chunk at once: one of them counts
        const both = await Promise.all([0, 1].map(() => jobs.writeChunkResult({ jobId: 'job_c', chunk: 1 }, result('one'), TTL)));
        expect(both.filter((w) => w.written)).toHaveLength(1);
        const job = await jobs.jobById('job_c');
        expect(job).toMatchObject({ status: 'succeeded', done: 2, chunksDone: 2 });
        expect(Date.parse(job!.expiresAt!)).toBeGreaterThan(Date.now());
        expect(unpackLines((await jobs.chunkResult({ jobId: 'job_c', chunk: 0 }))!)).toEqual(['zero']);
      } finally {
        await jobs.close();
      }
    });

    it('runs at most maxRunning jobs of an organization; another organization is not held back', async () => {
      const jobs = await impl.open();
      try {
        for (const id of ['job_d1', 'job_d2', 'job_d3']) {
          await stored(jobs, id, 'busy', 1);
          await jobs.finishUpload(id, { series: 1, chunks: 1 });
        }
        await stored(jobs, 'job_e', 'calm', 1);
        await jobs.finishUpload('job_e', { series: 1, chunks: 1 });
        const started = await Promise.all(['job_d1', 'job_d2', 'job_d3'].map((id) => jobs.startJob(id, 2)));
        expect(started.filter(Boolean)).toHaveLength(2);
        expect(await jobs.startJob('job_e', 2)).toBe(true);
        const waiting = ['job_d1', 'job_d2', 'job_d3'][started.indexOf(false)];
        expect((await jobs.jobById(waiting))!.status).toBe('queued');
      } finally {
        await jobs.close();
      }
    });

    it('cancels: the record stays, cancelled, its chunks gone; expiry deletes results and keeps the record', async () => {
      const jobs = await impl.open();
      try {
        await stored(jobs, 'job_f');
        await jobs.finishUpload('job_f', { series: 2, chunks: 2 });
        expect(await jobs.cancelJob('job_f', 'other')).toBe(false);
        expect(await jobs.cancelJob('job_f', 'acme')).toBe(true);
        expect(await jobs.getJob('job_f', 'acme')).toMatchObject({ status: 'cancelled', resultsDeleted: true });
        expect(await jobs.chunkInput({ jobId: 'job_f', chunk: 0 })).toBeUndefined();
        expect((await jobs.writeChunkResult({ jobId: 'job_f', chunk: 1 }, result('late'), TTL)).written).toBe(false);

        await stored(jobs, 'job_g', 'acme', 1);
        await jobs.finishUpload('job_g', { series: 1, chunks: 1 });
        await jobs.startJob('job_g', 2);
        await jobs.writeChunkResult({ jobId: 'job_g', chunk: 0 }, result('g'), 1000);
        expect(await jobs.expireResults(new Date(Date.now() + 60_000).toISOString())).toBeGreaterThanOrEqual(1);
        expect(await jobs.getJob('job_g', 'acme')).toMatchObject({ status: 'succeeded', resultsDeleted: true });
        expect(await jobs.chunkResult({ jobId: 'job_g', chunk: 0 })).toBeUndefined();
      } finally {
        await jobs.close();
      }
    });
  });
}
