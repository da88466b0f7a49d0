// ConflictError: the 409 family, for a 409 whose code this client does not know yet.
import { APIError } from './api-error.js';

/** A 409: the request conflicts with the state of the service (something running, not ready, or a name taken). */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
