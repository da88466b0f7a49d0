// Gives every request an id: the caller's when it is safe to echo, else a fresh one.
import { randomFillSync } from 'node:crypto';
import type { Middleware } from 'koa';
import { holdsSecretRun } from '../../common/caller-text.js';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;
// the one shape of client id kept although it holds runs of 8 and 12 letters and digits: hex in
// 8-4-4-4-12 groups, which a pasted key never is
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an inbound request id may be kept (it is echoed and logged): the documented charset and
 * length (docs/api.md), and either a UUID or free of the runs a piece of a secret could be (the
 * caller-text rule, src/common/caller-text.ts).
 */
export function acceptableRequestId(inbound: string): boolean {
  return SAFE_ID.test(inbound) && (UUID.test(inbound) || !holdsSecretRun(inbound));
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_CHARS = 26;
// one call into the CSPRNG per 256 ids instead of one per request (it showed in the small-forecast profile)
const pool = Buffer.alloc(ID_CHARS * 256);
let used = pool.length;

/** A fresh request id: `req_` + 26 random base32 characters. */
export function newRequestId(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let id = 'req_';
  for (let i = used; i < used + ID_CHARS; i++) id += ALPHABET[pool[i] & 31];
  used += ID_CHARS;
  return id;
}

/** Keeps an inbound X-Request-Id of ≤128 chars of [A-Za-z0-9._-] that is not key-shaped, otherwise generates one; echoes it. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const inbound = ctx.get('X-Request-Id');
    const id = acceptableRequestId(inbound) ? inbound : newRequestId();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
