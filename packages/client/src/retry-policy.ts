// Which failures are worth another attempt, and how long to wait first: the server's Retry-After
// when it gave one (capped), else exponential backoff with full jitter so clients do not retry in step.
import { APIError, ConnectionError, JobNotFinishedError, ModelNameTakenError, TempoError, TimeoutError } from './errors/index.js';

export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60;
export const DEFAULT_BACKOFF_BASE_MS = 500;
/** Ceiling of one backoff step before jitter. */
export const MAX_BACKOFF_MS = 8000;

/** True for failures another attempt can fix: 409 (but a taken name or an unfinished job), 429, any 5xx, no answer, a timeout. Never 400/401/404/410. */
export function isRetryable(err: TempoError): boolean {
  if (err instanceof ConnectionError || err instanceof TimeoutError) return true;
  // waiting does not free a name
  if (err instanceof ModelNameTakenError) return false;
  // a job may run for hours: waitForJob is the way to wait for it, not a retry loop
  if (err instanceof JobNotFinishedError) return false;
  if (err instanceof APIError) return err.status === 409 || err.status === 429 || err.status >= 500;
  return false;
}

export interface DelayOptions {
  maxRetryAfterSeconds: number;
  backoffBaseMs: number;
  random: () => number;
}

/** Milliseconds to wait before retry number `retry` (0 = the first retry) after `err`. */
export function retryDelayMs(err: TempoError, retry: number, o: DelayOptions): number {
  const asked = err instanceof APIError ? err.retryAfter : undefined;
  if (asked !== undefined) return Math.round(Math.min(asked, o.maxRetryAfterSeconds) * 1000);
  const ceiling = Math.min(MAX_BACKOFF_MS, o.backoffBaseMs * 2 ** retry);
  // full jitter (uniform over [0, ceiling)) spreads a crowd of clients better than a fixed step
  return Math.floor(o.random() * ceiling);
}
