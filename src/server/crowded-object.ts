// A request object with a flood of fields is refused before anything else looks at it: JSON.parse
// holds the event loop about 2 s per million members, and ajv, asked for every error, spends seconds
// on an object of a million unknown fields, while no object of any request this API takes has more
// than a dozen. The body pre-scan counts the members of every object as the bytes arrive; the
// request check counts them again for a body that did not come over HTTP (a file the CLI reads).
import type { FieldError } from '../common/codes.js';
import { isObject } from '../common/is-object.js';

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
