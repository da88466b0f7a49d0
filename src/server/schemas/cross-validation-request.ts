// POST /{model}/v1/cross-validation: the body's schema (a forecast's fields but `fitted`, plus
// windows and step), what a schema cannot say (its dates, whether the windows fit the series), and
// how it is read.
import { DEFAULT_WINDOWS, MIN_TRAINING_VALUES, windowsThatFit } from '../../backtest/plan.js';
import type { Bounds } from '../../config/config.js';
import type { DatePlan } from '../../dates/index.js';
import type { CrossValidationRequestBody } from '../../common/backtest-types.js';
import type { RequestDefinition } from '../validation/request-check.js';
import { writePlan } from '../../dates/index.js';
import { checkedDates } from '../request-dates.js';
import { acceptRegressors } from '../request-regressors.js';
import { requestFields } from './fields.js';

/** The cross-validation request schema for these bounds. */
export function crossValidationRequestSchema(bounds: Bounds) {
  const f = requestFields(bounds);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['series', 'horizon'],
    description: 'a JSON object like {"series": [1, 2, 3, 4, 5, 6, 7, 8], "horizon": 2, "windows": 3}',
    properties: {
      series: f.series,
      horizon: f.horizon,
      season_length: f.season_length,
      level: f.level,
      timestamps: f.timestamps,
      freq: f.freq,
      windows: f.windows,
      step: f.step,
      regressors: f.regressors,
      holidays: f.holidays,
      quantiles: f.quantiles,
    },
  } as const;
}

/** A cross-validation request with its defaults filled in. */
export interface CrossValidationRequest extends CrossValidationRequestBody {
  windows: number;
  step: number;
}

/** A cross-validation request as the route takes it: defaults filled, and what its dates say. */
export interface AcceptedCrossValidation {
  request: CrossValidationRequest;
  dates: DatePlan;
}

/** The cross-validation body for these bounds. */
export function crossValidationRequest(bounds: Bounds): RequestDefinition<CrossValidationRequestBody, AcceptedCrossValidation> {
  return {
    schema: crossValidationRequestSchema(bounds),
    reading: { maxBytes: bounds.bodyLimitBytes },
    *accept(body, report) {
      const n = body.series.length;
      const request: CrossValidationRequest = { ...body, windows: body.windows ?? DEFAULT_WINDOWS, step: body.step ?? body.horizon };
      const { horizon, windows, step } = request;
      const fit = windowsThatFit(n, horizon, step);
      if (windows > fit) {
        const need = MIN_TRAINING_VALUES + horizon + (windows - 1) * step;
        const fits = fit === 0 ? 'no window fits' : `only ${fit} window${fit > 1 ? 's fit' : ' fits'}`;
        report.add({
          pointer: fit === 0 ? '/series' : '/windows',
          detail: `a series of ${n} values is too short for ${windows} windows of horizon ${horizon} every ${step} values (needs ${need}: ` +
            `${MIN_TRAINING_VALUES} before the first cutoff); ${fits}: ask for fewer windows, a smaller horizon or step, or send a longer series`,
        });
      }
      const { checked, errors } = checkedDates({ timestamps: body.timestamps, freq: body.freq, length: n, horizon }, '');
      for (const e of errors) report.add(e);
      const regressors = acceptRegressors({ length: n, horizon, regressors: body.regressors, holidays: body.holidays, dates: checked }, '', report);
      return { request: regressors === undefined ? request : { ...request, regressors }, dates: checked ? writePlan(checked) : { periods: [] } };
    },
  };
}
