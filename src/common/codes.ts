// The one error catalogue: every code the service can answer with, its HTTP status and title.
// The server writes these; the client maps them back to typed exceptions.

export const ERROR_CATALOGUE = {
  API_KEY_INVALID: { status: 401, title: 'API key invalid', slug: 'api-key-invalid', description: 'The Authorization header is missing, malformed, or names a key this server does not know. Send `Authorization: Bearer <key>` with a key from `tempo keys create`.' },
  API_KEY_INACTIVE: { status: 401, title: 'API key inactive', slug: 'api-key-inactive', description: 'The key exists but was disabled. An operator can enable it again with `tempo keys enable KEY_ID`, or issue a new one.' },
  API_KEY_EXPIRED: { status: 401, title: 'API key expired', slug: 'api-key-expired', description: 'The key\'s expiry date has passed. Ask an operator for a new key.' },
  REQUEST_INVALID: { status: 400, title: 'Request invalid', slug: 'request-invalid', description: 'The request could not be used as sent: `errors[]` holds a JSON pointer to each offending place in the body and what to change. 413 means the body is over the size limit, 415 that it is not JSON.' },
  MODEL_NOT_AVAILABLE: { status: 404, title: 'Model not available', slug: 'model-not-available', description: 'The model in the path does not exist or belongs to another organization (the answer is the same for both). `GET /v1/models` lists the models your key may use.' },
  NOT_FOUND: { status: 404, title: 'Not found', slug: 'not-found', description: 'No endpoint answers this path. `GET /openapi.json` lists every path this server serves.' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed', slug: 'method-not-allowed', description: 'The path exists but not with this method; the `Allow` header lists the methods it takes.' },
  FORECAST_ALREADY_RUNNING: { status: 409, title: 'Forecast already running', slug: 'forecast-already-running', description: 'Each key runs one forecast at a time. Wait for the running one to finish (see `Retry-After`) and send again.' },
  MODEL_NOT_READY: { status: 409, title: 'Model not ready', slug: 'model-not-ready', description: 'The organization\'s model is still being tuned. `GET /v1/models/{name}` shows its progress; send again after `Retry-After` seconds.' },
  MODEL_NAME_TAKEN: { status: 409, title: 'Model name taken', slug: 'model-name-taken', description: 'A model (or a tuning) already has this name. Choose another name, or delete your own model of that name first.' },
  JOB_NOT_FOUND: { status: 404, title: 'Job not found', slug: 'job-not-found', description: 'No job of your organization has this id (another organization\'s job looks the same as none). `GET /v1/jobs` lists your organization\'s jobs.' },
  JOB_NOT_FINISHED: { status: 409, title: 'Job not finished', slug: 'job-not-finished', description: 'The job\'s results exist only once it has succeeded. `GET /v1/jobs/{id}` shows its progress; while it is queued or running, ask again after `Retry-After` seconds.' },
  JOB_EXPIRED: { status: 410, title: 'Job results expired', slug: 'job-expired', description: 'The job\'s results were deleted: they are kept for a limited time after it finishes (`expires_at`), and a deleted job keeps none. Run the job again.' },
  API_USAGE_LIMIT: { status: 429, title: 'API usage limit exceeded', slug: 'api-usage-limit', description: 'A quota window of this key is full (or too many failed authentications came from this address). `retry_after` and `Retry-After` say when to send again; `violated_policies` says which window.' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error', slug: 'internal-error', description: 'The server failed to answer. Retry; if it persists, report the `request_id` to the operator, whose log holds the cause.' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable', slug: 'service-unavailable', description: 'The server cannot answer now: a store is unreachable, or it is shutting down or overloaded. Retry after `Retry-After` seconds, possibly on another instance.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * Base of every problem `type` URI: a reference relative to the server that answered, which
 * serves a page for each code there, so a self-hosted server's types resolve on that server.
 */
export const ERROR_TYPE_BASE = '/errors/';

/** The problem `type` URI of a code. */
export function errorType(code: ErrorCode): string {
  return ERROR_TYPE_BASE + ERROR_CATALOGUE[code].slug;
}

/** One entry of a 400's `errors[]`: a JSON pointer into the body and what is wrong there. */
export interface FieldError {
  pointer: string;
  detail: string;
  /** the id of the series the pointer is in (a batch's, a tuning's), when the caller gave one that may be repeated */
  id?: string;
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
