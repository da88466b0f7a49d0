// The one snake_case ↔ camelCase mapping between the API's bodies and the client's types.
import { seriesValue } from './series-value.js';
import type {
  BatchItemBody, BatchRequestBody, ForecastRequestBody, ForecastResponseBody, MethodBody, ModelsResponseBody, ValidateResponseBody,
} from '../../../src/common/types.js';
import type { RateLimitState } from './rate-limit.js';
import type {
  BatchItem, BatchParams, BatchSeries, DatedParams, ForecastParams, ForecastResult, MethodInfo, ModelsResult, RegressorParams, ValidateResult,
} from './types.js';

/** Adds a call's `timestamps` and `freq` to its body, leaving out those not given. */
export function withDates<B extends { timestamps?: string[]; freq?: string }>(body: B, p: DatedParams): B {
  if (p.timestamps !== undefined) body.timestamps = [...p.timestamps];
  if (p.freq !== undefined) body.freq = p.freq;
  return body;
}

/**
 * Adds a call's regressors, holiday code and quantiles to its body, leaving out those not given; a
 * regressor value that JSON cannot carry (NaN, ±Infinity) is refused with its place.
 */
export function withRegressors<B extends { regressors?: Record<string, number[]>; holidays?: string; quantiles?: number[] }>(body: B, p: RegressorParams, where = ''): B {
  if (p.regressors !== undefined) {
    if (p.regressors === null || typeof p.regressors !== 'object') throw new TypeError(`${where}regressors must be an object of name → number[]`);
    body.regressors = {};
    for (const [name, col] of Object.entries(p.regressors)) {
      if (!Array.isArray(col)) throw new TypeError(`${where}regressors.${name} must be an array of numbers`);
      col.forEach((v, j) => { if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`${where}regressors.${name}[${j}] is not a finite number`); });
      body.regressors[name] = [...col];
    }
  }
  if (p.holidays !== undefined) body.holidays = p.holidays;
  if (p.quantiles !== undefined) body.quantiles = [...p.quantiles];
  return body;
}

/** The request body for forecast params; optional fields are left out rather than sent as null. */
export function forecastBody(p: ForecastParams): ForecastRequestBody {
  const body: ForecastRequestBody = { series: [...p.series], horizon: p.horizon };
  if (p.seasonLength !== undefined) body.season_length = p.seasonLength;
  if (p.level !== undefined) body.level = [...p.level];
  if (p.fitted !== undefined) body.fitted = p.fitted;
  if (p.fillMissing !== undefined) body.fill_missing = p.fillMissing;
  return withRegressors(withDates(body, p), p);
}

/** An answer's `method` in the client's camelCase; `seasonalPeriods` only when the server sent them. */
function methodInfo(m: MethodBody): MethodInfo {
  const out: MethodInfo = { components: m.components, seasonLength: m.season_length };
  if (m.seasonal_periods !== undefined) out.seasonalPeriods = m.seasonal_periods;
  if (m.regressors !== undefined) out.regressors = m.regressors;
  if (m.regressors_dropped !== undefined) out.regressorsDropped = m.regressors_dropped;
  if (m.regressors_dropped_reason !== undefined) out.regressorsDroppedReason = m.regressors_dropped_reason;
  if (m.regression_errors !== undefined) out.regressionErrors = m.regression_errors;
  if (m.filled !== undefined) out.filled = m.filled;
  return out;
}

/** A forecast response body as a ForecastResult. */
export function forecastResult(b: ForecastResponseBody, requestId: string | undefined, rateLimit: RateLimitState | undefined): ForecastResult {
  const out: ForecastResult = { forecast: b.forecast, requestId, rateLimit };
  if (b.intervals !== undefined) out.intervals = b.intervals;
  if (b.quantiles !== undefined) out.quantiles = b.quantiles;
  if (b.model !== undefined) out.model = b.model;
  if (b.method !== undefined) out.method = methodInfo(b.method);
  if (b.fitted !== undefined) out.fitted = b.fitted;
  if (b.fitted_intervals !== undefined) out.fittedIntervals = b.fitted_intervals;
  if (b.timestamps !== undefined) out.timestamps = b.timestamps;
  if (b.freq !== undefined) out.freq = b.freq;
  return out;
}

/** A validate response body as a ValidateResult. */
export function validateResult(b: ValidateResponseBody, requestId: string | undefined): ValidateResult {
  return {
    valid: b.valid,
    keyId: b.key_id,
    status: b.status,
    env: b.env,
    projectId: b.project_id,
    organizationId: b.organization_id,
    userId: b.user_id,
    productId: b.product_id,
    name: b.name,
    expiresAt: b.expires_at === null ? null : new Date(b.expires_at),
    rateLimitPerMinute: b.rate_limit_per_minute,
    rateLimitPerHour: b.rate_limit_per_hour,
    requestId,
  };
}

/** A models response body as a ModelsResult. */
export function modelsResult(b: ModelsResponseBody, requestId: string | undefined): ModelsResult {
  return {
    organizationId: b.organization_id,
    models: b.models.map((m) => ({ name: m.name, default: m.default, base: m.base, config: m.config, createdAt: new Date(m.created_at) })),
    requestId,
  };
}

/**
 * The batch request body; NaN, ±Infinity and non-numbers are refused with their place (null marks a
 * missing value). `offset`: where the first of `p.series` is in the caller's whole input
 * (forecastMany's batches), so a message names the place the caller knows.
 */
export function batchBody(p: BatchParams, offset = 0): BatchRequestBody {
  const body: BatchRequestBody = { horizon: p.horizon, series: p.series.map((s, i) => batchSeriesBody(s, offset + i)) };
  if (p.onInvalid !== undefined) body.on_invalid = p.onInvalid;
  if (p.fitted !== undefined) body.fitted = p.fitted;
  if (p.fillMissing !== undefined) body.fill_missing = p.fillMissing;
  if (p.level !== undefined) body.level = [...p.level];
  if (p.freq !== undefined) body.freq = p.freq;
  if (p.seasonLength !== undefined) body.season_length = p.seasonLength;
  if (p.holidays !== undefined) body.holidays = p.holidays;
  if (p.quantiles !== undefined) body.quantiles = [...p.quantiles];
  return body;
}

/** One series of a batch (or job) body; NaN becomes null, a non-finite value is refused with its place. */
export function batchSeriesBody(s: BatchSeries, i: number): BatchRequestBody['series'][number] {
  if (s === null || typeof s !== 'object' || !Array.isArray(s.values)) throw new TypeError(`series[${i}] needs { id: string, values: number[] }`);
  const values = s.values.map((v, j) => seriesValue(v, `series[${i}] (id ${JSON.stringify(s.id)}).values[${j}]`));
  const out: BatchRequestBody['series'][number] = { id: s.id, values };
  if (s.timestamps !== undefined) out.timestamps = [...s.timestamps];
  if (s.seasonLength !== undefined) out.season_length = s.seasonLength;
  return withRegressors(out, { regressors: s.regressors, holidays: s.holidays }, `series[${i}].`);
}

/** One batch answer item as a BatchItem. */
export function batchItem(b: BatchItemBody): BatchItem {
  if ('error' in b) return { id: b.id, error: { ...b.error } };
  const out: BatchItem = { id: b.id, forecast: b.forecast };
  if (b.intervals !== undefined) out.intervals = b.intervals;
  if (b.quantiles !== undefined) out.quantiles = b.quantiles;
  if (b.timestamps !== undefined) out.timestamps = b.timestamps;
  if (b.freq !== undefined) out.freq = b.freq;
  if (b.method !== undefined) out.method = methodInfo(b.method);
  if (b.fitted !== undefined) out.fitted = b.fitted;
  if (b.fitted_intervals !== undefined) out.fittedIntervals = b.fitted_intervals;
  return out;
}
