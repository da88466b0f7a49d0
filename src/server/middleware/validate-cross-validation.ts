// Validates a cross-validation body: the forecast fields by the forecast's own checks (same
// messages), then windows and step, then whether the windows asked for fit the series.
import type { Middleware } from 'koa';
import { DEFAULT_WINDOWS, MAX_WINDOWS, MIN_TRAINING_VALUES, windowsThatFit } from '../../backtest/plan.js';
import type { Bounds } from '../../config/config.js';
import type { FieldError } from '../../shared/codes.js';
import type { CrossValidationRequestBody } from '../../shared/backtest-types.js';
import { invalidRequest } from '../errors.js';
import { requestDates } from '../request-dates.js';
import { CROSS_VALIDATION_FIELDS } from '../schemas/cross-validation-request.js';
import { createForecastValidator } from './validate-forecast.js';

/** A cross-validation request with its defaults filled in. */
export interface CrossValidationRequest extends CrossValidationRequestBody {
  windows: number;
  step: number;
}

function integerIn(value: unknown, lo: number, hi: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= lo && value <= hi;
}

// what the caller sent, without echoing strings (a caller may paste a secret into any field)
function described(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a ${typeof value}`;
}

/** The pure check behind the middleware: field errors for `body`, or [] when it is valid and its windows fit. */
export function createCrossValidationValidator(bounds: Bounds): (body: unknown) => FieldError[] {
  const forecastCheck = createForecastValidator(bounds);
  const allowed = new Set<string>(CROSS_VALIDATION_FIELDS);
  return (body) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return forecastCheck(body);
    const b = body as Record<string, unknown>;
    const errors: FieldError[] = [];
    const forecastPart: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(b)) {
      if (!allowed.has(field)) {
        errors.push({
          pointer: `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          detail: `unknown field "${field.slice(0, 40)}": remove it (allowed: ${CROSS_VALIDATION_FIELDS.join(', ')})`,
        });
      } else if (field !== 'windows' && field !== 'step') {
        forecastPart[field] = value;
      }
    }
    errors.push(...forecastCheck(forecastPart));
    if (b.windows !== undefined && !integerIn(b.windows, 1, MAX_WINDOWS)) {
      errors.push({ pointer: '/windows', detail: `windows must be an integer from 1 to ${MAX_WINDOWS} (got ${described(b.windows)})` });
    }
    if (b.step !== undefined && !integerIn(b.step, 1, bounds.maxSeriesLength)) {
      errors.push({ pointer: '/step', detail: `step must be an integer from 1 to ${bounds.maxSeriesLength}, or left out to step by the horizon (got ${described(b.step)})` });
    }
    if (errors.length > 0) return errors;
    const n = (b.series as unknown[]).length;
    const horizon = b.horizon as number;
    const windows = (b.windows as number | undefined) ?? DEFAULT_WINDOWS;
    const step = (b.step as number | undefined) ?? horizon;
    const fit = windowsThatFit(n, horizon, step);
    if (windows > fit) {
      const need = MIN_TRAINING_VALUES + horizon + (windows - 1) * step;
      const fits = fit === 0 ? 'no window fits' : `only ${fit} window${fit > 1 ? 's fit' : ' fits'}`;
      return [{
        pointer: fit === 0 ? '/series' : '/windows',
        detail: `a series of ${n} values is too short for ${windows} windows of horizon ${horizon} every ${step} values (needs ${need}: ` +
          `${MIN_TRAINING_VALUES} before the first cutoff); ${fits}: ask for fewer windows, a smaller horizon or step, or send a longer series`,
      }];
    }
    return [];
  };
}

/** Puts the validated body, defaults filled, on ctx.state.crossValidationRequest, or throws 400 with errors[]. */
export function validateCrossValidation(bounds: Bounds): Middleware {
  const check = createCrossValidationValidator(bounds);
  return async (ctx, next) => {
    const body = ctx.request.body;
    const errors = check(body);
    if (errors.length > 0) throw invalidRequest(errors);
    const b = body as CrossValidationRequestBody;
    const request: CrossValidationRequest = { ...b, windows: b.windows ?? DEFAULT_WINDOWS, step: b.step ?? b.horizon };
    ctx.state.crossValidationRequest = request;
    ctx.state.datePlan = requestDates({ timestamps: b.timestamps, freq: b.freq, length: b.series.length, horizon: b.horizon });
    await next();
  };
}
