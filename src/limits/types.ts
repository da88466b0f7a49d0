// The limits interface: per-key fixed windows and the per-key running lock. Memory implements it
// now, Redis next; both must answer the same way.

export interface WindowState {
  name: 'minute' | 'hour';
  limit: number;
  remaining: number;   // after this request, when admitted
  resetSeconds: number; // seconds until the window resets
  windowSeconds: number;
}

export interface AdmitResult {
  admitted: boolean;
  windows: WindowState[];      // always both, minute first
  violated: Array<'minute' | 'hour'>;
  retryAfterSeconds: number;   // 0 when admitted
}

export interface Limits {
  /** Admits one request for `keyId` only when both windows have room, counting it in both. */
  admit(keyId: string, perMinute: number, perHour: number): Promise<AdmitResult>;
  /** Window state without counting (for headers on requests that were not counted). */
  peek(keyId: string, perMinute: number, perHour: number): Promise<AdmitResult>;
  /** Takes the key's running lock as a lease; returns a token, or null when it is held. */
  acquireLock(keyId: string, leaseMs: number): Promise<string | null>;
  /** Extends a lease the caller still holds; false when the token no longer owns it. */
  renewLock(keyId: string, token: string, leaseMs: number): Promise<boolean>;
  /** Releases the lock only if `token` still owns it. */
  releaseLock(keyId: string, token: string): Promise<void>;
  /** Resolves when the backend answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
