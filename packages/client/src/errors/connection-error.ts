// ConnectionError: no HTTP answer at all (refused, reset, DNS, TLS), so there is no status to map.
import { TempoError } from './tempo-error.js';

/** The request got no response (refused, reset, dropped); retried. The message names the URL, never the key. */
export class ConnectionError extends TempoError {
  override name = 'ConnectionError';
  /** The system error code when the runtime gave one (`ECONNREFUSED`, `ECONNRESET`, …). */
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}
