// The typed error handlers throw: a catalogue code plus what to change; only the boundary renders it.
import { ERROR_CATALOGUE, type ErrorCode, type FieldError } from '../common/codes.js';

export interface ApiErrorOptions {
  /** Field problems, as JSON pointers into the body (validation failures). */
  errors?: FieldError[];
  /** Response headers this error needs (Retry-After, Allow, rate-limit headers). */
  headers?: Record<string, string>;
  /** Extra body members (e.g. retry_after, violated_policies). */
  extra?: Record<string, unknown>;
  /** A status other than the catalogue's, where the API allows one (413, 415 for REQUEST_INVALID). */
  status?: number;
  cause?: unknown;
}

/** An error with a stable catalogue code; `detail` is shown to the caller, so it never holds a secret. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly errors?: FieldError[];
  headers: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, detail: string, options: ApiErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
    this.detail = detail;
    this.errors = options.errors;
    this.headers = { ...options.headers };
    this.extra = options.extra;
  }
}

/** The ApiError an arbitrary thrown value stands for; unknown errors become a bare INTERNAL_ERROR. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError('INTERNAL_ERROR', 'the server failed to answer this request; retry, and report the request id if it persists', { cause: err });
}

/** The 400 for a body with field problems: the first one's detail leads, the rest are counted and listed in errors[]. */
export function invalidRequest(errors: FieldError[]): ApiError {
  const more = errors.length > 1 ? ` (${errors.length - 1} more problem${errors.length > 2 ? 's' : ''} in errors)` : '';
  return new ApiError('REQUEST_INVALID', errors[0].detail + more, { errors });
}
