// Computes a validated batch on the pool and writes the answer as it is ready, in request order:
// a few groups ahead of the writing per worker, no new group while the socket's buffer is full, nothing new
// once the caller has gone. Returns only when no group of this batch is still computing, so the
// caller's running lock covers every series.
import type { ServerResponse } from 'node:http';
import type { ComputePool, GroupOutcome } from '../../compute/pool.js';
import type { CoreConfig } from '../../core/index.js';
import type { BatchItemBody, BatchRequestBody, BatchStreamFailure } from '../../shared/types.js';
import { seasonOptions, writePlan, type CheckedDates, type DatePlan } from '../../dates/index.js';
import { groupSeries } from './groups.js';

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
  /** Called once, right before the first byte: sets status and headers. */
  begin(): void;
  /** Turns a group's failure into what the caller is told; thrown as is while nothing is written yet. */
  failure(err: unknown): { code: string; detail: string };
}

/** How the batch ended: every series answered, the caller gone, or a group failed after the answer began. */
export type BatchOutcome = 'complete' | 'cancelled' | 'failed';

/** One series' answer as the wire carries it, with its future dates when it sent timestamps or the batch a freq. */
export function itemBody(id: string, index: number, outcome: GroupOutcome, dates: DatePlan = { periods: [] }): BatchItemBody {
  if (!outcome.ok) {
    return { id, error: { code: 'REQUEST_INVALID', detail: `the model cannot forecast this series: ${outcome.error.message}`, pointer: `/series/${index}` } };
  }
  const r = outcome.result;
  return {
    id, forecast: r.forecast, ...(r.intervals ? { intervals: r.intervals } : {}), ...(r.quantiles ? { quantiles: r.quantiles } : {}),
    ...(dates.timestamps ? { timestamps: dates.timestamps } : {}), ...(dates.freq ? { freq: dates.freq } : {}), method: r.method,
  };
}

/** Answers the batch on `res` (see the file comment); throws the failure of a group that fails before anything was written. */
export async function answerBatch(res: ServerResponse, o: AnswerBatchOptions): Promise<BatchOutcome> {
  const { request } = o;
  const groups = groupSeries(request.series.map((s) => s.values.length));
  const done = new Map<number, GroupOutcome[] | { failed: unknown }>();
  let next = 0;
  let emitNext = 0;
  let inFlight = 0;
  let begun = false;
  let cancelled = false;
  let failed: { failed: unknown } | null = null;
  let written = 0;

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
    o.pool.forecastGroup({
      series: items.map((s) => s.values),
      seasonLengths: seasons.map((x) => x.seasonLength),
      periodHints: seasons.map((x) => x.periodHints),
      horizon: request.horizon,
      level: request.level,
      config: o.config,
      ...(items.some((s) => s.regressors !== undefined) ? { regressors: items.map((s) => s.regressors) } : {}),
      ...(request.quantiles ? { quantiles: request.quantiles } : {}),
    }).then((outcomes) => { done.set(g, outcomes); }, (err: unknown) => { done.set(g, { failed: err }); })
      .finally(() => { inFlight -= 1; wake(); });
  }

  function write(text: string): void {
    if (!begun) {
      o.begin();
      begun = true;
      if (o.format === 'json') text = `{"model":${JSON.stringify(o.modelName)},"forecasts":[` + text;
    }
    res.write(text);
  }

  function emit(g: number, outcomes: GroupOutcome[]): void {
    const { start } = groups[g];
    let text = '';
    for (let k = 0; k < outcomes.length; k++) {
      const line = JSON.stringify(itemBody(request.series[start + k].id, start + k, outcomes[k], writePlan(o.dates[start + k])));
      if (o.format === 'ndjson') text += line + '\n';
      else text += (written++ > 0 ? ',' : '') + line;
    }
    write(text);
  }

  try {
    for (;;) {
      if (!cancelled && failed === null) {
        let ready = done.get(emitNext);
        // a caller that is not reading gets no more bytes queued on its socket (answers that are
        // ready wait here, bounded by the window): the connection guard cuts a socket whose unread
        // bytes pass TEMPO_MAX_UNREAD_BYTES, which several groups written at once could exceed
        while (ready !== undefined && failed === null && !res.writableNeedDrain) {
          done.delete(emitNext);
          if ('failed' in ready) failed = ready;
          else {
            emit(emitNext, ready);
            emitNext += 1;
            ready = done.get(emitNext);
          }
        }
        if (failed === null && emitNext === groups.length) break;
        // the window counts groups scheduled and not yet written, so answers that are done but wait
        // for an earlier slow group are bounded too
        while (failed === null && next < groups.length && next - emitNext < o.window && !res.writableNeedDrain) schedule(next++);
      }
      if ((cancelled || failed !== null) && inFlight === 0) break;
      await new Promise<void>((resolve) => { wakeUp = resolve; });
    }
    if (cancelled) return 'cancelled';
    if (failed !== null) {
      if (!begun) throw failed.failed;
      if (o.format === 'ndjson') {
        const line: BatchStreamFailure = { error: { ...o.failure(failed.failed), request_id: o.requestId } };
        res.end(JSON.stringify(line) + '\n');
      } else {
        // a JSON answer cut short is the one signal a JSON reader cannot mistake for a whole answer
        res.destroy();
      }
      return 'failed';
    }
    if (!begun) write('');
    res.end(o.format === 'json' ? ']}' : undefined);
    return 'complete';
  } finally {
    res.off('close', onClose);
    res.off('drain', wake);
    res.off('error', onError);
  }
}
