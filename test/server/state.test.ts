// Handlers read what earlier middleware left on ctx.state through `need`, which refuses to hand
// out a field no middleware set (a route wired without its authentication, say) instead of undefined.
import { describe, it, expect } from 'vitest';
import type { ParameterizedContext } from 'koa';
import { need } from '../../src/server/state.js';

function ctxWith(state: Record<string, unknown>): ParameterizedContext {
  return { state } as unknown as ParameterizedContext;
}

describe('need', () => {
  it('returns a field a middleware set', () => {
    const key = { keyId: 'AAAAAAAAAAAAAAAA' };
    expect(need(ctxWith({ requestId: 'r', key }), 'key')).toBe(key);
  });

  it('throws, naming the field, when no middleware set it', () => {
    expect(() => need(ctxWith({ requestId: 'r' }), 'model')).toThrow('ctx.state.model is not set: a middleware is missing from this route');
  });
});
