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

// Key and model behaviour shared with PostgreSQL is in store.test.ts (one suite, both backends);
// here: what only the SQLite file has, and model-name rules.
describe('SQLite store: models', () => {
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
