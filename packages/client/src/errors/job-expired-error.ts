// JobExpiredError: the job's results were deleted (they expire, and a deleted job keeps none).
import { APIError } from './api-error.js';

/** JOB_EXPIRED (410): the job's results were deleted (they expire, and a deleted job keeps none). */
export class JobExpiredError extends APIError {
  override name = 'JobExpiredError';
}
