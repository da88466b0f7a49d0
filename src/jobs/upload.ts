// Accepts a job's upload: each series, as it arrives, is checked by the batch's own check (as a
// batch of one, with the job's shared fields) and stored in its chunk once the chunk is full, so
// the accepting instance holds one chunk at a time. With on_invalid=fail the first invalid series
// refuses the job (the caller removes what was stored: nothing is queued); with skip it is kept
// in its place as a refusal.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FieldError } from '../common/codes.js';
import type { BatchSeriesBody } from '../common/types.js';
import { isObject } from '../common/is-object.js';
import { IdSet } from './id-set.js';
import type { AcceptedBatch } from '../server/schemas/batch-request.js';
import { checkAtOnce, type CompiledRequest } from '../server/validation/request-check.js';
import { ApiError, invalidRequest } from '../server/errors.js';
import { MAX_ID_LENGTH } from '../server/schemas/fields.js';
import { ChunkPlanner, seriesCost, type PlannedChunk } from './plan-chunks.js';
import { packable, packInput, type RefusedLine, type StoredSeries } from './chunk-lines.js';
import { writePlan, type DatePlan } from '../dates/index.js';
import type { UploadedSeries } from './upload-series.js';
import type { JobStore } from './store.js';
import type { JobParams } from './types.js';

/** Longest stretch of checking between two turns of the event loop. */
const TURN_MS = 5;

/** What storing an upload needs. */
export interface UploadRun {
  jobs: JobStore;
  jobId: string;
  params: JobParams;
  onInvalid: 'fail' | 'skip';
  /** the batch body's check */
  batch: CompiledRequest<AcceptedBatch>;
  maxSeries: number;
  chunkCost: number;
  /** the ids seen so far (shared with a CSV reader, which refuses a series whose rows come back later); one is made when absent */
  seen?: IdSet;
}

/** Checks and stores every series of `series`; resolves with the counts, or throws REQUEST_INVALID (see the file comment). */
export async function storeUpload(series: AsyncIterable<UploadedSeries> | Iterable<UploadedSeries>, r: UploadRun): Promise<{ series: number; chunks: number }> {
  const planner = new ChunkPlanner(r.chunkCost);
  const ids = r.seen ?? new IdSet();
  const p = r.params;
  const shared = {
    horizon: p.horizon,
    ...(p.level ? { level: p.level } : {}),
    ...(p.quantiles ? { quantiles: p.quantiles } : {}),
    ...(p.freq ? { freq: p.freq } : {}),
    ...(p.season_length ? { season_length: p.season_length } : {}),
    ...(p.holidays ? { holidays: p.holidays } : {}),
  };
  const store = async (chunk: PlannedChunk | undefined) => {
    if (chunk === undefined) return;
    await r.jobs.addChunk(r.jobId, chunk.index, { firstSeries: chunk.firstSeries, series: chunk.lines.length, input: packInput(chunk.lines) }, chunk.cost);
  };
  let i = 0;
  // checking is the accepting instance's one piece of work on its event loop: a turn for other
  // requests every few milliseconds of it, whatever the upload's form
  let lastTurn = performance.now();
  for await (const up of series) {
    if (performance.now() - lastTurn > TURN_MS) {
      await nextTurn();
      lastTurn = performance.now();
    }
    if (i >= r.maxSeries) {
      throw new ApiError('REQUEST_INVALID', `the job holds more than ${r.maxSeries} series; split it into several jobs`, { status: 413 });
    }
    const at = `/series/${i}`;
    let errors: FieldError[];
    let accepted: { s: StoredSeries; periods: number[] } | undefined;
    if (up.refusal !== undefined) {
      errors = [up.refusal];
    } else {
      const checked = checkAtOnce(r.batch, { ...shared, series: [up.body] });
      errors = checked.errors.map((e) => relocate(e, at, up));
      if (checked.accepted !== undefined) {
        const s = checked.accepted.request.series[0];
        if (ids.has(s.id)) errors = [{ pointer: `${at}/id`, detail: `${at.slice(1)}/id repeats the id of an earlier series; ids must be unique within a job` }];
        else {
          const dates = checked.accepted.dates[0];
          accepted = { s: dates === undefined ? s : storedWithPlan(s, writePlan(dates)), periods: dates?.described.periods ?? [] };
        }
      }
    }
    if (accepted !== undefined) {
      ids.add(accepted.s.id);
      await store(planner.add(packable(accepted.s), seriesCost(accepted.s.values.length, accepted.periods, accepted.s.season_length ?? p.season_length)));
    } else {
      if (r.onInvalid === 'fail') throw invalidRequest(errors);
      const refused: RefusedLine = { id: idOf(up.body, i), error: { code: 'REQUEST_INVALID', detail: errors[0].detail, pointer: errors[0].pointer } };
      // a refused series' id is taken too: a later series of that id is a repeat, not a second chance
      if (!refused.id.startsWith('#')) ids.add(refused.id);
      await store(planner.add(packable(refused), 1));
    }
    i += 1;
  }
  await store(planner.flush());
  if (i === 0) throw new ApiError('REQUEST_INVALID', 'the job holds no series: send at least one', { errors: [{ pointer: '/series', detail: 'no series' }] });
  return { series: i, chunks: planner.chunks };
}

// a batch-of-one pointer (/series/0/values/3) moved to the series' place in the job, or to its CSV line
function relocate(e: FieldError, at: string, up: UploadedSeries): FieldError {
  if (!e.pointer.startsWith('/series/0')) return e;
  const rest = e.pointer.slice('/series/0'.length);
  const place = up.place(rest);
  const detail = e.detail.replace(/^series\/0/, at.slice(1));
  return place === undefined ? { pointer: at + rest, detail } : { pointer: place, detail: `${place}: ${detail}` };
}

// the series with its plan in place of its timestamps (see StoredSeries)
function storedWithPlan(s: BatchSeriesBody, plan: DatePlan): StoredSeries {
  const { timestamps: _, ...rest } = s;
  return { ...rest, plan };
}

function idOf(body: unknown, i: number): string {
  const id = isObject(body) ? body.id : undefined;
  return typeof id === 'string' && id.length >= 1 && id.length <= MAX_ID_LENGTH ? id : `#${i}`;
}
