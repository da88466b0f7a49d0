// The anomalies handler: fits the model on the whole series in the worker pool (one forecast with
// in-sample predictions) and reports the values outside their one-step interval.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { CoreConfig } from '../../core/index.js';
import { seasonOptions } from '../../dates/index.js';
import { findAnomalies } from '../../anomalies/find.js';
import type { AnomaliesResponseBody, AnomalyBody } from '../../shared/anomaly-types.js';
import type { ModelRecord } from '../../store/types.js';
import type { ServerMetrics } from '../metrics.js';
import type { AnomaliesRequest } from '../middleware/validate-anomalies.js';
import { apiErrorOf, outcomeOf } from './forecast.js';

// each anomaly named by its date too, as the caller sent it, right after its index
function datedAnomalies(found: AnomalyBody[], timestamps: string[] | undefined): AnomalyBody[] {
  if (!timestamps) return found;
  return found.map(({ index, ...rest }) => ({ index, timestamp: timestamps[index], ...rest }));
}

/** Runs the anomaly check for ctx.state.anomaliesRequest with the model's stored config. */
export function anomaliesRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return async (ctx) => {
    const body = ctx.state.anomaliesRequest as AnomaliesRequest;
    const model = ctx.state.model as ModelRecord;
    const dates = ctx.state.datePlan ?? { periods: [] };
    const stop = metrics.forecastDuration.startTimer({ model: model.organizationId === null ? model.name : 'own' });
    try {
      // the forecast itself is not wanted: one step is the least the core computes
      const result = await pool.forecast({
        series: body.series,
        horizon: 1,
        // a model's stored season length counts as told, ahead of anything the calendar suggests
        ...seasonOptions(dates, body.season_length ?? (model.config as CoreConfig).season_length),
        level: [body.level],
        config: model.config as CoreConfig,
        fitted: true,
      });
      stop({ outcome: 'ok' });
      const band = result.fitted_intervals![String(body.level)];
      const response: AnomaliesResponseBody = {
        anomalies: datedAnomalies(findAnomalies(body.series, result.fitted!, band.lower, band.upper), body.timestamps),
        level: body.level,
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
