// Forecast admission during shutdown: new forecasts are refused, running ones are counted.
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

export interface DrainState {
  draining: boolean;
  inFlight: number;
}

/** Refuses forecasts with 503 once draining; counts those in progress so shutdown can wait for them. */
export function drainGuard(state: DrainState): Middleware {
  return async (ctx, next) => {
    if (state.draining) {
      // this socket is going away: the caller should not send the retry down it
      ctx.set('Connection', 'close');
      throw new ApiError('SERVICE_UNAVAILABLE', 'the server is shutting down; retry on another instance', { headers: { 'Retry-After': '1' } });
    }
    state.inFlight += 1;
    try {
      await next();
    } finally {
      state.inFlight -= 1;
    }
  };
}
