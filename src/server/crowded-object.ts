// A request object with a flood of fields is refused before any schema check sees it: ajv, asked for
// every error, spends seconds on an object of a million unknown fields (and a spread of that many
// errors overflows the stack), while no object of any request this API takes has more than a dozen.
import type { FieldError } from '../shared/codes.js';
import { isObject } from '../shared/is-object.js';

/** More fields than any object of any request body has; an object past it is refused whole. */
export const MAX_OBJECT_FIELDS = 100;

/** Whether `value` is an object with more than MAX_OBJECT_FIELDS own fields; stops counting there. */
export function crowded(value: unknown): boolean {
  if (!isObject(value)) return false;
  let n = 0;
  for (const k in value) {
    if (Object.prototype.hasOwnProperty.call(value, k) && ++n > MAX_OBJECT_FIELDS) return true;
  }
  return false;
}

/** The error for a crowded object at JSON pointer `at` (names no field: any may be a pasted secret). */
export function crowdedError(at: string): FieldError {
  return {
    pointer: at,
    detail: `${at === '' ? 'the body' : at.slice(1)} has more than ${MAX_OBJECT_FIELDS} fields; no object in a request has that many: remove the unknown ones`,
  };
}

/**
 * The first crowded object in `value` (depth first, through objects and arrays) as an error at its
 * pointer under `at`, or null. Visits every element of every array, so it is for bodies of bounded
 * size (a single forecast's); the sliced routes check their objects one at a time with `crowded`.
 */
export function firstCrowded(value: unknown, at = ''): FieldError | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v !== null && typeof v === 'object') {
        const found = firstCrowded(v, `${at}/${i}`);
        if (found !== null) return found;
      }
    }
    return null;
  }
  if (!isObject(value)) return null;
  if (crowded(value)) return crowdedError(at);
  for (const k of Object.keys(value)) {
    const v = value[k];
    if (v !== null && typeof v === 'object') {
      const found = firstCrowded(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found !== null) return found;
    }
  }
  return null;
}
