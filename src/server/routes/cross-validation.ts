// The cross-validation handler: runs every window of the validated request as one backtest task
// on the worker pool and shapes the answer.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { CrossValidationResponseBody } from '../../common/backtest-types.js';
import type { ServerMetrics } from '../metrics.js';
import { need } from '../state.js';
import { computingRoute } from './computing-route.js';

// NaN marks a missing value inside the host; JSON says null
const nullIfMissing = (xs: number[]) => xs.map((v) => (Number.isNaN(v) ? null : v));

/** Runs the backtest for ctx.state.crossValidationRequest with the model's stored config. */
export function crossValidationRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return computingRoute(metrics, (ctx) => need(ctx, 'crossValidationRequest'), async (body, { model, dates, core }) => {
    const result = await pool.backtest({
      series: body.series,
      horizon: body.horizon,
      windows: body.windows,
      step: body.step,
      level: body.level,
      ...core,
      ...(body.regressors ? { regressors: body.regressors } : {}),
      ...(body.quantiles ? { quantiles: body.quantiles } : {}),
    });
    const response: CrossValidationResponseBody = {
      windows: result.windows.map((w) => ({
        // with dates, the cutoff is named by its timestamp as the caller sent it
        cutoff: body.timestamps ? body.timestamps[w.cutoff] : w.cutoff,
        forecast: w.forecast,
        actual: nullIfMissing(w.actual),
        ...(w.intervals ? { intervals: w.intervals } : {}),
        ...(w.quantiles ? { quantiles: w.quantiles } : {}),
      })),
      metrics: result.metrics,
      model: model.name,
      ...(dates.freq ? { freq: dates.freq } : {}),
    };
    return response;
  });
}
