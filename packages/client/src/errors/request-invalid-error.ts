// RequestInvalidError: the server refused the request body; `errors` points at what to change.
import { APIError } from './api-error.js';

/** REQUEST_INVALID (400, 413, 415) and other 4xx validation answers; `errors` lists JSON pointers into the body. */
export class RequestInvalidError extends APIError {
  override name = 'RequestInvalidError';
}
