// ServiceUnavailableError: the service cannot answer right now (503, or a 502/504 from a gateway).
import { APIError } from './api-error.js';

/** SERVICE_UNAVAILABLE (503) and gateway failures (502, 504): transient, retried, `retryAfter` when the server said. */
export class ServiceUnavailableError extends APIError {
  override name = 'ServiceUnavailableError';
}
