// One forecast at a time per key: a lease taken before compute and released in every outcome.
import type { Middleware } from 'koa';
import type { Limits } from '../../limits/types.js';
import type { KeyRecord } from '../../store/types.js';
import { ApiError } from '../errors.js';
import { need } from '../state.js';

/** Holds the key's running lock around the rest of the chain; 409 FORECAST_ALREADY_RUNNING when taken. */
export function runningLock(limits: Limits, leaseMs: number, failOpen: boolean): Middleware {
  // a forecast outliving the lease must not let a second one in beside it: one timer renews every
  // lease this middleware holds (a timer made and cleared per request showed in the small-forecast profile)
  const held = new Set<{ keyId: string; token: string }>();
  let renewer: ReturnType<typeof setInterval> | null = null;
  const renewAll = () => {
    // stopped at the first tick with nothing to renew, not at each release: steady traffic keeps one timer
    if (held.size === 0 && renewer !== null) {
      clearInterval(renewer);
      renewer = null;
    }
    for (const lease of held) limits.renewLock(lease.keyId, lease.token, leaseMs).catch(() => {});
  };
  return async (ctx, next) => {
    const key = need(ctx, 'key');
    let token: string | null;
    try {
      token = await limits.acquireLock(key.keyId, leaseMs);
    } catch (err) {
      if (failOpen) return next();
      throw new ApiError('SERVICE_UNAVAILABLE', 'the lock service cannot be reached; retry shortly', { cause: err });
    }
    if (token === null) {
      throw new ApiError('FORECAST_ALREADY_RUNNING',
        'a forecast is already running for this API key; wait for it to finish, then retry',
        { headers: { 'Retry-After': '1' } });
    }
    const lease = { keyId: key.keyId, token };
    held.add(lease);
    if (renewer === null) {
      renewer = setInterval(renewAll, Math.max(250, Math.floor(leaseMs / 3)));
      renewer.unref();
    }
    try {
      await next();
    } finally {
      held.delete(lease);
      await limits.releaseLock(key.keyId, token).catch(() => {
        // the lease expires on its own; a failed release only delays the next forecast
      });
    }
  };
}
