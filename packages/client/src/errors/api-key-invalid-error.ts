// ApiKeyInvalidError: the key is missing, malformed or unknown.
import { AuthenticationError } from './authentication-error.js';

/** API_KEY_INVALID: the key is missing, malformed or unknown. */
export class ApiKeyInvalidError extends AuthenticationError {
  override name = 'ApiKeyInvalidError';
}
