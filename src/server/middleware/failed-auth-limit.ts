// Failed authentications per client address: an address that keeps presenting bad keys is refused
// before any key lookup until its window ends, so guessing keys costs the guesser, not the server.
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

export interface FailedAuthLimitOptions {
  /** Failed authentications allowed per address per window; 0 turns the limit off. */
  perWindow: number;
  windowMs: number;
  /** Most addresses remembered at once (the oldest window is forgotten first). */
  maxAddresses?: number;
  now?: () => number;
}

interface Window { start: number; failures: number }

const KEY_CODES = new Set(['API_KEY_INVALID', 'API_KEY_INACTIVE', 'API_KEY_EXPIRED']);

/** Wraps authentication: counts its 401s per peer address and answers 429 once an address is over the limit. */
export function failedAuthLimit(options: FailedAuthLimitOptions): Middleware {
  const windows = new Map<string, Window>();
  const now = options.now ?? Date.now;
  const maxAddresses = options.maxAddresses ?? 100_000;
  return async (ctx, next) => {
    if (options.perWindow === 0) return next();
    const address = ctx.req.socket.remoteAddress ?? 'unknown';
    const t = now();
    let w = windows.get(address);
    if (w !== undefined && t - w.start >= options.windowMs) {
      windows.delete(address);
      w = undefined;
    }
    if (w !== undefined && w.failures >= options.perWindow) {
      const retry = Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000));
      throw new ApiError('API_USAGE_LIMIT',
        `too many failed authentications from this address; retry after ${retry} s with a valid key`,
        { headers: { 'Retry-After': String(retry) }, extra: { retry_after: retry, violated_policies: ['failed_auth'] } });
    }
    try {
      await next();
    } catch (err) {
      if (KEY_CODES.has((err as { code?: string }).code ?? '')) {
        if (w === undefined) {
          if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value as string);
          w = { start: t, failures: 0 };
          windows.set(address, w);
        }
        w.failures += 1;
      }
      throw err;
    }
  };
}
