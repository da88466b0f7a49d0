// JobNotFoundError: no job of the key's organization has this id (another organization's looks the same).
import { APIError } from './api-error.js';

/** JOB_NOT_FOUND (404): no job of the key's organization has this id (another organization's looks the same). */
export class JobNotFoundError extends APIError {
  override name = 'JobNotFoundError';
}
