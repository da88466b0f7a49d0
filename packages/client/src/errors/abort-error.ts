// AbortError: the caller's AbortSignal fired; nothing more is sent and no retry follows.
import { TempoError } from './tempo-error.js';

/** The caller aborted the call (its signal fired), during a request or a wait between retries. */
export class AbortError extends TempoError {
  override name = 'AbortError';

  constructor(reason: unknown) {
    super('the call was aborted by its signal', { cause: reason });
  }
}
