// POST /{model}/v1/cross-validation/batch: the batch body (its shared fields, its series with their
// dates) plus `windows` and `step`, and what a schema cannot say: the batch's own checks, then
// whether the windows fit each series.
import { DEFAULT_WINDOWS, MIN_TRAINING_VALUES, windowsThatFit } from '../../backtest/plan.js';
import type { BatchBounds, Bounds } from '../../config/config.js';
import type { BatchRequestBody } from '../../common/types.js';
import type { RequestDefinition } from '../validation/request-check.js';
import { batchRequest, type AcceptedBatch } from './batch-request.js';
import { requestFields, seriesListSchema } from './fields.js';

/** A cross-validation batch as sent: the batch's fields (no regressors) and the windows to backtest. */
export interface CrossValidationBatchBody extends BatchRequestBody {
  windows?: number;
  step?: number;
}

/** The cross-validation batch request schema for these bounds. */
export function crossValidationBatchRequestSchema(bounds: Bounds, batch: BatchBounds) {
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['horizon', 'series'],
    description: 'a JSON object like {"horizon": 3, "windows": 2, "series": [{"id": "a", "values": [1, 2, 3, 4, 5, 6, 7, 8, 9]}]}',
    properties: {
      horizon: f.horizon,
      windows: f.windows,
      step: f.step,
      level: f.level,
      freq: f.freq,
      season_length: f.season_length,
      quantiles: f.quantiles,
      on_invalid: f.on_invalid,
      fill_missing: f.fill_missing,
      series: seriesListSchema(batch.maxSeries, batch.maxValues, {
        id: f.id,
        values: f.series,
        timestamps: f.timestamps,
        season_length: f.season_length,
      }),
    },
  } as const;
}

/** The windows and step of a body, defaults filled (DEFAULT_WINDOWS; a step of the horizon). */
export function windowsOf(body: CrossValidationBatchBody): { windows: number; step: number } {
  return { windows: body.windows ?? DEFAULT_WINDOWS, step: body.step ?? body.horizon };
}

/** The cross-validation batch body for these bounds. */
export function crossValidationBatchRequest(bounds: Bounds, batch: BatchBounds): RequestDefinition<CrossValidationBatchBody, AcceptedBatch> {
  const asBatch = batchRequest(bounds, batch);
  return {
    schema: crossValidationBatchRequestSchema(bounds, batch),
    reading: asBatch.reading,
    *accept(body, report) {
      const accepted = yield* asBatch.accept(body, report);
      const { windows, step } = windowsOf(body);
      for (const [i, s] of accepted.request.series.entries()) {
        const n = s.values.length;
        const fit = windowsThatFit(n, body.horizon, step);
        if (windows <= fit) continue;
        const need = MIN_TRAINING_VALUES + body.horizon + (windows - 1) * step;
        const fits = fit === 0 ? 'no window fits' : `only ${fit} window${fit > 1 ? 's fit' : ' fits'}`;
        const added = report.add({
          pointer: `/series/${i}/values`,
          detail: `series/${i}/values: ${n} values are too few for ${windows} windows of horizon ${body.horizon} every ${step} values (needs ${need}: ` +
            `${MIN_TRAINING_VALUES} before the first cutoff); ${fits}: ask for fewer windows, a smaller horizon or step, or send a longer series`,
        });
        if (!added) break;
      }
      return accepted;
    },
  };
}
