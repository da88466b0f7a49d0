// Bearer authentication: parse + checksum, look up (through the cache), compare, status, expiry.
import type { Middleware } from 'koa';
import { authenticateKey } from '../../keys/authenticate.js';
import type { KeyCheckCode } from '../../keys/check.js';
import { ApiError } from '../errors.js';
import type { KeyCache } from '../key-cache.js';

const DETAIL: Record<KeyCheckCode, string> = {
  API_KEY_INVALID: 'the API key is missing, malformed or unknown; send "Authorization: Bearer <API_KEY>" with a key from your settings',
  API_KEY_INACTIVE: 'this API key has been disabled; create or enable a key in your settings',
  API_KEY_EXPIRED: 'this API key has expired; create a new key in your settings',
};

/** The credentials of a Bearer Authorization header, or undefined when there are none. */
export function bearerToken(header: string): string | undefined {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1] : undefined;
}

/** Authenticates the caller and puts the key record on ctx.state.key; throws a 401 ApiError. */
export function authenticate(cache: KeyCache, pepper: string | null): Middleware {
  return async (ctx, next) => {
    const presented = bearerToken(ctx.get('Authorization'));
    let verdict;
    try {
      verdict = await authenticateKey(presented, cache.lookup, new Date(), pepper);
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the key store cannot be reached; retry shortly', { cause: err });
    }
    if (!verdict.ok) throw new ApiError(verdict.code, DETAIL[verdict.code]);
    ctx.state.key = verdict.record;
    await next();
  };
}
