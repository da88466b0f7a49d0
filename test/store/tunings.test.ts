// Tuning state in both stores: a name taken by a model or a tuning, progress only while running,
// a ready tuning becoming the organization's model, deletion, and stale tunings marked failed.
import { describe, it, expect, beforeEach, afterEach, afterAll } from 'vitest';
import { join } from 'node:path';
import pg from 'pg';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { StoreConflictError, type Store } from '../../src/store/types.js';
import { DATABASE_URL, probePostgres, uniqueName } from '../multi/backends.js';
import { tempDir } from './helpers.js';

const postgres = await probePostgres();
const schemas: string[] = [];
afterAll(async () => {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    for (const s of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  } finally {
    await client.end();
  }
});

const backends: Array<{ name: string; skip?: boolean; make: () => { open: () => Promise<Store>; remove: () => void } }> = [
  { name: 'sqlite', make: () => { const t = tempDir(); return { open: () => openSqliteStore(join(t.dir, 'tempo.db')), remove: t.remove }; } },
  {
    name: 'postgres', skip: !postgres.ok,
    make: () => {
      const schema = uniqueName('tunings');
      schemas.push(schema);
      return { open: () => openPostgresStore({ url: DATABASE_URL, schema, poolSize: 3 }), remove: () => {} };
    },
  },
];

async function withOrg(store: Store, org: string): Promise<void> {
  await store.createKey({
    keyId: Math.random().toString(36).slice(2).padEnd(16, 'x').slice(0, 16), secretHash: 'sha256:' + 'ab'.repeat(32), env: 'live',
    organizationId: org, projectId: 'p', userId: 'u', name: 'k', expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: 'WXYZ',
  });
}

for (const backend of backends) {
  describe.skipIf(backend.skip === true)(`tunings (${backend.name})`, () => {
    let place: ReturnType<typeof backend.make>;
    let store: Store;
    beforeEach(async () => {
      place = backend.make();
      store = await place.open();
      await withOrg(store, 'acme');
      await withOrg(store, 'other');
    });
    afterEach(async () => {
      await store.close();
      place.remove();
    });

    it('starts a tuning, refuses a name any model or tuning has, and hides it from other organizations', async () => {
      const t = await store.createTuning({ name: 'sales', organizationId: 'acme', base: 'tempo' });
      expect(t).toMatchObject({ name: 'sales', status: 'tuning', progress: 0, config: null, report: null, error: null });
      await expect(store.createTuning({ name: 'sales', organizationId: 'other', base: 'tempo' })).rejects.toBeInstanceOf(StoreConflictError);
      await store.createModel({ name: 'by-hand', organizationId: 'other', base: 'tempo', config: { model: 'ets' } });
      await expect(store.createTuning({ name: 'by-hand', organizationId: 'acme', base: 'tempo' })).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.createTuning({ name: 'tempo', organizationId: 'acme', base: 'tempo' })).rejects.toBeInstanceOf(StoreConflictError);
      expect(await store.getTuning('sales', 'other')).toBeUndefined();
      expect((await store.listTunings('acme')).map((x) => x.name)).toEqual(['sales']);
      expect(await store.listTunings('other')).toEqual([]);
    });

    it('records progress while running; once ready the config is a model of that organization only', async () => {
      await store.createTuning({ name: 'sales', organizationId: 'acme', base: 'tempo' });
      await store.setTuningProgress('sales', 0.25);
      expect((await store.getTuning('sales', 'acme'))!.progress).toBe(0.25);
      expect(await store.getModelForOrg('sales', 'acme')).toBeUndefined();
      const report = { windows: 2, holdout: { tuned: { mase: 0.9, smape: 10 }, base: { mase: 1, smape: 11 } } };
      expect(await store.finishTuning('sales', { status: 'ready', config: { model: 'theta' }, report })).toBe(true);
      const done = (await store.getTuning('sales', 'acme'))!;
      expect(done).toMatchObject({ status: 'ready', progress: 1, config: { model: 'theta' }, report });
      expect(await store.getModelForOrg('sales', 'acme')).toMatchObject({ name: 'sales', base: 'tempo', config: { model: 'theta' } });
      expect(await store.getModelForOrg('sales', 'other')).toBeUndefined();
      // finished is final: no second outcome, no more progress
      expect(await store.finishTuning('sales', { status: 'failed', error: 'late' })).toBe(false);
      await store.setTuningProgress('sales', 0.5);
      expect((await store.getTuning('sales', 'acme'))!).toMatchObject({ status: 'ready', progress: 1 });
    });

    it('deletes any of an organization\'s own models, created or tuned, and never a global one', async () => {
      await store.createModel({ name: 'made', organizationId: 'acme', base: 'tempo', config: {} });
      await store.createTuning({ name: 'tuned', organizationId: 'acme', base: 'tempo' });
      expect(await store.deleteModel('made', 'other')).toBe(false);
      expect(await store.deleteModel('tempo', 'acme')).toBe(false);
      expect(await store.getModelForOrg('tempo', 'acme')).toBeDefined();
      expect(await store.deleteModel('made', 'acme')).toBe(true);
      expect(await store.getModelForOrg('made', 'acme')).toBeUndefined();
      // a running tuning: deleted, so it can no longer finish
      expect(await store.deleteModel('tuned', 'acme')).toBe(true);
      expect(await store.finishTuning('tuned', { status: 'ready', config: {}, report: {} })).toBe(false);
      expect(await store.getModelForOrg('tuned', 'acme')).toBeUndefined();
      expect(await store.deleteModel('made', 'acme')).toBe(false);
      // the name is free again
      await store.createModel({ name: 'made', organizationId: 'acme', base: 'tempo', config: {} });
    });

    it('deletes only the owner\'s tuning and its model, freeing the name; a deleted tuning cannot finish', async () => {
      await store.createTuning({ name: 'sales', organizationId: 'acme', base: 'tempo' });
      await store.finishTuning('sales', { status: 'ready', config: {}, report: {} });
      expect(await store.deleteTuning('sales', 'other')).toBe(false);
      expect(await store.deleteTuning('sales', 'acme')).toBe(true);
      expect(await store.getModelForOrg('sales', 'acme')).toBeUndefined();
      expect(await store.getTuning('sales', 'acme')).toBeUndefined();
      await store.createTuning({ name: 'sales', organizationId: 'other', base: 'tempo' });
      expect(await store.deleteTuning('sales', 'other')).toBe(true);
      expect(await store.finishTuning('sales', { status: 'ready', config: {}, report: {} })).toBe(false);
      expect(await store.getModelForOrg('sales', 'other')).toBeUndefined();
    });

    it('marks failed the running tunings whose heartbeat is older than the cut, and only those', async () => {
      await store.createTuning({ name: 'old', organizationId: 'acme', base: 'tempo' });
      const cut = new Date(Date.now() + 60_000).toISOString();
      await store.createTuning({ name: 'done', organizationId: 'acme', base: 'tempo' });
      await store.finishTuning('done', { status: 'ready', config: {}, report: {} });
      expect(await store.failStaleTunings(new Date(0).toISOString())).toBe(0);
      expect(await store.failStaleTunings(cut)).toBe(1);
      const old = (await store.getTuning('old', 'acme'))!;
      expect(old.status).toBe('failed');
      expect(old.error).toMatch(/interrupted/);
      expect((await store.getTuning('done', 'acme'))!.status).toBe('ready');
    });
  });
}
