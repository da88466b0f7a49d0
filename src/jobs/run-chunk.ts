// Runs one chunk: reads its input, forecasts its series on the compute pool (worker threads: the
// thread that runs this stays free to answer requests and renew queue locks) in groups of a few,
// and writes its result once. Refusals and the core's per-series failures become answer items in
// their place and count as failed.
import type { ComputePool } from '../compute/pool.js';
import type { Caller } from '../compute/fair-share.js';
import type { CoreConfig } from '@tempo-forecast/core';
import { seasonOptions, writePlan, type CheckedDates, type DatePlan } from '../dates/index.js';
import { checkedDates } from '../server/request-dates.js';
import { itemBody } from '../server/batch/answer-batch.js';
import { groupSeries } from '../server/batch/groups.js';
import type { BatchSeriesBody } from '../common/types.js';
import { isRefused, packLines, unpackInput, type StoredSeries } from './chunk-lines.js';
import type { JobStore } from './store.js';
import type { ChunkRef, JobRecord, JobSeriesError } from './types.js';

/** Groups of a chunk computing at once. */
const GROUPS_IN_FLIGHT = 8;

/** What running a chunk needs. */
export interface ChunkRun {
  jobs: JobStore;
  pool: ComputePool;
  job: JobRecord;
  ref: ChunkRef;
  resultsTtlMs: number;
  /** Asked between groups: true stops the chunk (the job was cancelled). */
  stopped?: () => boolean;
}

/** How a chunk ended: its result written now, already written by an earlier delivery, or not wanted (job cancelled or gone). */
export type ChunkOutcome = { kind: 'written'; series: number; jobStatus?: string } | { kind: 'duplicate' } | { kind: 'gone' };

/** Runs the chunk (see the file comment); rejects when the pool fails a whole group (the queue retries the chunk). */
export async function runChunk(r: ChunkRun): Promise<ChunkOutcome> {
  const input = await r.jobs.chunkInput(r.ref);
  if (input === undefined) {
    const job = await r.jobs.jobById(r.ref.jobId);
    return job !== undefined && (job.status === 'queued' || job.status === 'running') ? { kind: 'duplicate' } : { kind: 'gone' };
  }
  const p = r.job.params;
  const lines = unpackInput(input.input);
  const answers: string[] = new Array(lines.length);
  const errors: JobSeriesError[] = [];
  let failed = 0;
  const work: Array<{ at: number; s: StoredSeries; dates: CheckedDates; plan?: DatePlan }> = [];
  lines.forEach((line, k) => {
    if (isRefused(line)) {
      answers[k] = JSON.stringify(line);
      errors.push({ index: input.firstSeries + k, id: line.id, code: line.error.code, detail: line.error.detail });
      failed += 1;
      return;
    }
    if (line.plan !== undefined) {
      const { timestamps: _, ...described } = line.plan;
      work.push({ at: k, s: line, dates: { described }, plan: line.plan });
      return;
    }
    // stored before plans were: checked at upload, planned here, where the future dates are written
    const { checked } = checkedDates({ timestamps: line.timestamps, freq: p.freq, length: line.values.length, horizon: p.horizon }, '');
    work.push({ at: k, s: line, dates: checked ?? { described: { periods: [] } } });
  });
  const config = p.modelConfig as CoreConfig;
  const caller: Caller = { organization: r.job.organizationId, key: `job:${r.job.id}` };
  const groups = groupSeries(work.map((w) => w.s.values.length));
  let stopped = false;
  // a few groups in flight (enough to keep every worker thread busy); each asks before it starts
  // whether the job is still wanted, so a cancelled chunk stops within a group or two
  let next = 0;
  const runGroup = async ({ start, end }: { start: number; end: number }) => {
    const items = work.slice(start, end);
    const seasons = items.map((w) => {
      const plan = w.dates.described;
      const told = w.s.season_length ?? p.season_length;
      return seasonOptions(plan, told ?? (plan.freq ? config.season_length as number | undefined : undefined));
    });
    const outcomes = await r.pool.forecastGroup({
      series: items.map((w) => w.s.values),
      seasonLengths: seasons.map((x) => x.seasonLength),
      periodHints: seasons.map((x) => x.periodHints),
      horizon: p.horizon,
      level: p.level,
      config,
      ...(items.some((w) => w.s.regressors !== undefined) ? { regressors: items.map((w) => w.s.regressors) } : {}),
      ...(p.quantiles ? { quantiles: p.quantiles } : {}),
      ...(p.fitted ? { fitted: true } : {}),
      caller,
    });
    outcomes.forEach((o, j) => {
      const w = items[j];
      const index = input.firstSeries + w.at;
      const item = itemBody(w.s.id, index, o, w.plan ?? writePlan(w.dates));
      if (o.ok && p.fitted && o.result.fitted) {
        Object.assign(item, { fitted: o.result.fitted, ...(o.result.fitted_intervals ? { fitted_intervals: o.result.fitted_intervals } : {}) });
      }
      if ('error' in item) {
        failed += 1;
        errors.push({ index, id: w.s.id, code: item.error.code, detail: item.error.detail });
      }
      answers[w.at] = JSON.stringify(item);
    });
  };
  await Promise.all(Array.from({ length: Math.min(GROUPS_IN_FLIGHT, groups.length) }, async () => {
    while (next < groups.length && !stopped) {
      if (r.stopped?.() === true) {
        stopped = true;
        return;
      }
      await runGroup(groups[next++]);
    }
  }));
  if (stopped) return { kind: 'gone' };
  const written = await r.jobs.writeChunkResult(r.ref, {
    result: packLines(answers), done: lines.length - failed, failed, errors,
  }, r.resultsTtlMs);
  if (!written.written) return written.status === 'queued' || written.status === 'running' || written.status === 'succeeded' ? { kind: 'duplicate' } : { kind: 'gone' };
  return { kind: 'written', series: lines.length, jobStatus: written.status };
}
