// The anomalies handler: fits the model on the whole series in the worker pool (one forecast with
// in-sample predictions) and reports the values outside their one-step interval.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { CoreConfig } from '../../core/index.js';
import { findAnomalies } from '../../anomalies/find.js';
import type { AnomaliesResponseBody } from '../../shared/anomaly-types.js';
import type { ModelRecord } from '../../store/types.js';
import type { ServerMetrics } from '../metrics.js';
import type { AnomaliesRequest } from '../middleware/validate-anomalies.js';
import { apiErrorOf, outcomeOf } from './forecast.js';

/** Runs the anomaly check for ctx.state.anomaliesRequest with the model's stored config. */
export function anomaliesRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return async (ctx) => {
    const body = ctx.state.anomaliesRequest as AnomaliesRequest;
    const model = ctx.state.model as ModelRecord;
    const stop = metrics.forecastDuration.startTimer({ model: model.organizationId === null ? model.name : 'own' });
    try {
      // the forecast itself is not wanted: one step is the least the core computes
      const result = await pool.forecast({
        series: body.series,
        horizon: 1,
        seasonLength: body.season_length,
        level: [body.level],
        config: model.config as CoreConfig,
        fitted: true,
      });
      stop({ outcome: 'ok' });
      const band = result.fitted_intervals![String(body.level)];
      const response: AnomaliesResponseBody = {
        anomalies: findAnomalies(body.series, result.fitted!, band.lower, band.upper),
        level: body.level,
        model: model.name,
      };
      ctx.body = response;
    } catch (err) {
      stop({ outcome: outcomeOf(err) });
      throw apiErrorOf(err);
    }
  };
}
