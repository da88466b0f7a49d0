// A host-side queue in front of the worker pool: every unit of work waits for a worker in its
// caller's line and is started by the fair share (src/compute/fair-share.ts), so one caller's batch
// never keeps another caller's forecast waiting for more than one group; forecasts that have not
// started yet can be told "503, retry elsewhere" when the server drains instead of holding shutdown
// past its grace. Background work (tuning) never holds more than all slots but one, so callers'
// forecasts always have a worker. A forecast the pool answers on the calling thread takes no slot.
import {
  ComputeOverloadedError, ComputeTimeoutError, type ComputePool, type ForecastInput,
} from '../../compute/pool.js';
import { ANONYMOUS, ComputeWaitTimeout, createFairShare, type Caller, type UnitOptions } from '../../compute/fair-share.js';
import type { Middleware } from 'koa';
import type { ForecastResult } from '@tempo-forecast/core';
import { ApiError } from '../errors.js';

/** A forecast that was still waiting for a worker when the server began to drain. */
export class ComputeDrainingError extends Error {
  constructor() {
    super('the server is draining; the forecast was not started');
    this.name = 'ComputeDrainingError';
  }
}

export interface GatedPool extends ComputePool {
  /** Refuses every waiting and every later forecast with ComputeDrainingError; running ones go on. */
  drain(): void;
  /** Forecasts waiting for a worker right now. */
  waiting(): number;
}

/**
 * Wraps `pool` so at most `slots` units run at once, shared fairly between the callers their
 * inputs name, with up to `maxQueue` forecasts waiting (each at most `waitMs`); background units
 * run on at most `slots − 1` of them (one when there is a single slot). A batch's groups are
 * neither counted against `maxQueue` nor refused on drain: a batch bounds its own groups in
 * flight, and one already answering goes on through the shutdown grace.
 */
export function gatePool(pool: ComputePool, slots: number, maxQueue: number, waitMs: number): GatedPool {
  const share = createFairShare(slots, Math.max(1, slots - 1));
  let draining = false;
  const callerOf = (input: { caller?: Caller }) => input.caller ?? ANONYMOUS;

  // a request's computation: refused while draining or when too many wait, and bounded in its wait
  async function gated<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
    if (draining) throw new ComputeDrainingError();
    if (share.running() >= slots && share.waiting() >= maxQueue) throw new ComputeOverloadedError(share.waiting());
    try {
      return await share.run(caller, work, { waitMs });
    } catch (err) {
      if (err instanceof ComputeWaitTimeout) throw new ComputeTimeoutError(waitMs);
      throw err;
    }
  }

  const unrefused = <T>(caller: Caller, work: () => Promise<T>, options: UnitOptions) => share.run(caller, work, { ...options, refusable: false });

  function forecast(input: ForecastInput): Promise<ForecastResult> {
    // answered on this thread in far less than a worker hop: no worker to wait for
    if (pool.runsInline?.(input) === true) return pool.forecast(input);
    return gated(callerOf(input), () => pool.forecast(input));
  }

  return {
    forecast,
    backtest: (input) => gated(callerOf(input), () => pool.backtest(input)),
    forecastGroup: (input) => unrefused(callerOf(input), () => pool.forecastGroup(input), {}),
    backtestGroup: (input) => unrefused(callerOf(input), () => pool.backtestGroup(input), {}),
    // background tuning is not a caller's request: it is stopped by its own service before the pool closes
    scoreMany: (input) => unrefused(callerOf(input), () => pool.scoreMany(input), { background: true }),
    ready: () => pool.ready(),
    inFlight: () => share.running() - share.running(true) + share.waiting(),
    close: () => pool.close(),
    waiting: () => share.waiting(),
    drain() {
      draining = true;
      share.refuseWaiting(new ComputeDrainingError());
    },
  };
}

/** Whether `err`, or an error it was wrapped in, is a refusal by a draining server. */
export function causedByDrain(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e instanceof Error && i < 5; e = e.cause, i++) {
    if (e instanceof ComputeDrainingError) return true;
  }
  return false;
}

/** Turns a forecast refused by a draining gate (whatever the handler wrapped it in) into 503 + Retry-After. */
export function drainingRefusal(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!causedByDrain(err)) throw err;
      ctx.set('Connection', 'close');
      throw new ApiError('SERVICE_UNAVAILABLE', 'the server is shutting down; retry on another instance',
        { headers: { 'Retry-After': '1' }, cause: err });
    }
  };
}
