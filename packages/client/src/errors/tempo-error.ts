// The root of every error the client throws, so one `instanceof TempoError` catches them all.

/** Base class of all client errors; `attempts` says how many requests were made before giving up. */
export class TempoError extends Error {
  override name = 'TempoError';
  /** Requests sent for the call that failed (1 + retries); 0 when none was sent. */
  attempts = 0;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }

  /** A plain, secret-free view for logs: JSON.stringify(error) shows name and message too. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) if (k !== 'name') out[k] = v;
    return out;
  }
}
