// `on_invalid: "skip"` on a batch: each series is checked on its own (the batch's shared fields with
// that series alone, by the same one validator), so an invalid series is set aside with every
// problem it has and the rest are forecast. A problem outside the series (horizon, level, freq)
// still refuses the whole batch: no series could be forecast as asked.
import type { FieldError } from '../../common/codes.js';
import { isObject } from '../../common/is-object.js';
import type { Steps } from '../../common/steps.js';
import type { CheckedDates } from '../../dates/index.js';
import type { BatchRequestBody, BatchSeriesBody } from '../../common/types.js';
import { checkSteps, type CompiledRequest } from '../validation/request-check.js';
import { MAX_FIELD_ERRORS } from '../validation/field-errors.js';

/** A series set aside: where it was in the request, its id (null when it had no string id) and its problems. */
export interface SkippedSeries {
  index: number;
  id: string | null;
  errors: FieldError[];
}

/** A batch checked series by series: the request of its valid series, their dates and positions in the request, and those set aside. */
export interface SplitBatch {
  request: BatchRequestBody;
  dates: CheckedDates[];
  /** for each series of `request`, its index in the body as sent */
  positions: number[];
  skipped: SkippedSeries[];
}

/** What the check of a batch in skip mode finds: the split, or the problems that refuse the whole batch. */
export type SplitOutcome = { split: SplitBatch; errors?: undefined } | { errors: FieldError[]; split?: undefined };

const UNDER_SERIES = /^\/series\/0(?=\/|$)/;
const LABEL = /\bseries\/0(?=\/|\b)/g;

// a problem found in the one-series batch, moved to where the series was in the body as sent
function moved(e: FieldError, index: number): FieldError {
  return { pointer: e.pointer.replace(UNDER_SERIES, `/series/${index}`), detail: e.detail.replace(LABEL, `series/${index}`) };
}

/**
 * Checks `body` (an object whose `series` is an array of 1 to the batch's most series) series by
 * series against `request`, as steps: a series with a problem is set aside (a second series with an
 * id already taken too: the first keeps it), the others are accepted as the batch check accepts them;
 * more than `maxValues` values in the accepted series refuse the batch, as they do without skip.
 */
export function* splitInvalid(request: CompiledRequest<{ request: BatchRequestBody; dates: CheckedDates[] }>, body: Record<string, unknown> & { series: unknown[] },
  maxValues: number): Steps<SplitOutcome> {
  const envelope = { ...body };
  const kept: BatchSeriesBody[] = [];
  const dates: CheckedDates[] = [];
  const positions: number[] = [];
  const skipped: SkippedSeries[] = [];
  const firstIndexOf = new Map<string, number>();
  for (let i = 0; i < body.series.length; i++) {
    if (i > 0) yield;
    const s = body.series[i];
    const id = isObject(s) && typeof s.id === 'string' ? s.id : null;
    const first = id === null ? undefined : firstIndexOf.get(id);
    if (first !== undefined) {
      skipped.push({ index: i, id, errors: [{ pointer: `/series/${i}/id`, detail: `series/${i}/id repeats the id of series/${first}; ids must be unique within a batch` }] });
      continue;
    }
    const checked = yield* checkSteps(request, { ...envelope, series: [s] });
    if (checked.accepted !== undefined) {
      if (id !== null) firstIndexOf.set(id, i);
      kept.push(checked.accepted.request.series[0]);
      dates.push(checked.accepted.dates[0]);
      positions.push(i);
      continue;
    }
    const outside = checked.errors.filter((e) => !UNDER_SERIES.test(e.pointer));
    if (outside.length > 0) return { errors: outside };
    if (id !== null) firstIndexOf.set(id, i);
    skipped.push({ index: i, id, errors: checked.errors.slice(0, MAX_FIELD_ERRORS).map((e) => moved(e, i)) });
  }
  let values = 0;
  for (const k of kept) {
    values += k.values.length;
    for (const col of Object.values(k.regressors ?? {})) values += col.length;
  }
  if (values > maxValues) {
    return { errors: [{ pointer: '/series', detail: `the batch holds ${values} values in all (regressors' included); at most ${maxValues} are allowed, so split it into smaller batches` }] };
  }
  return { split: { request: { ...(body as unknown as BatchRequestBody), series: kept }, dates, positions, skipped } };
}

/** The answer's item for a series set aside: its id, and its first problem with every one listed in `errors`. */
export function skippedItem(s: SkippedSeries): { id: string | null; error: { code: 'REQUEST_INVALID'; detail: string; pointer: string; errors: FieldError[] } } {
  const [first] = s.errors;
  const more = s.errors.length > 1 ? ` (${s.errors.length - 1} more problem${s.errors.length > 2 ? 's' : ''} in errors)` : '';
  return { id: s.id, error: { code: 'REQUEST_INVALID', detail: first.detail + more, pointer: first.pointer, errors: s.errors } };
}

/** Whether a parsed batch body has a series list the split can walk (any other body takes the whole check, which refuses what it must). */
export function splittable(body: unknown, maxSeries: number): body is Record<string, unknown> & { series: unknown[] } {
  return isObject(body) && Array.isArray(body.series) && body.series.length >= 1 && body.series.length <= maxSeries;
}
