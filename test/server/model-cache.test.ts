// The model record cache in front of a real SQLite store: a model deleted or recreated in this
// process is seen at once; one changed by another instance within the TTL; misses never cached.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { createModelCache } from '../../src/server/model-cache.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';
import { loadConfig } from '../../src/config/config.js';
import { waitFor } from '../support/wait.js';

let dir: string;
let mine: Store;   // the store this server instance uses
let other: Store;  // another instance writing the same file, whose changes this one is not told about

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tempo-model-cache-'));
  const config = loadConfig({ 'data-dir': dir }, {});
  mine = await openStore(config);
  other = await openStore(config);
  // a tuning belongs to an existing organization: a first model creates it
  await mine.createModel({ name: 'acme-first', organizationId: 'acme', base: 'tempo', config: { model: 'naive' } });
});
afterEach(async () => {
  await mine.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

// a tuned model, the only kind that can be deleted (and so recreated with another config)
async function tuned(store: Store, name: string, config: Record<string, unknown>): Promise<void> {
  await store.createTuning({ name, organizationId: 'acme', base: 'tempo' });
  await store.finishTuning(name, { status: 'ready', config, report: {} });
}

describe('model cache', () => {
  it('drops its records at once when this process deletes or recreates a model', async () => {
    await tuned(mine, 'sales', { model: 'theta' });
    const cache = createModelCache(mine, { ttlMs: 60_000, max: 100 });
    expect((await cache.lookup('sales', 'acme'))?.config).toEqual({ model: 'theta' });
    expect(await mine.deleteTuning('sales', 'acme')).toBe(true);
    expect(await cache.lookup('sales', 'acme')).toBeUndefined();
    await tuned(mine, 'sales', { model: 'naive' });
    expect((await cache.lookup('sales', 'acme'))?.config).toEqual({ model: 'naive' });
    await mine.createModel({ name: 'by-hand', organizationId: 'acme', base: 'tempo', config: { model: 'ets' } });
    expect((await cache.lookup('by-hand', 'acme'))?.config).toEqual({ model: 'ets' });
  });

  it('keeps a record another instance deleted only until its TTL runs out', async () => {
    await tuned(mine, 'sales', { model: 'theta' });
    const cache = createModelCache(mine, { ttlMs: 300, max: 100 });
    expect(await cache.lookup('sales', 'acme')).toBeDefined();
    await other.deleteTuning('sales', 'acme');
    // not told: the cached record answers for now, and stops within the TTL
    expect(await cache.lookup('sales', 'acme')).toBeDefined();
    await waitFor('the cached record to expire', async () => (await cache.lookup('sales', 'acme')) === undefined, 5_000);
  });

  it('never caches a miss, keeps organizations apart and shares frozen records', async () => {
    const cache = createModelCache(mine, { ttlMs: 60_000, max: 100 });
    expect(await cache.lookup('later', 'acme')).toBeUndefined();
    await other.createModel({ name: 'later', organizationId: 'acme', base: 'tempo', config: { model: 'drift' } });
    const found = await cache.lookup('later', 'acme');
    expect(found?.config).toEqual({ model: 'drift' });
    expect(await cache.lookup('later', 'other-co')).toBeUndefined();
    expect(Object.isFrozen(found!.config)).toBe(true);
    expect(await cache.lookup('later', 'acme')).toBe(found);
  });

  it('reads the store every time when turned off', async () => {
    await tuned(mine, 'sales', { model: 'theta' });
    const cache = createModelCache(mine, { ttlMs: 0, max: 100 });
    expect(await cache.lookup('sales', 'acme')).toBeDefined();
    await other.deleteTuning('sales', 'acme');
    expect(await cache.lookup('sales', 'acme')).toBeUndefined();
  });
});
