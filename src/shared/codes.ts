// The one error catalogue: every code the service can answer with, its HTTP status and title.
// The server writes these; the client maps them back to typed exceptions.

export const ERROR_CATALOGUE = {
  API_KEY_INVALID: { status: 401, title: 'API key invalid', slug: 'api-key-invalid' },
  API_KEY_INACTIVE: { status: 401, title: 'API key inactive', slug: 'api-key-inactive' },
  API_KEY_EXPIRED: { status: 401, title: 'API key expired', slug: 'api-key-expired' },
  REQUEST_INVALID: { status: 400, title: 'Request invalid', slug: 'request-invalid' },
  MODEL_NOT_AVAILABLE: { status: 404, title: 'Model not available', slug: 'model-not-available' },
  NOT_FOUND: { status: 404, title: 'Not found', slug: 'not-found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', slug: 'method-not-allowed' },
  FORECAST_ALREADY_RUNNING: { status: 409, title: 'Forecast already running', slug: 'forecast-already-running' },
  API_USAGE_LIMIT: { status: 429, title: 'API usage limit exceeded', slug: 'api-usage-limit' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error', slug: 'internal-error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable', slug: 'service-unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Base of every problem `type` URI. */
export const ERROR_TYPE_BASE = 'https://tempo.dev/errors/';

/** The problem `type` URI of a code. */
export function errorType(code: ErrorCode): string {
  return ERROR_TYPE_BASE + ERROR_CATALOGUE[code].slug;
}

/** One entry of a 400's `errors[]`: a JSON pointer into the body and what is wrong there. */
export interface FieldError {
  pointer: string;
  detail: string;
}

/** The RFC 9457 body every error response carries. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  instance: string;
  request_id: string;
  errors?: FieldError[];
  retry_after?: number;
  violated_policies?: string[];
}
