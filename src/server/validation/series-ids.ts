// Which series a refusal is about, by the id the caller knows it by: a pointer into a list of named
// series (a batch's /series/17/…, a tuning's /training/series/17/…) gets that series' id beside it.
import { mayRepeat } from '../../common/caller-text.js';
import type { FieldError } from '../../common/codes.js';
import { isObject } from '../../common/is-object.js';

const SERIES_POINTER = /^((?:\/training)?\/series)\/(0|[1-9][0-9]*)(?:\/|$)/;

/** The id of the series at `index` of `list` (a body's series array), when it is a string the caller-text rule lets an answer repeat. */
export function repeatableId(list: unknown, index: number): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const s: unknown = list[index];
  if (!isObject(s) || typeof s.id !== 'string') return undefined;
  return mayRepeat(s.id) ? s.id : undefined;
}

/** `errors` with each one under a named series given that series' `id` (see repeatableId); the others as they were. */
export function withSeriesIds(errors: readonly FieldError[], body: unknown): FieldError[] {
  if (!isObject(body)) return [...errors];
  return errors.map((e) => {
    const m = SERIES_POINTER.exec(e.pointer);
    if (m === null) return e;
    const list = m[1] === '/series' ? body.series : isObject(body.training) ? body.training.series : undefined;
    const id = repeatableId(list, Number(m[2]));
    return id === undefined ? e : { ...e, id };
  });
}
