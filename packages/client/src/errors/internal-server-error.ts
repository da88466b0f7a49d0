// InternalServerError: the server failed (500, or a 5xx that does not mean "unavailable"); retried, then thrown.
import { APIError } from './api-error.js';

/** INTERNAL_ERROR and any 5xx not meaning unavailable: the server failed; retried, then thrown with its request id. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}
