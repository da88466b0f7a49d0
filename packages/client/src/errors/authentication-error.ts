// AuthenticationError: every 401; retrying with the same key cannot help, so it never is.
import { APIError } from './api-error.js';

/** Any 401 (including unknown future key codes): the key is missing, malformed, unknown, disabled or expired; do not retry with the same key. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
