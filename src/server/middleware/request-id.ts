// Gives every request an id: the caller's when it is safe to echo, else a fresh one.
import { randomFillSync } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;
// a key, or a long run mixing upper case, lower case and digits (as a random secret does), may be
// a secret: never echoed or logged
const KEY_SHAPED = /tempo-[0-9A-Za-z]{8,}/;
const LONG_RUN = /[0-9A-Za-z]{32,}/g;

function secretShaped(text: string): boolean {
  if (KEY_SHAPED.test(text)) return true;
  for (const run of text.match(LONG_RUN) ?? []) {
    if (/[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run)) return true;
  }
  return false;
}

/** Whether an inbound request id may be kept: the documented charset and length (docs/api.md), and nothing key-shaped. */
export function acceptableRequestId(inbound: string): boolean {
  return SAFE_ID.test(inbound) && !secretShaped(inbound);
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
