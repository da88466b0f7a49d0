// ApiKeyInactiveError: the key was disabled or revoked.
import { AuthenticationError } from './authentication-error.js';

/** API_KEY_INACTIVE: the key was disabled or revoked. */
export class ApiKeyInactiveError extends AuthenticationError {
  override name = 'ApiKeyInactiveError';
}
