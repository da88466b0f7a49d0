// JobFailedError: waitForJob saw the job end without results (failed or cancelled).
import { TempoError } from './tempo-error.js';

/** The job ended `failed` or `cancelled`; `job` is its last state (status, progress, errors). */
export class JobFailedError extends TempoError {
  override name = 'JobFailedError';

  constructor(readonly jobId: string, readonly status: 'failed' | 'cancelled', readonly errors: ReadonlyArray<{ id: string; code: string; detail: string }>) {
    const first = errors[0];
    super(`job ${jobId} ${status === 'failed' ? 'failed' : 'was cancelled'}${first ? `: ${first.id ? `series ${first.id}: ` : ''}${first.detail}` : ''}`);
  }
}
