// JobNotFinishedError: the job's results were asked for before it succeeded (409).
import { ConflictError } from './conflict-error.js';

/** JOB_NOT_FINISHED (409): the job has not succeeded yet; `retryAfter` says when to look again, or use `waitForJob()`. */
export class JobNotFinishedError extends ConflictError {
  override name = 'JobNotFinishedError';
}
