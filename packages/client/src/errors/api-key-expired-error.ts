// ApiKeyExpiredError: the key's expiry date has passed.
import { AuthenticationError } from './authentication-error.js';

/** API_KEY_EXPIRED: the key's expiry date has passed. */
export class ApiKeyExpiredError extends AuthenticationError {
  override name = 'ApiKeyExpiredError';
}
