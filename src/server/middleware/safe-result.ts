// Never a 200 with a broken number: a computed answer that fails the result check becomes a
// REQUEST_INVALID saying what to change, instead of nulls or crossed bounds on the wire.
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';
import { resultProblem } from '../result-check.js';

/** Checks the body the handlers below set; place directly in front of a computing handler. */
export function safeResult(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200) return;
    const problem = resultProblem(ctx.body);
    if (problem === null) return;
    ctx.body = null;
    if (problem.kind === 'non-finite') {
      throw new ApiError('REQUEST_INVALID',
        'the forecast for this series overflows double precision; scale the series down (e.g. divide by 1e6) and scale the answer back',
        { errors: [{ pointer: '/series', detail: 'values too large in magnitude to forecast' }] });
    }
    throw new ApiError('REQUEST_INVALID',
      `the model cannot give an ordered ${problem.level}% interval for this series; ask for a level between 1 and 99.9`,
      { errors: [{ pointer: '/level', detail: 'this coverage cannot be computed reliably' }] });
  };
}
