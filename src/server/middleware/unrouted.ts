// What the router leaves unanswered: unknown paths (404) and wrong methods (405 with Allow), as
// thrown ApiErrors so they get problem+json from the boundary like everything else.
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

/** Place before the router (and its allowedMethods), so it sees the status they leave behind. */
export function unrouted(): Middleware {
  return async (ctx, next) => {
    await next();
    // 501 is the router's answer to a method it has never heard of: still a wrong method here
    if (ctx.status === 405 || ctx.status === 501) {
      const allow = ctx.response.get('Allow');
      throw new ApiError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here; use ${allow || 'another method'}`,
        { headers: { Allow: allow } });
    }
    if (ctx.status === 404 && ctx.body == null) {
      throw new ApiError('NOT_FOUND', 'no such endpoint; GET /openapi.json lists the paths this server answers');
    }
  };
}
