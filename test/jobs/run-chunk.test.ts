// A chunk's lines as the upload stores them (the date plan in place of the timestamps) and as an
// earlier version stored them (the timestamps, planned when the chunk runs) give the same answers.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteJobStore } from '../../src/jobs/sqlite-store.js';
import { packLines, unpackLines } from '../../src/jobs/chunk-lines.js';
import { runChunk } from '../../src/jobs/run-chunk.js';
import { checkDates, writePlan } from '../../src/dates/index.js';
import { sharedPool } from '../support/shared-pool.js';
import { monthlySeries } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tempo-runchunk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runChunk', () => {
  it('answers a line stored with its plan exactly as one stored with its timestamps', async () => {
    const jobs = await openSqliteJobStore(join(dir, 'tempo.db'));
    try {
      const horizon = 4;
      const series = monthlySeries(6);
      const old = series.map((s) => JSON.stringify(s));
      const planned = series.map(({ timestamps, ...rest }) => {
        const plan = writePlan(checkDates({ timestamps, length: rest.values.length, horizon }));
        expect(plan.timestamps).toHaveLength(horizon);
        return JSON.stringify({ ...rest, plan });
      });
      // the stored line is the smaller by its timestamps
      expect(planned.join('').length).toBeLessThan(old.join('').length * 0.7);
      await jobs.createJob({ id: 'job_plan', organizationId: 'acme', keyId: 'k', model: 'tempo', params: { horizon, modelConfig: {} } });
      await jobs.addChunk('job_plan', 0, { firstSeries: 0, series: 6, input: packLines(old) }, 6);
      await jobs.addChunk('job_plan', 1, { firstSeries: 6, series: 6, input: packLines(planned) }, 6);
      const job = await jobs.finishUpload('job_plan', { series: 12, chunks: 2 });
      expect(await jobs.startJob('job_plan', 10)).toBe(true);
      const pool = sharedPool(10_000);
      for (const chunk of [0, 1]) {
        expect(await runChunk({ jobs, pool, job, ref: { jobId: 'job_plan', chunk }, resultsTtlMs: 60_000 })).toMatchObject({ kind: 'written', series: 6 });
      }
      const [first, second] = await Promise.all([0, 1].map(async (chunk) => {
        const packed = await jobs.chunkResult({ jobId: 'job_plan', chunk });
        return unpackLines(packed!).map((l) => JSON.parse(l) as { index: number; timestamps?: string[] });
      }));
      expect(second.map(({ index, ...rest }) => rest)).toEqual(first.map(({ index, ...rest }) => rest));
      expect(first[0].timestamps).toEqual(['2017-01-01', '2017-02-01', '2017-03-01', '2017-04-01']);
    } finally {
      await jobs.close();
    }
  });
});
