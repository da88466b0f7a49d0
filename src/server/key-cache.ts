// Key records in front of the store: records are cached, verdicts never (status and expiry are
// checked on every request by the keys module).
import { LRUCache } from 'lru-cache';
import type { KeyRecord, Store } from '../store/types.js';

export interface KeyCacheOptions {
  ttlMs: number;
  max: number;
  /** How long an unknown key_id is remembered, so guessing ids does not hammer the store. */
  negativeTtlMs: number;
}

export interface KeyCache {
  /** The record for `keyId` from cache or store (undefined when unknown); store errors propagate. */
  lookup(keyId: string): Promise<KeyRecord | undefined>;
  /** Forgets one key at once (its status changed). */
  drop(keyId: string): void;
}

const UNKNOWN = Symbol('unknown key');

/** An LRU cache of key records that drops an entry as soon as the store reports a change to it. */
export function createKeyCache(store: Store, options: KeyCacheOptions): KeyCache {
  const enabled = options.ttlMs > 0 && options.max > 0;
  const cache = new LRUCache<string, KeyRecord | typeof UNKNOWN>({
    max: Math.max(1, options.max),
    ttl: Math.max(1, options.ttlMs),
  });
  store.onKeyChanged((keyId) => cache.delete(keyId));

  return {
    async lookup(keyId) {
      if (!enabled) return store.getKey(keyId);
      const hit = cache.get(keyId);
      if (hit === UNKNOWN) return undefined;
      if (hit !== undefined) return hit;
      const record = await store.getKey(keyId);
      if (record !== undefined) cache.set(keyId, record);
      else if (options.negativeTtlMs > 0) cache.set(keyId, UNKNOWN, { ttl: options.negativeTtlMs });
      return record;
    },
    drop: (keyId) => { cache.delete(keyId); },
  };
}
