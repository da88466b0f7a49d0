// The one snake_case ↔ camelCase mapping between the API's bodies and the client's types.
import type { ForecastRequestBody, ForecastResponseBody, ModelsResponseBody, ValidateResponseBody } from '../shared/types.js';
import type { RateLimitState } from './rate-limit.js';
import type { ForecastParams, ForecastResult, ModelsResult, ValidateResult } from './types.js';

/** The request body for forecast params; optional fields are left out rather than sent as null. */
export function forecastBody(p: ForecastParams): ForecastRequestBody {
  const body: ForecastRequestBody = { series: [...p.series], horizon: p.horizon };
  if (p.seasonLength !== undefined) body.season_length = p.seasonLength;
  if (p.level !== undefined) body.level = [...p.level];
  if (p.fitted !== undefined) body.fitted = p.fitted;
  return body;
}

/** A forecast response body as a ForecastResult. */
export function forecastResult(b: ForecastResponseBody, requestId: string | undefined, rateLimit: RateLimitState | undefined): ForecastResult {
  const out: ForecastResult = { forecast: b.forecast, requestId, rateLimit };
  if (b.intervals !== undefined) out.intervals = b.intervals;
  if (b.model !== undefined) out.model = b.model;
  if (b.method !== undefined) out.method = { components: b.method.components, seasonLength: b.method.season_length };
  if (b.fitted !== undefined) out.fitted = b.fitted;
  if (b.fitted_intervals !== undefined) out.fittedIntervals = b.fitted_intervals;
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
