// A host-side queue in front of the worker pool, so forecasts that have not started yet can be
// told "503, retry elsewhere" when the server drains instead of holding shutdown past its grace.
// Background work (tuning) waits in the same line but never holds more than all slots but one,
// so callers' forecasts always have a worker and are never queued inside the pool behind it.
import {
  ComputeOverloadedError, ComputeTimeoutError, type ComputePool, type ForecastInput,
} from '../../compute/pool.js';
import type { Middleware } from 'koa';
import type { ForecastResult } from '../../core/index.js';
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

interface Waiter { start: () => void; refuse: (err: Error) => void; background: boolean }

/**
 * Wraps `pool` so at most `slots` tasks run at once and up to `maxQueue` forecasts wait (each at most
 * `waitMs`); background units run on at most `slots − 1` of them (one when there is a single slot).
 */
export function gatePool(pool: ComputePool, slots: number, maxQueue: number, waitMs: number): GatedPool {
  let running = 0;
  let background = 0;
  let draining = false;
  const backgroundSlots = Math.max(1, slots - 1);
  // one line in arrival order, so a background unit goes after the forecasts queued before it
  const queue: Waiter[] = [];
  const forecastsWaiting = () => queue.reduce((k, w) => k + (w.background ? 0 : 1), 0);

  function release(wasBackground: boolean): void {
    running -= 1;
    if (wasBackground) background -= 1;
    const i = queue.findIndex((w) => !w.background || background < backgroundSlots);
    if (i >= 0) queue.splice(i, 1)[0].start();
  }

  // a background unit: no time limit and no drain refusal (its service stops it), never more than backgroundSlots
  function acquireBackground(): Promise<void> {
    if (running < slots && background < backgroundSlots && queue.length === 0) {
      running += 1;
      background += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      queue.push({ start: () => { running += 1; background += 1; resolve(); }, refuse: () => {}, background: true });
    });
  }

  function acquire(): Promise<void> {
    if (draining) return Promise.reject(new ComputeDrainingError());
    if (running < slots) {
      running += 1;
      return Promise.resolve();
    }
    const waiting = forecastsWaiting();
    if (waiting >= maxQueue) return Promise.reject(new ComputeOverloadedError(waiting));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        reject(new ComputeTimeoutError(waitMs));
      }, waitMs);
      const waiter: Waiter = {
        start: () => { clearTimeout(timer); running += 1; resolve(); },
        refuse: (err) => { clearTimeout(timer); reject(err); },
        background: false,
      };
      queue.push(waiter);
    });
  }

  // every request's computation takes a slot, so draining refuses it while it waits
  async function gated<T>(work: () => Promise<T>): Promise<T> {
    await acquire();
    try {
      return await work();
    } finally {
      release(false);
    }
  }

  async function backgroundGated<T>(work: () => Promise<T>): Promise<T> {
    await acquireBackground();
    try {
      return await work();
    } finally {
      release(true);
    }
  }

  async function forecast(input: ForecastInput): Promise<ForecastResult> {
    return gated(() => pool.forecast(input));
  }

  return {
    forecast,
    backtest: (input) => gated(() => pool.backtest(input)),
    // a batch bounds its own groups in flight (a window per worker, paused while the caller does
    // not read); gating them here as well stalled a paused reader's batch, so they pass straight through
    forecastGroup: (input) => pool.forecastGroup(input),
    // background tuning is not a caller's request: it is stopped by its own service before the pool closes
    scoreMany: (input) => backgroundGated(() => pool.scoreMany(input)),
    ready: () => pool.ready(),
    inFlight: () => running - background + forecastsWaiting(),
    close: () => pool.close(),
    waiting: forecastsWaiting,
    drain() {
      draining = true;
      for (const w of queue.filter((x) => !x.background)) w.refuse(new ComputeDrainingError());
      queue.splice(0, queue.length, ...queue.filter((x) => x.background));
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
