// JobNotFinishedError: the job has not succeeded yet; `retryAfter` says when to ask again while it is queued or running.
import { ConflictError } from './conflict-error.js';

/** JOB_NOT_FINISHED (409): the job has not succeeded yet; `retryAfter` says when to ask again while it is queued or running. */
export class JobNotFinishedError extends ConflictError {
  override name = 'JobNotFinishedError';
}
