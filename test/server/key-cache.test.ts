// The key record cache in front of a real SQLite store: positive and negative entries, dropped at
// once on an in-process change, kept (up to their TTL) when another instance changes the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { createKeyCache } from '../../src/server/key-cache.js';
import { openStore } from '../../src/store/open.js';
import type { NewKey, Store } from '../../src/store/types.js';
import { loadConfig } from '../../src/config/config.js';

let dir: string;
let mine: Store;   // the store this server instance uses
let other: Store;  // another instance writing the same file, whose changes this one is not told about

const newKey = (keyId: string): NewKey => ({
  keyId, secretHash: 'sha256:00', env: 'live', organizationId: 'o', projectId: 'p', userId: 'u',
  name: 'k', expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: 'abcd',
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tempo-cache-'));
  const config = loadConfig({ 'data-dir': dir }, {});
  mine = await openStore(config);
  other = await openStore(config);
});
afterEach(async () => {
  await mine.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('key cache', () => {
  it('serves a cached record until an in-process change drops it', async () => {
    await mine.createKey(newKey('AAAAAAAAAAAAAAA1'));
    const cache = createKeyCache(mine, { ttlMs: 60_000, max: 100, negativeTtlMs: 60_000 });
    expect((await cache.lookup('AAAAAAAAAAAAAAA1'))?.status).toBe('active');
    // another instance disables it: this one keeps the record it has (the TTL bounds how long)
    await other.setKeyStatus('AAAAAAAAAAAAAAA1', 'inactive');
    expect((await cache.lookup('AAAAAAAAAAAAAAA1'))?.status).toBe('active');
    // a change made through this instance's store is seen at once
    await mine.setKeyStatus('AAAAAAAAAAAAAAA1', 'inactive');
    expect((await cache.lookup('AAAAAAAAAAAAAAA1'))?.status).toBe('inactive');
  });

  it('remembers an unknown id for the negative TTL only', async () => {
    const remembering = createKeyCache(mine, { ttlMs: 60_000, max: 100, negativeTtlMs: 60_000 });
    const forgetting = createKeyCache(mine, { ttlMs: 60_000, max: 100, negativeTtlMs: 0 });
    expect(await remembering.lookup('BBBBBBBBBBBBBBB2')).toBeUndefined();
    expect(await forgetting.lookup('BBBBBBBBBBBBBBB2')).toBeUndefined();
    await other.createKey(newKey('BBBBBBBBBBBBBBB2'));
    expect(await remembering.lookup('BBBBBBBBBBBBBBB2')).toBeUndefined();
    expect((await forgetting.lookup('BBBBBBBBBBBBBBB2'))?.keyId).toBe('BBBBBBBBBBBBBBB2');
  });

  it('reads through to the store on every lookup when the TTL is 0', async () => {
    await mine.createKey(newKey('CCCCCCCCCCCCCCC3'));
    const cache = createKeyCache(mine, { ttlMs: 0, max: 100, negativeTtlMs: 0 });
    expect((await cache.lookup('CCCCCCCCCCCCCCC3'))?.status).toBe('active');
    await other.setKeyStatus('CCCCCCCCCCCCCCC3', 'inactive');
    expect((await cache.lookup('CCCCCCCCCCCCCCC3'))?.status).toBe('inactive');
  });
});
