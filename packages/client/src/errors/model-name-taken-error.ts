// ModelNameTakenError: a model of that name already exists (409).
import { ConflictError } from './conflict-error.js';

/** MODEL_NAME_TAKEN (409): a model or tuning already has this name; choose another. Never retried. */
export class ModelNameTakenError extends ConflictError {
  override name = 'ModelNameTakenError';
}
