// Validates an anomalies body: series and season_length by the forecast's own checks (same
// messages), then the single level.
import type { Middleware } from 'koa';
import type { Bounds } from '../../config/config.js';
import type { FieldError } from '../../shared/codes.js';
import type { AnomaliesRequestBody } from '../../shared/anomaly-types.js';
import { invalidRequest } from '../errors.js';
import { requestDates } from '../request-dates.js';
import { ANOMALIES_FIELDS, DEFAULT_ANOMALY_LEVEL } from '../schemas/anomalies-request.js';
import { createForecastValidator } from './validate-forecast.js';

/** An anomalies request with its level filled in. */
export interface AnomaliesRequest extends AnomaliesRequestBody {
  level: number;
}

// what the caller sent, without echoing strings (a caller may paste a secret into any field)
function described(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a ${typeof value}`;
}

/** The pure check behind the middleware: field errors for `body`, or [] when it is valid. */
export function createAnomaliesValidator(bounds: Bounds): (body: unknown) => FieldError[] {
  const forecastCheck = createForecastValidator(bounds);
  const allowed = new Set<string>(ANOMALIES_FIELDS);
  return (body) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return [{ pointer: '', detail: 'the body must be a JSON object like {"series": [1, 2, 3], "level": 99}' }];
    }
    const b = body as Record<string, unknown>;
    const errors: FieldError[] = [];
    // the forecast checks want a horizon; 1 is always valid, and no error can point at it
    const forecastPart: Record<string, unknown> = { horizon: 1 };
    for (const [field, value] of Object.entries(b)) {
      if (!allowed.has(field)) {
        errors.push({
          pointer: `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          detail: `unknown field "${field.slice(0, 40)}": remove it (allowed: ${ANOMALIES_FIELDS.join(', ')})`,
        });
      } else if (field !== 'level') {
        forecastPart[field] = value;
      }
    }
    errors.push(...forecastCheck(forecastPart));
    const level = b.level;
    if (level !== undefined && !(typeof level === 'number' && level > 0 && level < 100)) {
      errors.push({ pointer: '/level', detail: `level must be one number between 0 and 100 exclusive, e.g. 99 (got ${described(level)})` });
    }
    return errors;
  };
}

/** Puts the validated body, level filled, on ctx.state.anomaliesRequest, or throws 400 with errors[]. */
export function validateAnomalies(bounds: Bounds): Middleware {
  const check = createAnomaliesValidator(bounds);
  return async (ctx, next) => {
    const body = ctx.request.body;
    const errors = check(body);
    if (errors.length > 0) throw invalidRequest(errors);
    const b = body as AnomaliesRequestBody;
    ctx.state.anomaliesRequest = { ...b, level: b.level ?? DEFAULT_ANOMALY_LEVEL } satisfies AnomaliesRequest;
    ctx.state.datePlan = requestDates({ timestamps: b.timestamps, freq: b.freq, length: b.series.length, horizon: 1 });
    await next();
  };
}
