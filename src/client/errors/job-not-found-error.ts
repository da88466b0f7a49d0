// JobNotFoundError: no job of that id belongs to the key's organization (404).
import { APIError } from './api-error.js';

/** JOB_NOT_FOUND (404): the job does not exist, was deleted, or belongs to another organization (the answer is the same). Never retried. */
export class JobNotFoundError extends APIError {
  override name = 'JobNotFoundError';
}
