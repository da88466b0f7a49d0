// Gives every request an id: the caller's when it is safe to echo, else a fresh one.
import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A fresh request id: `req_` + 26 random base32 characters. */
export function newRequestId(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(26);
  let id = 'req_';
  for (const b of bytes) id += alphabet[b & 31];
  return id;
}

/** Keeps an inbound X-Request-Id of ≤128 chars of [A-Za-z0-9._-], otherwise generates one; echoes it. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const inbound = ctx.get('X-Request-Id');
    const id = SAFE_ID.test(inbound) ? inbound : newRequestId();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
