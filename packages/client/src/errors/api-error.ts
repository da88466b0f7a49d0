// An answer from the service that is not a success: everything the response said, typed.
import type { FieldError, ProblemBody } from '../../../../src/common/codes.js';
import type { RateLimitState } from '../rate-limit.js';
import { TempoError } from './tempo-error.js';

/** What the client read from one error response (secrets already scrubbed). */
export interface ApiErrorInit {
  status: number;
  /** The catalogue code, or an unknown future one, or undefined when the body was not problem+json. */
  code: string | undefined;
  detail: string | undefined;
  title: string | undefined;
  requestId: string | undefined;
  headers: Record<string, string>;
  /** The parsed problem body, or the raw text when it was not JSON. */
  body: Partial<ProblemBody> | string | undefined;
  rateLimit: RateLimitState | undefined;
  /** Seconds the server asked us to wait (Retry-After), when it said. */
  retryAfter: number | undefined;
}

/** Base of every HTTP error answer; subclasses are chosen by `code`, then by status family. */
export class APIError extends TempoError {
  override name = 'APIError';
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly requestId: string | undefined;
  readonly headers: Record<string, string>;
  readonly body: Partial<ProblemBody> | string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(describe(init));
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
    this.rateLimit = init.rateLimit;
    this.retryAfter = init.retryAfter;
  }

  /** Field problems (JSON pointers into the request body) when the server listed any. */
  get errors(): FieldError[] {
    const b = this.body;
    return typeof b === 'object' && b !== null && Array.isArray(b.errors) ? b.errors : [];
  }
}

// "API key inactive: the key is disabled (401 API_KEY_INACTIVE, request req_1)": enough to act on and to report.
function describe(init: ApiErrorInit): string {
  const head = init.title ?? `HTTP ${init.status}`;
  // no problem details usually means a proxy or another server answered, which is worth saying
  const detail = init.detail ?? (init.code === undefined ? 'the answer carried no Tempo problem details' : undefined);
  const tags = [String(init.status), init.code].filter(Boolean).join(' ');
  const req = init.requestId ? `, request ${init.requestId}` : '';
  return `${head}${detail ? `: ${detail}` : ''} (${tags}${req})`;
}
