// The jobs card's pure parts under Node: the progress in words and when results can still be read.
import { describe, it, expect } from 'vitest';
import { jobActive, jobProgressText, resultsKept, shortTime } from '../../src/web/jobs.js';
import type { JobBody } from '../../src/common/job-types.js';

const job = (over: Partial<JobBody>): JobBody => ({
  id: 'job_1', model: 'tempo', status: 'running', progress: { series: 5000, done: 1200, failed: 0 },
  created_at: '2026-11-26T18:40:02.114Z', errors: [], errors_total: 0, ...over,
});

describe('the jobs card', () => {
  it('says the progress in words, the failed counted in the share done', () => {
    expect(jobProgressText(job({}))).toBe('1,200 of 5,000 series (24%)');
    expect(jobProgressText(job({ progress: { series: 10, done: 6, failed: 3 } }))).toBe('6 of 10 series (90%), 3 failed');
    expect(jobProgressText(job({ status: 'queued', progress: { series: 0, done: 0, failed: 0 } }))).toBe('waiting');
  });

  it('offers results only for a succeeded job whose results are kept, and looks again only at jobs that can change', () => {
    const now = Date.parse('2026-11-27T00:00:00Z');
    expect(resultsKept(job({ status: 'succeeded', expires_at: '2026-12-03T00:00:00Z' }), now)).toBe(true);
    expect(resultsKept(job({ status: 'succeeded', expires_at: '2026-11-26T00:00:00Z' }), now)).toBe(false);
    expect(resultsKept(job({ status: 'succeeded' }), now)).toBe(true);
    expect(resultsKept(job({ status: 'cancelled' }), now)).toBe(false);
    expect(['queued', 'running', 'succeeded', 'failed', 'cancelled'].map((s) => jobActive(job({ status: s as JobBody['status'] })))).toEqual([true, true, false, false, false]);
  });

  it('writes times the same for every viewer', () => {
    expect(shortTime('2026-11-26T18:40:02.114Z')).toBe('2026-11-26 18:40 UTC');
    expect(shortTime('not a time')).toBe('not a time');
  });
});
