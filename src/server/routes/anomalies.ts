// The anomalies handler: fits the model on the whole series in the worker pool (one forecast with
// in-sample predictions) and reports the values outside their one-step interval.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import { findAnomalies } from '../../anomalies/find.js';
import type { AnomaliesResponseBody, AnomalyBody } from '../../common/anomaly-types.js';
import type { ServerMetrics } from '../metrics.js';
import { need } from '../state.js';
import { computingRoute } from './computing-route.js';

// each anomaly named by its date too, as the caller sent it, right after its index
function datedAnomalies(found: AnomalyBody[], timestamps: string[] | undefined): AnomalyBody[] {
  if (!timestamps) return found;
  return found.map(({ index, ...rest }) => ({ index, timestamp: timestamps[index], ...rest }));
}

/** Runs the anomaly check for ctx.state.anomaliesRequest with the model's stored config. */
export function anomaliesRoute(pool: ComputePool, metrics: ServerMetrics): Middleware {
  return computingRoute(metrics, (ctx) => need(ctx, 'anomaliesRequest'), async (body, { model, dates, core }) => {
    // the forecast itself is not wanted: one step is the least the core computes
    const result = await pool.forecast({ series: body.series, horizon: 1, level: [body.level], ...core, fitted: true });
    const band = result.fitted_intervals![String(body.level)];
    const response: AnomaliesResponseBody = {
      anomalies: datedAnomalies(findAnomalies(body.series, result.fitted!, band.lower, band.upper), body.timestamps),
      level: body.level,
      model: model.name,
      ...(dates.freq ? { freq: dates.freq } : {}),
    };
    return response;
  });
}
