// What the computing routes (forecast, cross-validation, anomalies) share: the model and date plan
// the chain resolved, the core options they imply, the duration metric labelled by outcome, and
// pool failures mapped to API errors.
import type { Middleware, ParameterizedContext, DefaultState } from 'koa';
import {
  ComputeCrashError, ComputeOverloadedError, ComputeRejectedError, ComputeTimeoutError,
} from '../../compute/pool.js';
import { STATUS, type CoreConfig } from '@tempo-forecast/core';
import { seasonOptions, type DatePlan } from '../../dates/index.js';
import type { ModelRecord } from '../../store/types.js';
import { ApiError } from '../errors.js';
import type { ServerMetrics } from '../metrics.js';
import { callerOf, need } from '../state.js';
import type { Caller } from '../../compute/fair-share.js';

/** What happened to a computation, as the metrics label it. */
export function outcomeOf(err: unknown): string {
  if (err instanceof ComputeTimeoutError) return 'timeout';
  if (err instanceof ComputeRejectedError) return 'rejected';
  if (err instanceof ComputeOverloadedError) return 'overloaded';
  return 'crash';
}

/** Maps a pool failure to its API error (the error table in docs/api.md). */
export function apiErrorOf(err: unknown): ApiError {
  if (err instanceof ComputeTimeoutError) {
    return new ApiError('SERVICE_UNAVAILABLE',
      'the forecast took longer than this server allows; retry later or send a shorter series', { cause: err });
  }
  if (err instanceof ComputeOverloadedError) {
    return new ApiError('SERVICE_UNAVAILABLE', 'the server has too many forecasts waiting; retry shortly', { cause: err });
  }
  if (err instanceof ComputeRejectedError && err.status === STATUS.OUT_OF_RANGE) {
    return new ApiError('REQUEST_INVALID', 'values too large to forecast: the forecast or its intervals would exceed the largest representable number; send the series in smaller units',
      { cause: err, errors: [{ pointer: '/series', detail: 'values too large to forecast' }] });
  }
  if (err instanceof ComputeRejectedError) {
    return new ApiError('REQUEST_INVALID', `the model cannot forecast this request: ${err.message}`, { cause: err });
  }
  if (err instanceof ComputeCrashError) {
    return new ApiError('INTERNAL_ERROR', 'the forecast failed inside the model; retry, and report the request id if it persists', { cause: err });
  }
  return new ApiError('INTERNAL_ERROR', 'the forecast failed; retry, and report the request id if it persists', { cause: err });
}

/** What a computation starts from. */
export interface Computation {
  model: ModelRecord;
  /** What the request's `timestamps` and `freq` say (no periods without them). */
  dates: DatePlan;
  /**
   * The model's stored config and the season to run it with: the request's season_length, else the
   * model's (a stored season length counts as told), else the calendar's periods as hints; and who
   * it runs for, so the pool shares its workers fairly.
   */
  core: { config: CoreConfig; seasonLength?: number; periodHints?: number[]; caller: Caller };
}

/**
 * A route that answers with what `compute` returns for the validated body `bodyOf` reads, timing it
 * in the forecast duration metric; a failure is counted by its outcome and thrown as its API error.
 */
export function computingRoute<B extends { season_length?: number }>(
  metrics: ServerMetrics,
  bodyOf: (ctx: ParameterizedContext<DefaultState>) => B,
  compute: (body: B, c: Computation) => Promise<object>,
): Middleware {
  return async (ctx) => {
    const body = bodyOf(ctx);
    const model = need(ctx, 'model');
    // absent only on a request that skipped the date step, which no computing route's chain does
    const dates = ctx.state.datePlan ?? { periods: [] };
    const config = model.config as CoreConfig;
    const core = { config, ...seasonOptions(dates, body.season_length ?? config.season_length), caller: callerOf(ctx) };
    const stop = metrics.forecastDuration.startTimer({ model: model.organizationId === null ? model.name : 'own' });
    let answer: object;
    try {
      answer = await compute(body, { model, dates, core });
    } catch (err) {
      stop({ outcome: outcomeOf(err) });
      throw apiErrorOf(err);
    }
    stop({ outcome: 'ok' });
    ctx.body = answer;
  };
}
