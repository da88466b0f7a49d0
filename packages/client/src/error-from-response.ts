// Turns an error response into the typed exception for it: by the catalogue `code` first, then by
// the HTTP status family, so a code added to the server later still lands in the right branch.
import type { ErrorCode, ProblemBody } from '../../../src/common/codes.js';
import {
  APIError, type ApiErrorInit, ApiKeyExpiredError, ApiKeyInactiveError, ApiKeyInvalidError, AuthenticationError,
  ConflictError, ForecastAlreadyRunningError, InternalServerError, JobExpiredError, JobNotFinishedError, JobNotFoundError, ModelNameTakenError, ModelNotReadyError, ModelNotAvailableError, RequestInvalidError,
  ServiceUnavailableError, UsageLimitError,
} from './errors/index.js';
import { parseRateLimit, parseRetryAfter, type HeaderSource, type RateLimitState } from './rate-limit.js';

type ErrorClass = new (init: ApiErrorInit) => APIError;

// Keyed by the shared catalogue's type, so a code added there fails this build until it is mapped.
const BY_CODE: { [C in ErrorCode]: ErrorClass } = {
  API_KEY_INVALID: ApiKeyInvalidError,
  API_KEY_INACTIVE: ApiKeyInactiveError,
  API_KEY_EXPIRED: ApiKeyExpiredError,
  REQUEST_INVALID: RequestInvalidError,
  MODEL_NOT_AVAILABLE: ModelNotAvailableError,
  // a wrong path or method means a wrong baseUrl or client version: nothing more specific to say
  NOT_FOUND: APIError,
  METHOD_NOT_ALLOWED: APIError,
  FORECAST_ALREADY_RUNNING: ForecastAlreadyRunningError,
  MODEL_NOT_READY: ModelNotReadyError,
  MODEL_NAME_TAKEN: ModelNameTakenError,
  JOB_NOT_FOUND: JobNotFoundError,
  JOB_NOT_FINISHED: JobNotFinishedError,
  JOB_EXPIRED: JobExpiredError,
  API_USAGE_LIMIT: UsageLimitError,
  INTERNAL_ERROR: InternalServerError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
};

/** The class an answer with this status gets when its code is missing or unknown. */
export function classForStatus(status: number): ErrorClass {
  if (status === 401 || status === 403) return AuthenticationError;
  if (status === 400 || status === 413 || status === 415 || status === 422) return RequestInvalidError;
  if (status === 409) return ConflictError;
  if (status === 429) return UsageLimitError;
  if (status === 502 || status === 503 || status === 504) return ServiceUnavailableError;
  if (status >= 500) return InternalServerError;
  return APIError;
}

/** The class for a code and status: the code's own class when the catalogue knows it, else the status family's. */
export function classFor(code: string | undefined, status: number): ErrorClass {
  return code !== undefined && Object.hasOwn(BY_CODE, code) ? BY_CODE[code as ErrorCode] : classForStatus(status);
}

/** Everything an error answer said; `scrub` removes the caller's key from any text before it is kept. */
export interface ErrorResponse {
  status: number;
  headers: HeaderSource & { forEach(cb: (value: string, name: string) => void): void };
  text: string;
}

/**
 * Builds the typed error for one non-2xx response; `scrub` is applied to the body and header values.
 * `rateLimit` is the state already parsed from these headers (parsed here when not given).
 */
export function errorFromResponse(res: ErrorResponse, scrub: (text: string) => string,
  rateLimit: RateLimitState | undefined = parseRateLimit(res.headers), now: number = Date.now()): APIError {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => { headers[name.toLowerCase()] = scrub(value); });
  const text = scrub(res.text);
  let body: Partial<ProblemBody> | string | undefined = text === '' ? undefined : text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Partial<ProblemBody>;
  } catch {
    // not JSON (a proxy's HTML page, say): keep the text as the body
  }
  const problem = typeof body === 'object' ? body : undefined;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const code = str(problem?.code);
  const init: ApiErrorInit = {
    status: res.status,
    code,
    detail: str(problem?.detail),
    title: str(problem?.title),
    requestId: str(problem?.request_id) ?? str(headers['x-request-id']),
    headers,
    body,
    rateLimit,
    retryAfter: parseRetryAfter(res.headers.get('retry-after'), now),
  };
  const Cls = classFor(code, res.status);
  return new Cls(init);
}
