// The one place that writes problem+json: every thrown error becomes an RFC 9457 body here.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ERROR_CATALOGUE, errorType, type ProblemBody } from '../../common/codes.js';
import { toApiError } from '../errors.js';
import { pathShown } from '../echo.js';

const RETRY_AFTER_DEFAULT: Record<number, string> = { 409: '1', 429: '60', 503: '5' };

/** Catches everything below it and answers with problem+json; internals of unknown errors stay in the log. `showPath` writes the path as `instance` (echo.ts). */
export function errorBoundary(logger: Logger, showPath: (path: string) => string = pathShown([])): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const err = toApiError(thrown);
      // the caller sees only the code and detail; the cause goes to the log, under the request id
      if (err.status >= 500) {
        logger[err.status === 500 ? 'error' : 'warn']({ request_id: ctx.state.requestId, code: err.code, err: err.cause }, err.detail);
      }
      const body: ProblemBody = {
        type: errorType(err.code),
        title: ERROR_CATALOGUE[err.code].title,
        status: err.status,
        code: err.code,
        detail: err.detail,
        instance: showPath(ctx.path),
        request_id: ctx.state.requestId,
        ...(err.errors ? { errors: err.errors } : {}),
        ...err.extra,
      };
      ctx.status = err.status;
      for (const [name, value] of Object.entries(err.headers)) ctx.set(name, value);
      if (err.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="tempo", error="invalid_token"');
      const retry = RETRY_AFTER_DEFAULT[err.status];
      // waiting does not free a taken name
      if (retry !== undefined && err.code !== 'MODEL_NAME_TAKEN' && !ctx.response.get('Retry-After')) ctx.set('Retry-After', retry);
      ctx.body = body;
      ctx.type = 'application/problem+json';
    }
  };
}
