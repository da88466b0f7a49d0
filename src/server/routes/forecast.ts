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
    // a filled series answers per value sent: the dates it added have no place in the answer
    const sent = dates.filled ? dates.filled.positions : undefined;
    const back = <T>(xs: T[]) => (sent ? sent.map((k) => xs[k]) : xs);
    const response: ForecastResponseBody = {
      forecast: result.forecast,
      ...(result.intervals ? { intervals: result.intervals } : {}),
      ...(result.fitted ? { fitted: back(result.fitted) } : {}),
      ...(result.fitted_intervals ? {
        fitted_intervals: Object.fromEntries(Object.entries(result.fitted_intervals).map(([k, b]) => [k, { lower: back(b.lower), upper: back(b.upper) }])),
      } : {}),
      ...(result.quantiles ? { quantiles: result.quantiles } : {}),
      model: model.name,
      method: dates.filled ? { ...result.method, filled: dates.filled.count } : result.method,
      ...(dates.timestamps ? { timestamps: dates.timestamps } : {}),
      ...(dates.freq ? { freq: dates.freq } : {}),
    };
    return response;
  });
}
