// ForecastAlreadyRunningError: the key's one running forecast slot is taken (409).
import { ConflictError } from './conflict-error.js';

/** FORECAST_ALREADY_RUNNING (409): another forecast with this key is still running; `retryAfter` says when to try again. */
export class ForecastAlreadyRunningError extends ConflictError {
  override name = 'ForecastAlreadyRunningError';
}
