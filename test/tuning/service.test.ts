// The tuning service with a real SQLite store and a real worker pool: tunings run one after
// another, a store that refuses an outcome does not stop the next tuning, cancel and close stop work.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { join } from 'node:path';
import pino from 'pino';
import { createComputePool, type ComputePool } from '../../src/compute/pool.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/types.js';
import { createTuningService } from '../../src/tuning/service.js';
import { tempDir } from '../store/helpers.js';
import { seasonal } from '../server/harness.js';

let tmp: ReturnType<typeof tempDir>;
let store: Store;
let pool: ComputePool;
const series = [0, 1, 2].map((i) => seasonal(36 + 6 * i));
const small = { minSegmentSeries: 1, windows: 1, chunkSize: 2, sampleSize: 2, finalists: 1 };

beforeAll(async () => {
  tmp = tempDir('tempo-tuning-');
  store = await openSqliteStore(join(tmp.dir, 'tempo.db'));
  await store.createKey({
    keyId: 'TTTTTTTTTTTTTTTT', secretHash: 'sha256:' + 'ab'.repeat(32), env: 'live', organizationId: 'svc-co', projectId: 'p', userId: 'u',
    name: 'k', expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: 'WXYZ',
  });
  pool = createComputePool({ workers: 1, timeoutMs: 30_000 });
});
afterAll(async () => {
  await pool.close();
  await store.close();
  tmp.remove();
});

describe('tuning service', () => {
  it('keeps running later tunings when the store refuses an earlier one\'s outcome', async () => {
    let refuse = true;
    // the real store, except that the first outcome write fails as a lost connection would
    const flaky: Store = Object.create(store, {
      finishTuning: { value: async (...a: Parameters<Store['finishTuning']>) => {
        if (refuse) { refuse = false; throw new Error('connection lost'); }
        return store.finishTuning(...a);
      } },
    });
    const logs: string[] = [];
    const svc = createTuningService({ store: flaky, pool, logger: pino({ level: 'warn' }, { write: (l: string) => { logs.push(l); } }), heartbeatMs: 1000, tune: small });
    for (const name of ['svc-a', 'svc-b']) {
      await store.createTuning({ name, organizationId: 'svc-co', base: 'tempo' });
      svc.start({ name, organizationId: 'svc-co', base: {}, horizon: 4, series });
    }
    await svc.idle();
    // svc-a: its ready write failed, then its failed write went through
    expect((await store.getTuning('svc-a', 'svc-co'))!.status).toBe('failed');
    expect((await store.getTuning('svc-b', 'svc-co'))!.status).toBe('ready');
    expect(logs.join('\n')).toMatch(/could not be stored/);
    await svc.close();
  });

  it('marks queued and running tunings failed as interrupted on close, and a cancelled one is left alone', async () => {
    const svc = createTuningService({ store, pool, logger: pino({ level: 'silent' }), heartbeatMs: 1000, tune: small });
    for (const name of ['svc-c', 'svc-d', 'svc-e']) {
      await store.createTuning({ name, organizationId: 'svc-co', base: 'tempo' });
      svc.start({ name, organizationId: 'svc-co', base: {}, horizon: 4, series });
    }
    await store.deleteTuning('svc-e', 'svc-co');
    svc.cancel('svc-e');
    await svc.close();
    for (const name of ['svc-c', 'svc-d']) {
      const t = (await store.getTuning(name, 'svc-co'))!;
      expect(t.status, name).toBe('failed');
      expect(t.error).toMatch(/interrupted/);
    }
    expect(await store.getTuning('svc-e', 'svc-co')).toBeUndefined();
    expect(await store.getModelForOrg('svc-e', 'svc-co')).toBeUndefined();
  });
});
