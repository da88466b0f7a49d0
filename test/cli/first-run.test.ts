import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { join } from 'node:path';
import { ensureFirstRunKey } from '../../src/bootstrap/first-run.js';
import { loadConfig } from '../../src/config/config.js';
import { openStore } from '../../src/store/open.js';
import { authenticateKey } from '../../src/keys/authenticate.js';
import type { Store } from '../../src/store/types.js';
import { tempDir } from '../store/helpers.js';

let tmp: ReturnType<typeof tempDir>;
let store: Store;
beforeEach(async () => {
  tmp = tempDir('tempo-first-run-');
});
afterEach(async () => {
  await store?.close();
  tmp.remove();
});

describe('ensureFirstRunKey', () => {
  it('creates exactly one working key across two calls and prints a ready curl line', async () => {
    const config = loadConfig({ 'data-dir': tmp.dir }, { TEMPO_KEY_PEPPER: 'first-run-pepper-123' });
    store = await openStore(config);
    const message = await ensureFirstRunKey(store, config, 'http://127.0.0.1:9123/');
    expect(message).not.toBeNull();
    const key = /tempo-[0-9A-Za-z]{16}-[0-9A-Za-z]{49}/.exec(message!)![0];
    expect(message).toContain(`curl -s http://127.0.0.1:9123/tempo/v1/forecast -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" -d '{"series":[`);
    // the printed body is a valid request of four years of monthly data
    const body = JSON.parse(/-d '(\{.*\})'/.exec(message!)![1]);
    expect(body.series).toHaveLength(48);
    expect(body.horizon).toBe(12);
    expect(message).toContain('http://127.0.0.1:9123/platform/settings/models');
    expect(message).toContain(join(tmp.dir, 'tempo.db'));
    const check = await authenticateKey(key, (id) => store.getKey(id), new Date(), config.keyPepper);
    expect(check.ok && check.record).toMatchObject({ organizationId: 'default', projectId: 'default', userId: 'admin', status: 'active' });

    expect(await ensureFirstRunKey(store, config, 'http://127.0.0.1:9123')).toBeNull();
    expect(await store.countKeys()).toBe(1);
  });

  it('names PostgreSQL, with its password hidden, when keys live there', async () => {
    const config = loadConfig({ 'data-dir': tmp.dir }, {});
    store = await openStore(config);
    const onPostgres = { ...config, databaseUrl: 'postgres://tempo:s3cret-pw@db.internal:5432/tempo' };
    const message = await ensureFirstRunKey(store, onPostgres, 'http://localhost:8080');
    expect(message).toContain('stored in PostgreSQL at postgres://tempo:***@db.internal:5432/tempo.');
    expect(message).not.toContain('s3cret-pw');
    expect(message).not.toContain('tempo.db');
  });

  it('stays silent after a restart, and when keys were created by other means', async () => {
    const config = loadConfig({ 'data-dir': tmp.dir }, {});
    store = await openStore(config);
    expect(await ensureFirstRunKey(store, config, 'http://localhost:8080')).not.toBeNull();
    await store.close();
    store = await openStore(config);
    expect(await ensureFirstRunKey(store, config, 'http://localhost:8080')).toBeNull();
    expect(await store.countKeys()).toBe(1);
  });
});
