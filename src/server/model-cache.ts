// Model records in front of the store, so a forecast does not query the store for a model it
// used a moment ago. Only found models are kept: a missing one is asked again every time (it may
// be tuning, and its answer names the settings page).
import { LRUCache } from 'lru-cache';
import type { ModelRecord, Store } from '../store/types.js';

export interface ModelCacheOptions {
  /** How long a record is trusted: the bound on noticing a change made by another process. */
  ttlMs: number;
  max: number;
}

export interface ModelCache {
  /** The model `name` as `organizationId` may use it, from cache or store (undefined when none); store errors propagate. */
  lookup(name: string, organizationId: string): Promise<ModelRecord | undefined>;
}

// a deep freeze, because every request of the TTL shares one record
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** An LRU of model records, emptied as soon as this process changes any model and otherwise kept for `ttlMs`. */
export function createModelCache(store: Store, options: ModelCacheOptions): ModelCache {
  if (options.ttlMs <= 0 || options.max <= 0) return { lookup: (name, org) => store.getModelForOrg(name, org) };
  const cache = new LRUCache<string, ModelRecord>({ max: options.max, ttl: options.ttlMs });
  // a read that started before a change must not put its (possibly old) answer back afterwards
  let generation = 0;
  store.onModelsChanged(() => {
    generation += 1;
    cache.clear();
  });
  return {
    async lookup(name, organizationId) {
      // unambiguous whatever characters the path's name holds
      const id = JSON.stringify([organizationId, name]);
      const hit = cache.get(id);
      if (hit !== undefined) return hit;
      const started = generation;
      const record = await store.getModelForOrg(name, organizationId);
      if (record === undefined) return undefined;
      if (generation === started) cache.set(id, frozen(record));
      return record;
    },
  };
}
