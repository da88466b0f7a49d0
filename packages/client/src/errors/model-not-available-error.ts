// ModelNotAvailableError: a 404 for a model the key may not use, whether it exists or not.
import { APIError } from './api-error.js';

/** MODEL_NOT_AVAILABLE (404): the model does not exist or the key's organization may not use it; detail links the settings page. */
export class ModelNotAvailableError extends APIError {
  override name = 'ModelNotAvailableError';
}
