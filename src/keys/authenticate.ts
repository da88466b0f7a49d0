// Parse → look up → check, composed for callers that hold a lookup (a cache in front of the store).
import type { KeyRecord } from '../store/types.js';
import { parseKey } from './format.js';
import { checkKey, type KeyCheck } from './check.js';

/** Checks a presented key string (undefined = none sent); `lookup` is skipped when parsing fails. */
export async function authenticateKey(
  presented: string | undefined,
  lookup: (keyId: string) => Promise<KeyRecord | undefined>,
  now: Date,
  pepper: string | null,
): Promise<KeyCheck> {
  const parsed = presented === undefined ? null : parseKey(presented);
  if (parsed === null) return checkKey(null, undefined, now, pepper);
  return checkKey(parsed, await lookup(parsed.keyId), now, pepper);
}
