// ModelTuningFailedError: waitUntilReady saw the tuning end in 'failed'.
import { TempoError } from './tempo-error.js';

/** The model's tuning failed; `reason` is what the server said. Start a new tuning to try again. */
export class ModelTuningFailedError extends TempoError {
  override name = 'ModelTuningFailedError';

  constructor(readonly model: string, readonly reason: string | undefined) {
    super(`tuning of model ${model} failed${reason ? `: ${reason}` : ''}`);
  }
}
