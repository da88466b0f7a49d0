// The API key format: tempo-<key_id>-<secret>, where the secret ends in a checksum
// of everything before it, so a mistyped key is refused before any store lookup.
import { randomBytes } from 'node:crypto';
import { BASE62, toBase62, bytesToBigInt } from './base62.js';
import { crc32 } from './crc32.js';

export const KEY_PREFIX = 'tempo';
export const KEY_ID_LENGTH = 16;
/** Random part of the secret: 32 bytes need 43 base62 digits. */
export const SECRET_RANDOM_LENGTH = 43;
export const CHECKSUM_LENGTH = 6;
export const SECRET_LENGTH = SECRET_RANDOM_LENGTH + CHECKSUM_LENGTH;

const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}-([0-9A-Za-z]{${KEY_ID_LENGTH}})-([0-9A-Za-z]{${SECRET_LENGTH}})$`);
const KEY_ID_PATTERN = new RegExp(`^[0-9A-Za-z]{${KEY_ID_LENGTH}}$`);

/** Source of random bytes; injectable so property tests can drive generation. */
export type RandomSource = (size: number) => Uint8Array;

export interface GeneratedKey {
  fullKey: string;
  keyId: string;
  secret: string;
}

export interface ParsedKey {
  keyId: string;
  secret: string;
}

/** The 6-character base62 checksum of the key text before it. */
export function checksum(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

// Uniform base62 characters: bytes >= 248 (= 4 * 62) are dropped so no character is favoured.
function randomBase62(length: number, random: RandomSource): string {
  let out = '';
  // A healthy source fills this in one round almost always; a broken one must not hang the caller.
  for (let round = 0; out.length < length; round++) {
    if (round === 64) throw new Error('random source keeps returning bytes >= 248');
    for (const b of random(length * 2)) {
      if (b < 248 && out.length < length) out += BASE62[b % 62];
    }
  }
  return out;
}

/** Makes a new key: a random key_id, 32 random secret bytes and the checksum; nothing is stored. */
export function generateKey(random: RandomSource = randomBytes): GeneratedKey {
  const keyId = randomBase62(KEY_ID_LENGTH, random);
  const bytes = random(32);
  if (bytes.length !== 32) throw new RangeError('random source must return the requested number of bytes');
  const body = `${KEY_PREFIX}-${keyId}-${toBase62(bytesToBigInt(bytes), SECRET_RANDOM_LENGTH)}`;
  const fullKey = body + checksum(body);
  return { fullKey, keyId, secret: fullKey.slice(KEY_PREFIX.length + 1 + KEY_ID_LENGTH + 1) };
}

/** The key's id and secret when `s` has the key's exact structure and a matching checksum, else null. */
export function parseKey(s: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(s);
  if (m === null) return null;
  const body = s.slice(0, s.length - CHECKSUM_LENGTH);
  if (checksum(body) !== s.slice(s.length - CHECKSUM_LENGTH)) return null;
  return { keyId: m[1], secret: m[2] };
}

/** True when `s` looks like a key_id (16 base62 characters). */
export function isKeyId(s: string): boolean {
  return KEY_ID_PATTERN.test(s);
}

/** The form logs and listings show: tempo-<key_id>-…<last4>, never the secret. */
export function displayKey(keyId: string, last4: string): string {
  return `${KEY_PREFIX}-${keyId}-…${last4}`;
}

/** The last four characters of a full key (what listings keep to tell keys apart). */
export function lastFour(fullKey: string): string {
  return fullKey.slice(-4);
}
