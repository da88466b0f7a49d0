// Per-key request quotas (docs/api.md, "Rate limits"): admission after validation, headers on every
// authenticated forecast response, counted or not.
import type { Middleware } from 'koa';
import type { AdmitResult, Limits, WindowState } from '../../limits/types.js';
import type { KeyRecord } from '../../store/types.js';
import { ApiError, toApiError } from '../errors.js';
import { need } from '../state.js';

/** The window with fewer requests left (the minute window on a tie): the one headers describe. */
export function tighterWindow(windows: WindowState[]): WindowState {
  return windows.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}

/** RateLimit-Policy, RateLimit and X-RateLimit-* header values for one limits answer. */
export function rateLimitHeaders(result: AdmitResult): Record<string, string> {
  const t = tighterWindow(result.windows);
  return {
    'RateLimit-Policy': result.windows.map((w) => `"${w.name}";q=${w.limit};w=${w.windowSeconds}`).join(', '),
    RateLimit: `"${t.name}";r=${t.remaining};t=${t.resetSeconds}`,
    'X-RateLimit-Limit': String(t.limit),
    'X-RateLimit-Remaining': String(t.remaining),
    'X-RateLimit-Reset': String(t.resetSeconds),
  };
}

function unavailable(err: unknown): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', 'the rate limiter cannot be reached; retry shortly', { cause: err });
}

/**
 * Wraps the rest of the forecast chain so its response, 200 or error, carries the rate-limit
 * headers: from the admission when the request was counted, else from a peek.
 */
export function rateLimitHeadersOnResponse(limits: Limits): Middleware {
  return async (ctx, next) => {
    const key = need(ctx, 'key');
    const headersNow = async (): Promise<Record<string, string>> => {
      const result: AdmitResult | undefined = ctx.state.rateLimit
        ?? await limits.peek(key.keyId, key.rateLimitPerMinute, key.rateLimitPerHour).catch(() => undefined);
      // with the limiter unreachable there is nothing truthful to report
      return result ? rateLimitHeaders(result) : {};
    };
    try {
      await next();
    } catch (err) {
      const api = toApiError(err);
      // the limiter itself is what failed: asking it again would only double the wait for the 503
      if (api.code === 'SERVICE_UNAVAILABLE' && ctx.state.rateLimit === undefined) throw api;
      // headers the error already chose (e.g. Retry-After) win
      api.headers = { ...(await headersNow()), ...api.headers };
      throw api;
    }
    ctx.set(await headersNow());
  };
}

/** Counts the request in both windows or throws 429 API_USAGE_LIMIT naming the violated windows. */
export function admitRequest(limits: Limits, failOpen: boolean): Middleware {
  return async (ctx, next) => {
    const key = need(ctx, 'key');
    let result: AdmitResult;
    try {
      result = await limits.admit(key.keyId, key.rateLimitPerMinute, key.rateLimitPerHour);
    } catch (err) {
      if (failOpen) return next();
      throw unavailable(err);
    }
    ctx.state.rateLimit = result;
    if (!result.admitted) {
      const windows = result.violated.join(' and ');
      throw new ApiError('API_USAGE_LIMIT',
        `this key's ${windows} request limit is used up; retry after ${result.retryAfterSeconds} s or ask for a higher limit`,
        {
          headers: { 'Retry-After': String(result.retryAfterSeconds) },
          extra: { retry_after: result.retryAfterSeconds, violated_policies: result.violated },
        });
    }
    await next();
  };
}
