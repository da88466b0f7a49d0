// The one body step of every route that takes a body: read it within the bounds its schema implies
// (the pre-scan's depth, values in all, longest array, most members), parse it, check it with the
// one validator, and hand the accepted request to the route. A refusal is REQUEST_INVALID with the
// pointers the one formatter writes.
import type { DefaultState, Middleware } from 'koa';
import { readJsonBody, type JsonBodyLimits, type JsonBodyWords } from '../body/json-body.js';
import { invalidRequest } from '../errors.js';
import { checkAtOnce, checkInSlices, errorListFor, type CompiledRequest } from '../validation/request-check.js';
import { withSeriesIds } from '../validation/series-ids.js';

/** The deepest JSON a body is read to: the deepest request body nests 5 levels, with room to spare. */
export const MAX_BODY_DEPTH = 8;
/** Values a body may hold beyond the most its schema allows: a repeated member name is still JSON. */
const SPARE_VALUES = 64;
/** Characters a body read in slices may hold outside its lists: its other fields, written any way JSON allows, and room to spare. */
const OUTSIDE_CHARS = 64 * 1024;
const CHARS_PER_VALUE = 64;

/** The reading bounds of `request`'s bodies. */
export function bodyLimits(request: CompiledRequest<unknown>): JsonBodyLimits {
  if (request.reading === undefined) throw new Error('a request without a body has no body limits');
  return {
    maxBytes: request.reading.maxBytes,
    maxDepth: MAX_BODY_DEPTH,
    maxElements: request.mostValues + SPARE_VALUES,
    maxArrayElements: request.longestArray,
    ...(request.reading.inSlices === true
      ? { inSlices: { split: request.lists, maxOutside: OUTSIDE_CHARS + CHARS_PER_VALUE * request.mostValuesOutside } }
      : {}),
  };
}

/** The words a body's reader refuses a container with (the one formatter's). */
export function bodyWords(request: CompiledRequest<unknown>): JsonBodyWords {
  return {
    rule: request.root.rule,
    container: (refusal) => {
      const list = errorListFor(request);
      list.tooLarge(refusal.reason, refusal.at, request.longestArray);
      return invalidRequest(list.errors);
    },
  };
}

/** Reads and checks the body as `request` says, then `into` puts the accepted request on ctx.state; 400/413/415 REQUEST_INVALID otherwise. */
export function requestBody<A>(request: CompiledRequest<A>, into: (state: DefaultState, accepted: A) => void): Middleware {
  const limits = bodyLimits(request);
  const words = bodyWords(request);
  return async (ctx, next) => {
    const body = await readJsonBody(ctx, limits, words);
    // a body small enough to parse at once is checked at once: no promise turn on the common path
    const checked = limits.inSlices === undefined ? checkAtOnce(request, body) : await checkInSlices(request, body);
    if (checked.accepted === undefined) throw invalidRequest(withSeriesIds(checked.errors, body));
    into(ctx.state, checked.accepted);
    await next();
  };
}
