// Computes a validated batch on the pool and writes the answer as it is ready, in request order:
// a few groups ahead of the writing per worker, no new group and no further piece of the answer
// while the socket's buffer is full (a group's text is written in pieces, so the socket never
// holds more than a piece or two unread however large the answer), nothing new once the caller
// has gone, and an ending the caller can tell from a whole answer when the server stops it. Returns
// only when no group of this batch is still computing, so the caller's running lock covers every series.
import type { ServerResponse } from 'node:http';
import type { ComputePool, GroupOutcome } from '../../compute/pool.js';
import type { Caller } from '../../compute/fair-share.js';
import type { CoreConfig } from '@tempo-forecast/core';
import type { BatchItemBody, BatchRequestBody, BatchStreamFailure } from '../../common/types.js';
import { seasonOptions, writePlan, type CheckedDates, type DatePlan } from '../../dates/index.js';
import { groupSeries } from './groups.js';
import { CHUNK_CHARS, jsonChunks } from '../http/json-chunks.js';
import { skippedItem, type SkippedSeries } from './skip-invalid.js';

export type BatchFormat = 'json' | 'ndjson';

export interface AnswerBatchOptions {
  pool: ComputePool;
  request: BatchRequestBody;
  /** Each series' checked dates, in series order (the batch check's): the future dates are written as each series is. */
  dates: readonly CheckedDates[];
  config: CoreConfig;
  modelName: string;
  format: BatchFormat;
  /** Groups scheduled and not yet written, at most (a few per worker keeps every worker busy without a queue). */
  window: number;
  requestId: string;
  /** Who the batch is for: the pool shares its workers fairly between callers. */
  caller?: Caller;
  /** Called once, right before the first byte: sets status and headers. */
  begin(): void;
  /** Turns a group's failure into what the caller is told; thrown as is while nothing is written yet. */
  failure(err: unknown): { code: string; detail: string };
  /**
   * With on_invalid "skip": the index in the body as sent of each series of `request`, and the
   * series set aside, each answered in its place as an error item.
   */
  skip?: { positions: readonly number[]; skipped: readonly SkippedSeries[] };
  /**
   * What a group of series is computed with (default: their forecasts, pool.forecastGroup) and how
   * each one's outcome is written (default: itemBody); another endpoint over many series (the
   * cross-validation batch) brings its own.
   */
  work?: {
    compute(items: BatchRequestBody['series'], seasons: Array<{ seasonLength?: number; periodHints?: number[] }>): Promise<unknown[]>;
    itemOf(series: BatchRequestBody['series'][number], position: number, outcome: unknown, dates: CheckedDates): object;
    /** the JSON answer's list of items (default "forecasts") */
    listName: string;
  };
  /** Characters per write (default CHUNK_CHARS): a group's text is written in pieces of about this size. */
  chunkChars?: number;
  /**
   * Aborted when the server stops waiting for this answer (its shutdown grace is over): the answer
   * then ends at once as a failure would, with the signal's reason as the failure.
   */
  stop?: AbortSignal;
}

/** How the batch ended: every series answered, the caller gone, or a group failed after the answer began. */
export type BatchOutcome = 'complete' | 'cancelled' | 'failed';

/** One series' answer as the wire carries it, with its future dates when it sent timestamps or the batch a freq. */
export function itemBody(id: string, index: number, outcome: GroupOutcome, dates: DatePlan = { periods: [] }): BatchItemBody {
  if (!outcome.ok) {
    return { id, error: { code: 'REQUEST_INVALID', detail: `the model cannot forecast this series: ${outcome.error.message}`, pointer: `/series/${index}` } };
  }
  const r = outcome.result;
  // a filled series answers per value sent: the dates it added have no place in the answer
  const sent = dates.filled?.positions;
  const back = <T>(xs: T[]) => (sent ? sent.map((k) => xs[k]) : xs);
  return {
    id, forecast: r.forecast, ...(r.intervals ? { intervals: r.intervals } : {}), ...(r.quantiles ? { quantiles: r.quantiles } : {}),
    ...(r.fitted ? { fitted: back(r.fitted) } : {}),
    ...(r.fitted_intervals ? {
      fitted_intervals: Object.fromEntries(Object.entries(r.fitted_intervals).map(([k, b]) => [k, { lower: back(b.lower), upper: back(b.upper) }])),
    } : {}),
    ...(dates.timestamps ? { timestamps: dates.timestamps } : {}), ...(dates.freq ? { freq: dates.freq } : {}),
    method: dates.filled ? { ...r.method, filled: dates.filled.count } : r.method,
  };
}

/** Answers the batch on `res` (see the file comment); throws the failure of a group that fails before anything was written. */
export async function answerBatch(res: ServerResponse, o: AnswerBatchOptions): Promise<BatchOutcome> {
  const { request } = o;
  const chunkChars = o.chunkChars ?? CHUNK_CHARS;
  const groups = groupSeries(request.series.map((s) => s.values.length));
  const done = new Map<number, unknown[] | { failed: unknown }>();
  let next = 0;
  let emitNext = 0;
  let inFlight = 0;
  let begun = false;
  let cancelled = false;
  let failed: { failed: unknown } | null = null;
  let written = 0;
  // the pieces of the group being written, and whether the text written so far stops inside a series' line
  let output: Iterator<string> | null = null;
  let midItem = false;
  // the series set aside, written before the first computed series that came after them in the body
  const skipped = o.skip?.skipped ?? [];
  let nextSkipped = 0;
  const positionOf = (k: number) => o.skip?.positions[k] ?? k;
  function skippedBefore(position: number): string {
    let text = '';
    while (nextSkipped < skipped.length && skipped[nextSkipped].index < position) {
      if (o.format === 'json' && written++ > 0) text += ',';
      text += JSON.stringify(skippedItem(skipped[nextSkipped++]));
      if (o.format === 'ndjson') text += '\n';
    }
    return text;
  }

  let wakeUp: (() => void) | null = null;
  const wake = () => {
    const w = wakeUp;
    wakeUp = null;
    w?.();
  };
  const onClose = () => {
    if (!res.writableFinished) cancelled = true;
    wake();
  };
  res.on('close', onClose);
  res.on('drain', wake);
  // a write racing the socket's end must not become an unhandled 'error'
  const onError = () => { cancelled = true; wake(); };
  res.on('error', onError);
  const onStop = () => {
    failed ??= { failed: o.stop!.reason };
    wake();
  };
  if (o.stop?.aborted) onStop();
  else o.stop?.addEventListener('abort', onStop, { once: true });

  function schedule(g: number): void {
    const { start, end } = groups[g];
    const items = request.series.slice(start, end);
    const seasons = items.map((s, k) => {
      const plan = o.dates[start + k].described;
      const told = s.season_length ?? request.season_length;
      // as on the single forecast, a model's stored season length counts as told ahead of the calendar
      return seasonOptions(plan, told ?? (plan.freq ? o.config.season_length : undefined));
    });
    inFlight += 1;
    const work: Promise<unknown[]> = o.work ? o.work.compute(items, seasons) : o.pool.forecastGroup({
      series: items.map((s) => s.values),
      seasonLengths: seasons.map((x) => x.seasonLength),
      periodHints: seasons.map((x) => x.periodHints),
      horizon: request.horizon,
      level: request.level,
      config: o.config,
      ...(items.some((s) => s.regressors !== undefined) ? { regressors: items.map((s) => s.regressors) } : {}),
      ...(request.quantiles ? { quantiles: request.quantiles } : {}),
      ...(request.fitted === true ? { fitted: true } : {}),
      caller: o.caller,
    });
    work.then((outcomes) => { done.set(g, outcomes); }, (err: unknown) => { done.set(g, { failed: err }); })
      .finally(() => { inFlight -= 1; wake(); });
  }

  function write(text: string): void {
    if (!begun) {
      o.begin();
      begun = true;
      if (o.format === 'json') text = `{"model":${JSON.stringify(o.modelName)},${JSON.stringify(o.work?.listName ?? 'forecasts')}:[` + text;
    }
    res.write(text);
  }

  // the group's text in pieces of about chunkChars: short lines share a piece, a long one is split
  function* pieces(g: number, outcomes: unknown[]): Generator<string> {
    const { start } = groups[g];
    let text = '';
    for (let k = 0; k < outcomes.length; k++) {
      text += skippedBefore(positionOf(start + k));
      const s = request.series[start + k];
      const item = o.work ? o.work.itemOf(s, positionOf(start + k), outcomes[k], o.dates[start + k])
        : itemBody(s.id, positionOf(start + k), outcomes[k] as GroupOutcome, writePlan(o.dates[start + k]));
      if (o.format === 'json' && written++ > 0) text += ',';
      for (const piece of jsonChunks(item, chunkChars)) {
        text += piece;
        if (text.length >= chunkChars) {
          midItem = true;
          yield text;
          text = '';
        }
      }
      if (o.format === 'ndjson') text += '\n';
      midItem = false;
      if (text.length >= chunkChars) {
        yield text;
        text = '';
      }
    }
    if (text !== '') yield text;
  }

  try {
    for (;;) {
      if (!cancelled && failed === null) {
        // a caller that is not reading gets no more bytes queued on its socket (answers that are
        // ready wait here, bounded by the window): the connection guard cuts a socket whose unread
        // bytes pass TEMPO_MAX_UNREAD_BYTES
        while (failed === null && !res.writableNeedDrain) {
          if (output === null) {
            const ready = done.get(emitNext);
            if (ready === undefined) break;
            done.delete(emitNext);
            if ('failed' in ready) {
              failed = ready;
              break;
            }
            output = pieces(emitNext, ready);
            emitNext += 1;
          }
          const piece = output.next();
          if (piece.done) output = null;
          else write(piece.value);
        }
        if (failed === null && output === null && emitNext === groups.length) break;
        // the window counts groups scheduled and not yet written, so answers that are done but wait
        // for an earlier slow group are bounded too
        while (failed === null && next < groups.length && next - emitNext < o.window && !res.writableNeedDrain) schedule(next++);
      }
      if (cancelled || failed !== null) {
        if (failed !== null && !cancelled) {
          // the answer ends now, not once the groups still computing have: the server may be stopping
          if (begun) {
            if (!res.writableEnded && !res.destroyed) endFailed(failed.failed);
          } else if (o.stop?.aborted) {
            throw failed.failed;
          }
        }
        if (inFlight === 0) break;
      }
      await new Promise<void>((resolve) => { wakeUp = resolve; });
    }
    if (failed !== null) {
      if (!begun) throw failed.failed;
      return 'failed';
    }
    if (cancelled) return 'cancelled';
    const rest = skippedBefore(Infinity);
    if (!begun || rest !== '') write(rest);
    res.end(o.format === 'json' ? ']}' : undefined);
    return 'complete';
  } finally {
    res.off('close', onClose);
    res.off('drain', wake);
    res.off('error', onError);
    o.stop?.removeEventListener('abort', onStop);
  }

  // ends an answer that cannot be finished: a line saying why for x-ndjson (after the line being
  // written, so it is a line of its own), a cut connection for JSON (its answer lacks its closing
  // brackets, so no parser takes it for whole)
  function endFailed(err: unknown): void {
    if (o.format === 'ndjson') {
      let rest = '';
      // at most the rest of one series' line, written past the socket's buffer bound once
      while (midItem && output !== null) {
        const piece = output.next();
        if (piece.done) break;
        rest += piece.value;
      }
      const line: BatchStreamFailure = { error: { ...o.failure(err), request_id: o.requestId } };
      res.end(rest + JSON.stringify(line) + '\n');
    } else {
      res.destroy();
    }
  }
}
