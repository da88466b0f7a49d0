// Liveness, readiness and metrics: unauthenticated, for orchestrators and scrapers.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { Limits } from '../../limits/types.js';
import type { Store } from '../../store/types.js';
import { ApiError } from '../errors.js';
import type { ServerMetrics } from '../metrics.js';

/** The process is up and serving. */
export function healthzRoute(): Middleware {
  return async (ctx) => {
    ctx.body = { status: 'ok' };
  };
}

/**
 * Ready when not draining, the store answers, the limits answer (unless fail-open, which serves
 * without them) and a worker has the core loaded; 503 otherwise.
 */
export function readyzRoute(deps: { store: Store; pool: ComputePool; isDraining: () => boolean; limits?: Limits; limitsFailOpen?: boolean }): Middleware {
  return async (ctx) => {
    if (deps.isDraining()) throw new ApiError('SERVICE_UNAVAILABLE', 'the server is shutting down; send requests to another instance');
    try {
      await deps.store.ping();
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the key store cannot be reached', { cause: err });
    }
    if (deps.limits !== undefined && deps.limitsFailOpen !== true) {
      try {
        await deps.limits.ping();
      } catch (err) {
        throw new ApiError('SERVICE_UNAVAILABLE', 'the rate limiter cannot be reached', { cause: err });
      }
    }
    try {
      await deps.pool.ready();
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the forecasting core is not loaded', { cause: err });
    }
    ctx.body = { status: 'ready' };
  };
}

/** Prometheus text exposition of this server's registry. */
export function metricsRoute(metrics: ServerMetrics): Middleware {
  return async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
