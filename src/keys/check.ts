// The API key checks in their fixed order, as one pure function over an already looked-up record.
import type { KeyRecord } from '../store/types.js';
import type { ParsedKey } from './format.js';
import { hashSecret, verifySecret } from './hash.js';

export type KeyCheckCode = 'API_KEY_INVALID' | 'API_KEY_INACTIVE' | 'API_KEY_EXPIRED';

export type KeyCheck =
  | { ok: true; record: KeyRecord }
  | { ok: false; code: KeyCheckCode };

// Hashes to compare against when the key_id is unknown, so that path does the same work.
const dummyHashes = new Map<string, string>();
function dummyHash(pepper: string | null): string {
  const k = pepper ?? '';
  let h = dummyHashes.get(k);
  if (h === undefined) {
    h = hashSecret('tempo-unknown-key-id-placeholder-secret', pepper);
    dummyHashes.set(k, h);
  }
  return h;
}

/**
 * Verdict for a presented key: parse failure (null), unknown record or hash mismatch →
 * API_KEY_INVALID; status not active → API_KEY_INACTIVE; expires_at at or before `now` →
 * API_KEY_EXPIRED. Call it on every request, cache hit or not: it checks expiry against `now`.
 */
export function checkKey(parsed: ParsedKey | null, record: KeyRecord | undefined, now: Date, pepper: string | null): KeyCheck {
  if (parsed === null) return { ok: false, code: 'API_KEY_INVALID' };
  if (record === undefined || record.keyId !== parsed.keyId) {
    verifySecret(parsed.secret, dummyHash(pepper), pepper);
    return { ok: false, code: 'API_KEY_INVALID' };
  }
  if (!verifySecret(parsed.secret, record.secretHash, pepper)) return { ok: false, code: 'API_KEY_INVALID' };
  if (record.status !== 'active') return { ok: false, code: 'API_KEY_INACTIVE' };
  if (record.expiresAt !== null) {
    const expires = Date.parse(record.expiresAt);
    // An unreadable expiry is treated as passed: fail closed.
    if (!Number.isFinite(expires) || expires <= now.getTime()) return { ok: false, code: 'API_KEY_EXPIRED' };
  }
  return { ok: true, record };
}
