import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { openStore, sqlitePath } from '../../src/store/open.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { StoreConflictError, StoreValidationError, type NewKey, type Store } from '../../src/store/types.js';
import { tempDir } from './helpers.js';

let tmp: ReturnType<typeof tempDir>;
let path: string;
let store: Store;

function newKey(over: Partial<NewKey> = {}): NewKey {
  const id = Math.random().toString(36).slice(2).padEnd(16, 'x').slice(0, 16);
  return {
    keyId: id, secretHash: 'sha256:' + 'ab'.repeat(32), env: 'live', organizationId: 'acme', projectId: 'web',
    userId: 'ann', name: 'test key', expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: 'WXYZ', ...over,
  };
}

beforeEach(async () => {
  tmp = tempDir();
  path = join(tmp.dir, 'tempo.db');
  store = await openSqliteStore(path);
});
afterEach(async () => {
  await store.close();
  tmp.remove();
});

describe('SQLite store: keys', () => {
  it('creates a key (and its organization, project and user) and reads it back', async () => {
    const created = await store.createKey(newKey({ keyId: 'AAAAAAAAAAAAAAAA', expiresAt: '2027-01-31T00:00:00.000Z' }));
    expect(created).toMatchObject({ keyId: 'AAAAAAAAAAAAAAAA', status: 'active', productId: 'platform', organizationId: 'acme', expiresAt: '2027-01-31T00:00:00.000Z' });
    expect(await store.getKey('AAAAAAAAAAAAAAAA')).toEqual(created);
    expect(await store.getKey('BBBBBBBBBBBBBBBB')).toBeUndefined();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT id FROM organizations').all()).toEqual([{ id: 'acme' }]);
    expect(db.prepare('SELECT organization_id, id FROM projects').all()).toEqual([{ organization_id: 'acme', id: 'web' }]);
    expect(db.prepare('SELECT organization_id, id FROM users').all()).toEqual([{ organization_id: 'acme', id: 'ann' }]);
    db.close();
  });

  it('refuses a duplicate key_id with StoreConflictError', async () => {
    await store.createKey(newKey({ keyId: 'CCCCCCCCCCCCCCCC' }));
    await expect(store.createKey(newKey({ keyId: 'CCCCCCCCCCCCCCCC' }))).rejects.toBeInstanceOf(StoreConflictError);
    expect(await store.countKeys()).toBe(1);
  });

  it('refuses a malformed organization id', async () => {
    await expect(store.createKey(newKey({ organizationId: 'bad org' }))).rejects.toBeInstanceOf(StoreValidationError);
  });

  it('lists keys oldest first, optionally of one organization, and counts them', async () => {
    const a = await store.createKey(newKey({ organizationId: 'one' }));
    const b = await store.createKey(newKey({ organizationId: 'two' }));
    const c = await store.createKey(newKey({ organizationId: 'one' }));
    expect((await store.listKeys()).map((k) => k.keyId)).toEqual([a.keyId, b.keyId, c.keyId]);
    expect((await store.listKeys('one')).map((k) => k.keyId)).toEqual([a.keyId, c.keyId]);
    expect(await store.listKeys('nobody')).toEqual([]);
    expect(await store.countKeys()).toBe(3);
  });

  it('disables and enables a key, telling listeners, and never deletes it', async () => {
    const k = await store.createKey(newKey());
    const heard: string[] = [];
    store.onKeyChanged((id) => heard.push(id));
    store.onKeyChanged(() => { throw new Error('a broken listener'); });
    expect(await store.setKeyStatus(k.keyId, 'inactive')).toBe(true);
    expect((await store.getKey(k.keyId))!.status).toBe('inactive');
    expect(await store.setKeyStatus(k.keyId, 'active')).toBe(true);
    expect((await store.getKey(k.keyId))!.status).toBe('active');
    expect(heard).toEqual([k.keyId, k.keyId]);
    expect(await store.setKeyStatus('nosuchkey0000000', 'inactive')).toBe(false);
    expect(heard).toHaveLength(2);
    expect(await store.countKeys()).toBe(1);
  });
});

describe('SQLite store: models', () => {
  it('seeds the global tempo model, available to every organization', async () => {
    const t = await store.getModelForOrg('tempo', 'anyone');
    expect(t).toMatchObject({ name: 'tempo', organizationId: null, base: 'tempo', config: {} });
    expect((await store.listModelsForOrg('someone-else')).map((m) => m.name)).toEqual(['tempo']);
  });

  it('gives an organization its own models and hides them from others', async () => {
    const m = await store.createModel({ name: 'retail-weekly', organizationId: 'acme', base: 'tempo', config: { season_length: 52, combination: 'mean' } });
    expect(m).toMatchObject({ name: 'retail-weekly', organizationId: 'acme', base: 'tempo', config: { season_length: 52, combination: 'mean' } });
    expect(await store.getModelForOrg('retail-weekly', 'acme')).toEqual(m);
    expect(await store.getModelForOrg('retail-weekly', 'globex')).toBeUndefined();
    expect(await store.getModelForOrg('does-not-exist', 'acme')).toBeUndefined();
    expect((await store.listModelsForOrg('acme')).map((x) => x.name)).toEqual(['tempo', 'retail-weekly']);
    expect((await store.listModelsForOrg('globex')).map((x) => x.name)).toEqual(['tempo']);
    expect((await store.listModels('acme')).map((x) => x.name)).toEqual(['retail-weekly']);
    expect((await store.listModels()).map((x) => x.name)).toEqual(['tempo', 'retail-weekly']);
  });

  it('builds a model on another of the organization\'s own models but not on a foreign one', async () => {
    await store.createModel({ name: 'acme-base', organizationId: 'acme', base: 'tempo', config: {} });
    await expect(store.createModel({ name: 'acme-child', organizationId: 'acme', base: 'acme-base', config: {} })).resolves.toMatchObject({ base: 'acme-base' });
    await expect(store.createModel({ name: 'globex-child', organizationId: 'globex', base: 'acme-base', config: {} })).rejects.toBeInstanceOf(StoreValidationError);
  });

  it('refuses a taken name, a reserved or malformed name and a bad config', async () => {
    await store.createModel({ name: 'm1', organizationId: 'acme', base: 'tempo', config: {} });
    await expect(store.createModel({ name: 'm1', organizationId: 'globex', base: 'tempo', config: {} })).rejects.toBeInstanceOf(StoreConflictError);
    for (const name of ['tempo', 'v1', 'Upper', '-dash', '', 'x'.repeat(64)]) {
      await expect(store.createModel({ name, organizationId: 'acme', base: 'tempo', config: {} }), name).rejects.toBeInstanceOf(StoreValidationError);
    }
    const err = await store.createModel({ name: 'm2', organizationId: 'acme', base: 'tempo', config: { seasonlength: 12 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreValidationError);
    expect((err as StoreValidationError).errors).toEqual([expect.objectContaining({ pointer: '/seasonlength' })]);
  });
});

describe('SQLite store: migrations and persistence', () => {
  it('records every migration once, in WAL mode with foreign keys on', async () => {
    const db = new Database(path, { readonly: true });
    const rows = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('enforces foreign keys', async () => {
    const db = new Database(path);
    db.pragma('foreign_keys = ON');
    expect(() => db.prepare(`INSERT INTO model_access (model_name, organization_id, granted_at) VALUES ('nope', 'nobody', 'x')`).run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('is idempotent: reopening applies nothing and keeps every row', async () => {
    const k = await store.createKey(newKey());
    await store.setKeyStatus(k.keyId, 'inactive');
    await store.createModel({ name: 'kept', organizationId: 'acme', base: 'tempo', config: { model: 'ets' } });
    await store.close();
    store = await openSqliteStore(path);
    store = await openSqliteStore(path).then(async (second) => { await store.close(); return second; });
    expect(await store.getKey(k.keyId)).toMatchObject({ keyId: k.keyId, status: 'inactive' });
    expect(await store.getModelForOrg('kept', 'acme')).toMatchObject({ config: { model: 'ets' } });
    const db = new Database(path, { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(MIGRATIONS.length);
    expect((db.prepare(`SELECT COUNT(*) AS n FROM models WHERE name = 'tempo'`).get() as { n: number }).n).toBe(1);
    db.close();
  });

  it('refuses to open a database whose applied migration was renamed', async () => {
    await store.close();
    const db = new Database(path);
    db.prepare('UPDATE schema_migrations SET name = ? WHERE version = 1').run('something else');
    db.close();
    await expect(openSqliteStore(path)).rejects.toThrow(/migration 1/);
    store = await (async () => {
      const fixed = new Database(path);
      fixed.prepare('UPDATE schema_migrations SET name = ? WHERE version = 1').run(MIGRATIONS[0].name);
      fixed.close();
      return openSqliteStore(path);
    })();
  });

  it('answers ping and closes twice without error', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
    await store.close();
    await expect(store.ping()).rejects.toThrow();
    store = await openSqliteStore(path);
  });
});

describe('openStore', () => {
  it('creates the data directory and tempo.db inside it', async () => {
    const dataDir = join(tmp.dir, 'nested', 'data');
    const s = await openStore({ dataDir, databaseUrl: null });
    expect(existsSync(join(dataDir, 'tempo.db'))).toBe(true);
    expect(sqlitePath({ dataDir })).toBe(join(dataDir, 'tempo.db'));
    await s.close();
  });

  it('opens PostgreSQL for a DATABASE_URL, naming it when it cannot be reached', async () => {
    await expect(openStore({ dataDir: tmp.dir, databaseUrl: 'postgres://u@127.0.0.1:1/y' })).rejects.toThrow(/PostgreSQL at postgres:\/\/u@127.0.0.1:1\/y cannot be used/);
  });
});
