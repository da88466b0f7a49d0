// Hashing of key secrets: only the hash is stored. The stored form names its scheme, so keys made
// before a pepper was configured keep working after one is added.
import * as crypto from 'node:crypto';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const SHA256 = 'sha256:';
const HMAC = 'hmac-sha256:';

// every authenticated request hashes its key's secret: the one-shot hash (Node 20.12 and later)
// makes no Hash object, the larger part of the cost for a short input
const sha256Hex: (text: string) => string = typeof crypto.hash === 'function'
  ? (text) => crypto.hash('sha256', text, 'hex')
  : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The stored form of a secret: "hmac-sha256:<hex>" with a pepper, "sha256:<hex>" without. */
export function hashSecret(secret: string, pepper: string | null): string {
  if (pepper !== null) return HMAC + createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
  return SHA256 + sha256Hex(secret);
}

/** Compares two strings in time that depends only on their lengths. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  // timingSafeEqual needs equal lengths; compare x with itself so the work is still done.
  if (x.length !== y.length) {
    timingSafeEqual(x, x);
    return false;
  }
  return timingSafeEqual(x, y);
}

/** True when `secret` hashes to `stored` under the scheme `stored` names; constant-time. */
export function verifySecret(secret: string, stored: string, pepper: string | null): boolean {
  // A peppered hash cannot be checked without the pepper: hash anyway (same work), then refuse.
  const scheme = stored.startsWith(HMAC) ? 'hmac' : 'sha256';
  const computed = scheme === 'hmac'
    ? hashSecret(secret, pepper ?? '')
    : hashSecret(secret, null);
  const equal = constantTimeEqual(computed, stored);
  return equal && (scheme === 'sha256' || pepper !== null);
}
