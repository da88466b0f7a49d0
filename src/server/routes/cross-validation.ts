// The cross-validation handler: runs every window of the validated request as one backtest task
// on the worker pool and shapes the answer.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { CoreConfig } from '../../core/index.js';
import { seasonOptions } from '../../dates/index.js';
import type { CrossValidationResponseBody } from '../../shared/backtest-types.js';
import type { ModelRecord } from '../../store/types.js';
import type { ServerMetrics } from '../metrics.js';
import type { CrossValidationRequest } from '../middleware/validate-cross-validation.js';
import { apiErrorOf, outcomeOf } from './forecast.js';
import { need } from '../state.js';

// NaN marks a missing value inside the host; JSON says null
const nullIfMissing = (xs: number[]) => xs.map((v) => (Number.isNaN(v) ? null : v));

/** Runs the backtest for ctx.state.crossValidationRequest with the model's stored config. */
export function crossValidationRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return async (ctx) => {
    const body = need(ctx, 'crossValidationRequest');
    const model = need(ctx, 'model');
    const dates = ctx.state.datePlan ?? { periods: [] };
    const stop = metrics.forecastDuration.startTimer({ model: model.organizationId === null ? model.name : 'own' });
    try {
      const result = await pool.backtest({
        series: body.series,
        horizon: body.horizon,
        windows: body.windows,
        step: body.step,
        // a model's stored season length counts as told, ahead of anything the calendar suggests
        ...seasonOptions(dates, body.season_length ?? (model.config as CoreConfig).season_length),
        level: body.level,
        config: model.config as CoreConfig,
      });
      stop({ outcome: 'ok' });
      const response: CrossValidationResponseBody = {
        windows: result.windows.map((w) => ({
          // with dates, the cutoff is named by its timestamp as the caller sent it
          cutoff: body.timestamps ? body.timestamps[w.cutoff] : w.cutoff,
          forecast: w.forecast,
          actual: nullIfMissing(w.actual),
          ...(w.intervals ? { intervals: w.intervals } : {}),
        })),
        metrics: result.metrics,
        model: model.name,
        ...(dates.freq ? { freq: dates.freq } : {}),
      };
      ctx.body = response;
    } catch (err) {
      stop({ outcome: outcomeOf(err) });
      throw apiErrorOf(err);
    }
  };
}
