// JSON-only body parsing with the size limit; parser failures become REQUEST_INVALID (400/413/415).
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

/** Parses a JSON body of at most `limitBytes` into ctx.request.body; anything else is refused. */
export function jsonBody(limitBytes: number): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, jsonStrict: true, encoding: 'utf-8' });
  return async (ctx, next) => {
    if (!ctx.is('application/json')) {
      throw new ApiError('REQUEST_INVALID', 'send the body as JSON with "Content-Type: application/json"', { status: 415 });
    }
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status === 413) {
        throw new ApiError('REQUEST_INVALID', `the body is larger than ${limitBytes} bytes; send a shorter series`, { status: 413, cause: err });
      }
      if (status === 415) {
        throw new ApiError('REQUEST_INVALID', 'send the body as UTF-8 JSON', { status: 415, cause: err });
      }
      throw new ApiError('REQUEST_INVALID', 'the body is not valid JSON; send an object like {"series": [1, 2, 3], "horizon": 2}', { cause: err });
    }
    await next();
  };
}
