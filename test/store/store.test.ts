// One behaviour suite for every Store implementation: SQLite in a temp dir, and PostgreSQL in a
// schema of its own per test (skipped, with the reason printed, only when no PostgreSQL answers
// and DATABASE_URL is unset). Then what only PostgreSQL can show: several instances at once.
import { describe, it, expect, beforeEach, afterEach, afterAll } from 'vitest';
import { join } from 'node:path';
import { waitFor } from '../support/wait.js';
import pg from 'pg';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { StoreConflictError, StoreValidationError, type NewKey, type Store } from '../../src/store/types.js';
import { DATABASE_URL, probePostgres, uniqueName } from '../multi/backends.js';
import { startTcpProxy } from '../multi/tcp-proxy.js';
import { tempDir } from './helpers.js';

const postgres = await probePostgres();
const schemas: string[] = [];

async function dropSchemas(): Promise<void> {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    for (const s of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  } finally {
    await client.end();
  }
}
afterAll(dropSchemas);

/** A place one test's data lives in; open() may be called again to reopen the same data. */
interface Backend {
  open(): Promise<Store>;
  remove(): void;
  /**
   * Resolves once every announcement made so far has reached `store`'s listeners, so a test can
   * assert an echo did NOT arrive without sleeping: a change made from another instance is heard
   * after anything announced before it. `marker` is the key id that change creates.
   */
  settle(store: Store, heard: string[], marker: string): Promise<void>;
}

const backends: Array<{ name: string; skip?: boolean; make: () => Backend }> = [
  {
    name: 'sqlite',
    make: () => {
      const tmp = tempDir();
      // listeners are called in-process, synchronously: nothing is still on its way
      return { open: () => openSqliteStore(join(tmp.dir, 'tempo.db')), remove: tmp.remove, settle: async () => {} };
    },
  },
  {
    name: 'postgres',
    skip: !postgres.ok,
    make: () => {
      const schema = uniqueName('store');
      schemas.push(schema);
      const open = () => openPostgresStore({ url: DATABASE_URL, schema, poolSize: 3 });
      return {
        open,
        remove: () => {},
        settle: async (_store, heard, marker) => {
          const other = await open();
          try {
            await other.createKey(newKey({ keyId: marker }));
            await waitFor('the marker announcement', () => heard.includes(marker), 10_000);
          } finally {
            await other.close();
          }
        },
      };
    },
  },
];

function newKey(over: Partial<NewKey> = {}): NewKey {
  const id = Math.random().toString(36).slice(2).padEnd(16, 'x').slice(0, 16);
  return {
    keyId: id, secretHash: 'sha256:' + 'ab'.repeat(32), env: 'live', organizationId: 'acme', projectId: 'web',
    userId: 'ann', name: 'test key', expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: 'WXYZ', ...over,
  };
}

for (const backend of backends) {
  describe.skipIf(backend.skip === true)(`Store (${backend.name})`, () => {
    let place: Backend;
    let store: Store;
    beforeEach(async () => {
      place = backend.make();
      store = await place.open();
    });
    afterEach(async () => {
      await store.close();
      place.remove();
    });

    it('creates a key with its organization, project and user, and reads it back', async () => {
      const created = await store.createKey(newKey({ keyId: 'AAAAAAAAAAAAAAAA', expiresAt: '2027-01-31T00:00:00.000Z' }));
      expect(created).toMatchObject({ keyId: 'AAAAAAAAAAAAAAAA', status: 'active', productId: 'platform', organizationId: 'acme', expiresAt: '2027-01-31T00:00:00.000Z', rateLimitPerMinute: 60 });
      expect(await store.getKey('AAAAAAAAAAAAAAAA')).toEqual(created);
      expect(await store.getKey('BBBBBBBBBBBBBBBB')).toBeUndefined();
      // a second key in the same organization reuses it rather than failing
      await expect(store.createKey(newKey({ keyId: 'AAAAAAAAAAAAAAAB' }))).resolves.toMatchObject({ organizationId: 'acme' });
    });

    it('refuses a duplicate key_id with StoreConflictError and a malformed id with StoreValidationError', async () => {
      await store.createKey(newKey({ keyId: 'CCCCCCCCCCCCCCCC' }));
      await expect(store.createKey(newKey({ keyId: 'CCCCCCCCCCCCCCCC' }))).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.createKey(newKey({ organizationId: 'bad org' }))).rejects.toBeInstanceOf(StoreValidationError);
      expect(await store.countKeys()).toBe(1);
    });

    it('lists keys oldest first, optionally of one organization, and counts them', async () => {
      const ids = ['zzzzzzzzzzzzzzzz', 'AAAAAAAAAAAAAAAA', 'aaaaaaaaaaaaaaaa'];
      for (const [i, keyId] of ids.entries()) await store.createKey(newKey({ keyId, organizationId: i === 1 ? 'two' : 'one' }));
      expect((await store.listKeys()).map((k) => k.keyId)).toEqual(ids);
      expect((await store.listKeys('one')).map((k) => k.keyId)).toEqual([ids[0], ids[2]]);
      expect(await store.listKeys('nobody')).toEqual([]);
      expect(await store.countKeys()).toBe(3);
    });

    it('disables and enables a key, telling listeners once per change, never deleting it', async () => {
      const k = await store.createKey(newKey());
      const heard: string[] = [];
      store.onKeyChanged((id) => heard.push(id));
      store.onKeyChanged(() => { throw new Error('a broken listener'); });
      expect(await store.setKeyStatus(k.keyId, 'inactive')).toBe(true);
      expect((await store.getKey(k.keyId))!.status).toBe('inactive');
      expect(await store.setKeyStatus(k.keyId, 'active')).toBe(true);
      expect((await store.getKey(k.keyId))!.status).toBe('active');
      expect(await store.setKeyStatus('nosuchkey0000000', 'inactive')).toBe(false);
      await expect(store.setKeyStatus(k.keyId, 'revoked' as never)).rejects.toBeInstanceOf(StoreValidationError);
      expect(await store.countKeys()).toBe(1);
      // an echo of our own changes from the database must not arrive: wait until a later one has
      await place.settle(store, heard, 'MarkerMarker0000');
      expect(heard.filter((id) => id !== 'MarkerMarker0000')).toEqual([k.keyId, k.keyId]);
    });

    it('seeds the global tempo model, available to every organization', async () => {
      expect(await store.getModelForOrg('tempo', 'anyone')).toMatchObject({ name: 'tempo', organizationId: null, base: 'tempo', config: {} });
      expect((await store.listModelsForOrg('someone-else')).map((m) => m.name)).toEqual(['tempo']);
    });

    it('gives an organization its own models in byte order and hides them from others', async () => {
      const m = await store.createModel({ name: 'retail-weekly', organizationId: 'acme', base: 'tempo', config: { season_length: 52, combination: 'mean' } });
      await store.createModel({ name: 'retail.daily', organizationId: 'acme', base: 'retail-weekly', config: {} });
      await store.createModel({ name: 'retail_a', organizationId: 'acme', base: 'tempo', config: {} });
      expect(await store.getModelForOrg('retail-weekly', 'acme')).toEqual(m);
      expect(await store.getModelForOrg('retail-weekly', 'globex')).toBeUndefined();
      const own = ['retail-weekly', 'retail.daily', 'retail_a'];
      expect((await store.listModelsForOrg('acme')).map((x) => x.name)).toEqual(['tempo', ...own]);
      expect((await store.listModelsForOrg('globex')).map((x) => x.name)).toEqual(['tempo']);
      expect((await store.listModels('acme')).map((x) => x.name)).toEqual(own);
      expect((await store.listModels()).map((x) => x.name)).toEqual(['tempo', ...own]);
    });

    it('refuses a taken model name, a foreign base and a bad config', async () => {
      await store.createModel({ name: 'm1', organizationId: 'acme', base: 'tempo', config: {} });
      await expect(store.createModel({ name: 'm1', organizationId: 'globex', base: 'tempo', config: {} })).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.createModel({ name: 'm2', organizationId: 'globex', base: 'm1', config: {} })).rejects.toBeInstanceOf(StoreValidationError);
      const err = await store.createModel({ name: 'm3', organizationId: 'acme', base: 'tempo', config: { seasonlength: 12 } }).catch((e: unknown) => e);
      expect((err as StoreValidationError).errors).toEqual([expect.objectContaining({ pointer: '/seasonlength' })]);
    });

    it('keeps everything across a reopen, applying no migration twice', async () => {
      const k = await store.createKey(newKey());
      await store.setKeyStatus(k.keyId, 'inactive');
      await store.createModel({ name: 'kept', organizationId: 'acme', base: 'tempo', config: { model: 'ets' } });
      await store.close();
      store = await place.open();
      expect(await store.getKey(k.keyId)).toMatchObject({ keyId: k.keyId, status: 'inactive' });
      expect(await store.getModelForOrg('kept', 'acme')).toMatchObject({ config: { model: 'ets' } });
      expect((await store.listModels()).filter((m) => m.name === 'tempo')).toHaveLength(1);
    });

    it('answers ping, closes twice without error and refuses work once closed', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await store.close();
      await expect(store.ping()).rejects.toThrow();
      store = await place.open();
    });
  });
}

describe.skipIf(!postgres.ok)('PostgreSQL store: several instances', () => {
  const schemaClient = async (schema: string) => {
    const c = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
    await c.connect();
    return c;
  };

  it('applies the migrations exactly once when instances start together', async () => {
    const schema = uniqueName('race');
    schemas.push(schema);
    const stores = await Promise.all(Array.from({ length: 5 }, () => openPostgresStore({ url: DATABASE_URL, schema, poolSize: 2 })));
    const c = await schemaClient(schema);
    const { rows } = await c.query('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    await c.end();
    await Promise.all(stores.map((s) => s.close()));
  });

  it('tells every instance about a key change made by another, once', async () => {
    const schema = uniqueName('notify');
    schemas.push(schema);
    const a = await openPostgresStore({ url: DATABASE_URL, schema });
    const b = await openPostgresStore({ url: DATABASE_URL, schema });
    const heardByB: string[] = [];
    b.onKeyChanged((id) => heardByB.push(id));
    const k = await a.createKey(newKey());
    await a.setKeyStatus(k.keyId, 'inactive');
    await waitFor('both announcements at the other instance', () => heardByB.length >= 2, 5_000);
    expect(heardByB).toEqual([k.keyId, k.keyId]);
    expect((await b.getKey(k.keyId))!.status).toBe('inactive');
    await a.close();
    await b.close();
  });

  it('hears no key change made in another schema of the same database', async () => {
    const [mine, theirs] = [uniqueName('scope'), uniqueName('scope')];
    schemas.push(mine, theirs);
    const listening = await openPostgresStore({ url: DATABASE_URL, schema: mine });
    const neighbour = await openPostgresStore({ url: DATABASE_URL, schema: theirs });
    const colleague = await openPostgresStore({ url: DATABASE_URL, schema: mine });
    const heard: string[] = [];
    listening.onKeyChanged((id) => heard.push(id));
    const other = await neighbour.createKey(newKey());
    await neighbour.setKeyStatus(other.keyId, 'inactive');
    // announcements are delivered in commit order: once the later one from this schema is heard, the neighbour's had their chance
    const own = await colleague.createKey(newKey());
    await waitFor('the announcement from this schema', () => heard.includes(own.keyId), 5_000);
    expect(heard).toEqual([own.keyId]);
    await Promise.all([listening.close(), neighbour.close(), colleague.close()]);
  });

  it('refuses a database whose applied migration was renamed', async () => {
    const schema = uniqueName('renamed');
    schemas.push(schema);
    await (await openPostgresStore({ url: DATABASE_URL, schema })).close();
    const c = await schemaClient(schema);
    await c.query(`UPDATE schema_migrations SET name = 'something else' WHERE version = 1`);
    await c.end();
    await expect(openPostgresStore({ url: DATABASE_URL, schema })).rejects.toThrow(/migration 1/);
  });

  it('refuses to open when PostgreSQL is not there, naming the URL without its password', async () => {
    const proxy = await startTcpProxy('127.0.0.1', 9);
    await proxy.close();
    const err = await openPostgresStore({ url: `postgres://postgres:hunter2@127.0.0.1:${proxy.port}/test`, timeoutMs: 1000 }).catch((e: Error) => e);
    expect(String(err)).toContain(`PostgreSQL at postgres://postgres:***@127.0.0.1:${proxy.port}/test`);
    expect(String(err)).not.toContain('hunter2');
  });

  it('fails while PostgreSQL is away, without crashing, and recovers by itself', async () => {
    const schema = uniqueName('outage');
    schemas.push(schema);
    const target = new URL(DATABASE_URL);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    const store = await openPostgresStore({ url: target.toString(), schema, timeoutMs: 1000 });
    const k = await store.createKey(newKey());
    await proxy.cut();
    await expect(store.getKey(k.keyId)).rejects.toThrow();
    await expect(store.ping()).rejects.toThrow();
    await proxy.restore();
    await waitFor('PostgreSQL to answer again', () => store.ping().then(() => true, () => false), 10_000, 100);
    expect(await store.getKey(k.keyId)).toMatchObject({ keyId: k.keyId });
    await store.close();
    await proxy.close();
  });
});
