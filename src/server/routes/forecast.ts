// The forecast handler: runs the validated request on the worker pool and shapes the response.
import type { Middleware } from 'koa';
import {
  ComputeCrashError, ComputeOverloadedError, ComputeRejectedError, ComputeTimeoutError, type ComputePool,
} from '../../compute/pool.js';
import { STATUS, type CoreConfig } from '../../core/index.js';
import { seasonOptions } from '../../dates/index.js';
import type { ForecastRequestBody, ForecastResponseBody } from '../../shared/types.js';
import type { ModelRecord } from '../../store/types.js';
import { ApiError } from '../errors.js';
import type { ServerMetrics } from '../metrics.js';
import { need } from '../state.js';

/** What happened to a forecast, as the metrics label it. */
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

/** Runs the forecast for ctx.state.forecastRequest with the model's stored config. */
export function forecastRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return async (ctx) => {
    const body = need(ctx, 'forecastRequest');
    const model = need(ctx, 'model');
    // absent only on a request without dates that skipped the date step, which the chain never does
    const dates = ctx.state.datePlan ?? { periods: [] };
    const stop = metrics.forecastDuration.startTimer({ model: model.organizationId === null ? model.name : 'own' });
    try {
      const result = await pool.forecast({
        series: body.series,
        horizon: body.horizon,
        // a model's stored season length counts as told, ahead of anything the calendar suggests
        ...seasonOptions(dates, body.season_length ?? (model.config as CoreConfig).season_length),
        level: body.level,
        config: model.config as CoreConfig,
        ...(body.fitted === true ? { fitted: true } : {}),
      });
      stop({ outcome: 'ok' });
      const response: ForecastResponseBody = {
        forecast: result.forecast,
        ...(result.intervals ? { intervals: result.intervals } : {}),
        ...(result.fitted ? { fitted: result.fitted } : {}),
        ...(result.fitted_intervals ? { fitted_intervals: result.fitted_intervals } : {}),
        model: model.name,
        method: result.method,
        ...(dates.timestamps ? { timestamps: dates.timestamps } : {}),
        ...(dates.freq ? { freq: dates.freq } : {}),
      };
      ctx.body = response;
    } catch (err) {
      stop({ outcome: outcomeOf(err) });
      throw apiErrorOf(err);
    }
  };
}
