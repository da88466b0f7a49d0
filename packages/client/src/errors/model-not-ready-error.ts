// ModelNotReadyError: the model is still being tuned (409).
import { ConflictError } from './conflict-error.js';

/** MODEL_NOT_READY (409): the organization's model is still tuning; `retryAfter` says when to look again, or use `waitUntilReady()`. */
export class ModelNotReadyError extends ConflictError {
  override name = 'ModelNotReadyError';
}
