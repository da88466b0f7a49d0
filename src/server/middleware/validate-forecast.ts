// Validates the parsed forecast body against the schema compiled once at startup, and turns ajv's
// findings into JSON pointers with details that say what to change.
import { Ajv, type ErrorObject } from 'ajv';
import type { Middleware } from 'koa';
import type { Bounds } from '../../config/config.js';
import type { FieldError } from '../../shared/codes.js';
import type { ForecastRequestBody } from '../../shared/types.js';
import { invalidRequest } from '../errors.js';
import { harmlessName } from '../echo.js';
import { requestDates } from '../request-dates.js';
import { FORECAST_BODY_FIELDS, forecastRequestSchema } from '../schemas/forecast-request.js';
import { compiledOnce } from './compiled-once.js';
import { firstCrowded } from '../crowded-object.js';
import { isObject } from '../../shared/is-object.js';

/** Most field errors one response lists; a 10,000-element series of strings needs only a sample. */
const MAX_FIELD_ERRORS = 20;

// what the caller sent, without echoing strings (a caller may paste a secret into any field)
function described(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a ${typeof value}`;
}

function valueAt(body: unknown, pointer: string): unknown {
  let v: unknown = body;
  for (const part of pointer.split('/').slice(1)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

function fieldRule(field: string, bounds: Bounds): string {
  switch (field) {
    case 'series': return `series must be an array of 1 to ${bounds.maxSeriesLength} finite numbers (null marks a missing value) with at least one number`;
    case 'horizon': return `horizon must be an integer from 1 to ${bounds.maxHorizon}`;
    case 'season_length': return `season_length must be an integer from 1 to ${bounds.maxSeriesLength}, or left out to detect it`;
    case 'timestamps': return 'timestamps must be an array of RFC 3339 dates (2024-01-31) or date-times with an offset (2024-01-31T13:00:00Z), one per series value';
    case 'freq': return 'freq must be an ISO 8601 duration (P1M, PT1H, ...) or an alias (M, h, D, W, Q, Y)';
    case 'level': return `level must be an array of 1 to ${bounds.maxLevels} distinct numbers between 0 and 100 (exclusive), e.g. [80, 95]`;
    case 'fitted': return 'fitted must be true or false';
    default: return `${field} is not a known field`;
  }
}

function fieldError(e: ErrorObject, body: unknown, bounds: Bounds): FieldError {
  if (e.keyword === 'required') {
    const field = (e.params as { missingProperty: string }).missingProperty;
    return { pointer: `/${field}`, detail: `${field} is required: ${fieldRule(field, bounds)}` };
  }
  if (e.keyword === 'additionalProperties') {
    const field = (e.params as { additionalProperty: string }).additionalProperty;
    if (!harmlessName(field)) {
      return {
        pointer: e.instancePath,
        detail: `an unknown field (its name is withheld because it could be a secret): remove it (allowed: ${FORECAST_BODY_FIELDS.join(', ')})`,
      };
    }
    return {
      pointer: `${e.instancePath}/${field}`,
      detail: `unknown field "${field}": remove it (allowed: ${FORECAST_BODY_FIELDS.join(', ')})`,
    };
  }
  if (e.instancePath === '') {
    return { pointer: '', detail: 'the body must be a JSON object like {"series": [1, 2, 3], "horizon": 2}' };
  }
  const [, field, index] = e.instancePath.split('/');
  const got = described(valueAt(body, e.instancePath));
  if (field === 'series' && index !== undefined) {
    return { pointer: e.instancePath, detail: `series/${index} must be a finite number or null (got ${got})` };
  }
  if (field === 'level' && index !== undefined) {
    return { pointer: e.instancePath, detail: `level/${index} must be a number between 0 and 100 exclusive (got ${got})` };
  }
  if (field === 'timestamps' && index !== undefined) {
    return { pointer: e.instancePath, detail: `timestamps/${index} must be a date string of at most 40 characters like 2024-01-31 or 2024-01-31T13:00:00Z (got ${got})` };
  }
  if (field === 'series' && e.keyword === 'contains') {
    return { pointer: e.instancePath, detail: 'series must hold at least one number; null only marks missing values' };
  }
  if (field === 'level' && e.keyword === 'uniqueItems') {
    return { pointer: e.instancePath, detail: 'level must not repeat a value' };
  }
  return { pointer: e.instancePath, detail: `${fieldRule(field, bounds)} (got ${got})` };
}

/** Bodies with more array elements than this get the first error only: listing them all costs too much. */
const FULL_REPORT_ELEMENTS = 2000;

function arrayElements(body: unknown): number {
  if (!isObject(body)) return 0;
  let n = 0;
  for (const v of Object.values(body)) if (Array.isArray(v)) n += v.length;
  return n;
}

// the series' first few elements that are neither numbers nor null, found without ajv
function badSeriesItems(body: unknown, limit: number): FieldError[] {
  const series = (body as { series?: unknown }).series;
  if (!Array.isArray(series)) return [];
  const out: FieldError[] = [];
  for (let i = 0; i < series.length && out.length < limit; i++) {
    const v = series[i];
    if (v !== null && typeof v !== 'number') out.push({ pointer: `/series/${i}`, detail: `series/${i} must be a finite number or null (got ${described(v)})` });
  }
  return out;
}

/** The pure check behind the middleware: field errors for `body`, or [] when it is valid (compiled once per bounds). */
export const createForecastValidator = compiledOnce(compileForecastValidator);

function compileForecastValidator(bounds: Bounds): (body: unknown) => FieldError[] {
  const schema = forecastRequestSchema(bounds);
  // a valid body, or the first fault of a large one, costs one early-exit pass; only small
  // invalid bodies get every problem listed (allErrors on 10,000 strings costs tens of ms)
  const firstError = new Ajv({ allErrors: false, strict: true }).compile(schema);
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  const collect = (errors: ErrorObject[], body: unknown, out: FieldError[], seen: Set<string>) => {
    for (const e of errors) {
      if (out.length === MAX_FIELD_ERRORS) break;
      // ajv also reports each element that failed `contains`; for an all-null series those say
      // "null is not a number", which contradicts the rule that null marks a missing value
      if (e.schemaPath.includes('/contains/')) continue;
      const fe = fieldError(e, body, bounds);
      // one entry per pointer: ajv reports e.g. both "type" and "contains" for the same place
      if (seen.has(fe.pointer)) continue;
      seen.add(fe.pointer);
      out.push(fe);
    }
  };
  return (body) => {
    if (firstError(body)) return [];
    const crowd = firstCrowded(body);
    if (crowd !== null) return [crowd];
    const seen = new Set<string>();
    const out: FieldError[] = [];
    if (arrayElements(body) <= FULL_REPORT_ELEMENTS) {
      validate(body);
      collect(validate.errors ?? [], body, out, seen);
      return out;
    }
    collect(firstError.errors ?? [], body, out, seen);
    for (const fe of badSeriesItems(body, MAX_FIELD_ERRORS)) {
      if (out.length === MAX_FIELD_ERRORS) break;
      if (!seen.has(fe.pointer)) { seen.add(fe.pointer); out.push(fe); }
    }
    // an invalid body must never come back as "no problems", whatever the filters above dropped
    if (out.length === 0) out.push({ pointer: '', detail: 'the body does not match the forecast request schema (see /openapi.json)' });
    return out;
  };
}

/** Puts the validated body on ctx.state.forecastRequest, or throws 400 with errors[]. */
export function validateForecast(bounds: Bounds): Middleware {
  const check = createForecastValidator(bounds);
  return async (ctx, next) => {
    const body = ctx.request.body;
    const errors = check(body);
    if (errors.length > 0) throw invalidRequest(errors);
    const request = body as ForecastRequestBody;
    ctx.state.forecastRequest = request;
    ctx.state.datePlan = requestDates({
      timestamps: request.timestamps, freq: request.freq, length: request.series.length, horizon: request.horizon,
    });
    await next();
  };
}
