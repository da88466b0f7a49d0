// JobExpiredError: the job's results were kept as long as the server keeps them, and are gone (410).
import { APIError } from './api-error.js';

/** JOB_EXPIRED (410): the job succeeded but its results were deleted when their keeping time ran out; its record remains. Never retried. */
export class JobExpiredError extends APIError {
  override name = 'JobExpiredError';
}
