// TimeoutError: an attempt outlived the per-attempt timeout (headers and body both count).
import { TempoError } from './tempo-error.js';

/** One attempt took longer than `timeoutMs`; retried like a connection error. */
export class TimeoutError extends TempoError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number, url: string) {
    super(`no complete answer from ${url} within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}
