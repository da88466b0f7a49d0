// UsageLimitError: the key's per-minute or per-hour quota is used up (429).
import { APIError, type ApiErrorInit } from './api-error.js';

/** API_USAGE_LIMIT (429): `retryAfter` in seconds and the windows (`minute`, `hour`) that ran out. */
export class UsageLimitError extends APIError {
  override name = 'UsageLimitError';
  readonly violatedPolicies: string[];

  constructor(init: ApiErrorInit) {
    const body = typeof init.body === 'object' ? init.body : undefined;
    // the body's number is exact; the header may have been rewritten by a proxy
    const fromBody = typeof body?.retry_after === 'number' && Number.isFinite(body.retry_after) ? body.retry_after : undefined;
    super({ ...init, retryAfter: fromBody ?? init.retryAfter });
    this.violatedPolicies = Array.isArray(body?.violated_policies)
      ? body.violated_policies.filter((p): p is string => typeof p === 'string')
      : [];
  }
}
