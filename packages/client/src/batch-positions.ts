// forecastMany sends the caller's series in batches; the server points into the batch it was sent.
// This moves its pointers and messages to the caller's whole input, and names the series by id.
import type { FieldError, ProblemBody } from '../../../src/common/codes.js';
import { RequestInvalidError } from './errors/request-invalid-error.js';
import type { BatchItem } from './types.js';

const UNDER_SERIES = /^\/series\/(0|[1-9][0-9]*)(?=\/|$)/;
const LABEL = /\bseries\/(0|[1-9][0-9]*)(?=\/|\b)/g;

const moveLabels = (text: string, offset: number) => text.replace(LABEL, (_, k: string) => `series/${Number(k) + offset}`);
const movePointer = (pointer: string, offset: number) => pointer.replace(UNDER_SERIES, (_, k: string) => `/series/${Number(k) + offset}`);

/** `item` of a batch whose first series is number `offset` of the caller's input, its error's pointers and message counted from the input's start. */
export function itemRelativeToInput(item: BatchItem, offset: number): BatchItem {
  if (!('error' in item) || offset === 0) return item;
  const e = item.error;
  return {
    id: item.id,
    error: {
      ...e, detail: moveLabels(e.detail, offset), pointer: movePointer(e.pointer, offset),
      ...(e.errors ? { errors: e.errors.map((x) => ({ ...x, pointer: movePointer(x.pointer, offset), detail: moveLabels(x.detail, offset) })) } : {}),
    },
  };
}

/**
 * `err` (a refusal of a batch whose first series is number `offset` of the caller's input, and whose
 * series had `ids`) with every pointer and message moved by `offset` and each problem under a series
 * given that series' id; the same class, status, headers and request id.
 */
export function relativeToInput(err: RequestInvalidError, offset: number, ids: readonly string[]): RequestInvalidError {
  const shift = (text: string) => moveLabels(text, offset);
  const errors: FieldError[] = err.errors.map((e) => {
    const m = UNDER_SERIES.exec(e.pointer);
    if (m === null) return e;
    const k = Number(m[1]);
    const id = ids[k];
    return { pointer: e.pointer.replace(UNDER_SERIES, `/series/${k + offset}`), detail: shift(e.detail), ...(id !== undefined ? { id } : {}) };
  });
  const first = errors.find((e) => e.id !== undefined);
  const detail = err.detail === undefined ? undefined
    : shift(err.detail).replace(/ \(series id "(?:[^"\\]|\\.)*"\)/, '') + (first ? ` (series id ${JSON.stringify(first.id)})` : '');
  const body = typeof err.body === 'object' && err.body !== null ? { ...err.body, errors, ...(detail !== undefined ? { detail } : {}) } as Partial<ProblemBody> : err.body;
  const moved = new RequestInvalidError({
    status: err.status, code: err.code, detail, title: typeof err.body === 'object' ? err.body?.title : undefined, requestId: err.requestId,
    headers: err.headers, body, rateLimit: err.rateLimit, retryAfter: err.retryAfter,
  });
  moved.attempts = err.attempts;
  return moved;
}
