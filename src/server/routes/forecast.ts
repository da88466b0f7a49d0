// The forecast handler: runs the validated request on the worker pool and shapes the response.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { ForecastResponseBody } from '../../common/types.js';
import type { ServerMetrics } from '../metrics.js';
import { need } from '../state.js';
import { computingRoute } from './computing-route.js';

/** Runs the forecast for ctx.state.forecastRequest with the model's stored config. */
export function forecastRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return computingRoute(metrics, (ctx) => need(ctx, 'forecastRequest'), async (body, { model, dates, core }) => {
    const result = await pool.forecast({
      series: body.series,
      horizon: body.horizon,
      level: body.level,
      ...core,
      ...(body.fitted === true ? { fitted: true } : {}),
      ...(body.regressors ? { regressors: body.regressors } : {}),
      ...(body.quantiles ? { quantiles: body.quantiles } : {}),
    });
    const response: ForecastResponseBody = {
      forecast: result.forecast,
      ...(result.intervals ? { intervals: result.intervals } : {}),
      ...(result.fitted ? { fitted: result.fitted } : {}),
      ...(result.fitted_intervals ? { fitted_intervals: result.fitted_intervals } : {}),
      ...(result.quantiles ? { quantiles: result.quantiles } : {}),
      model: model.name,
      method: result.method,
      ...(dates.timestamps ? { timestamps: dates.timestamps } : {}),
      ...(dates.freq ? { freq: dates.freq } : {}),
    };
    return response;
  });
}
