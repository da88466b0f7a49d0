import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { join } from 'node:path';
import { createApiKey } from '../../src/keys/create.js';
import { authenticateKey } from '../../src/keys/authenticate.js';
import { parseKey } from '../../src/keys/format.js';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { StoreValidationError, type Store } from '../../src/store/types.js';
import { tempDir } from '../store/helpers.js';

let tmp: ReturnType<typeof tempDir>;
let store: Store;
beforeEach(async () => {
  tmp = tempDir('tempo-keys-');
  store = await openSqliteStore(join(tmp.dir, 'tempo.db'));
});
afterEach(async () => {
  await store.close();
  tmp.remove();
});

const base = { organizationId: 'acme', projectId: 'web', userId: 'ann', name: 'ci key' };

describe('createApiKey', () => {
  it('stores only a hash and returns a full key that authenticates', async () => {
    const { fullKey, record } = await createApiKey(store, base, null);
    const parsed = parseKey(fullKey)!;
    expect(parsed.keyId).toBe(record.keyId);
    expect(record.secretHash).not.toContain(parsed.secret);
    expect(record.last4).toBe(fullKey.slice(-4));
    expect(record).toMatchObject({ status: 'active', env: 'live', rateLimitPerMinute: 60, rateLimitPerHour: 1000, expiresAt: null });
    const res = await authenticateKey(fullKey, (id) => store.getKey(id), new Date(), null);
    expect(res.ok).toBe(true);
  });

  it('uses the pepper: a peppered key fails without it', async () => {
    const pepper = 'the-server-pepper-x';
    const { fullKey } = await createApiKey(store, base, pepper);
    expect((await authenticateKey(fullKey, (id) => store.getKey(id), new Date(), pepper)).ok).toBe(true);
    expect(await authenticateKey(fullKey, (id) => store.getKey(id), new Date(), null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
  });

  it('applies options and normalises expiry to UTC milliseconds', async () => {
    const { record } = await createApiKey(store, { ...base, env: 'test', expiresAt: '2027-01-31T01:00:00+01:00', rateLimitPerMinute: 5, rateLimitPerHour: 50 }, null);
    expect(record).toMatchObject({ env: 'test', expiresAt: '2027-01-31T00:00:00.000Z', rateLimitPerMinute: 5, rateLimitPerHour: 50 });
  });

  it('gives an expired key API_KEY_EXPIRED and a disabled one API_KEY_INACTIVE', async () => {
    const expired = await createApiKey(store, { ...base, expiresAt: '2020-01-01' }, null);
    expect(await authenticateKey(expired.fullKey, (id) => store.getKey(id), new Date(), null)).toEqual({ ok: false, code: 'API_KEY_EXPIRED' });
    const off = await createApiKey(store, base, null);
    await store.setKeyStatus(off.record.keyId, 'inactive');
    expect(await authenticateKey(off.fullKey, (id) => store.getKey(id), new Date(), null)).toEqual({ ok: false, code: 'API_KEY_INACTIVE' });
  });

  it.each([
    [{ expiresAt: 'tomorrow' }, '/expires_at'],
    [{ expiresAt: '2027-13-45' }, '/expires_at'],
    [{ rateLimitPerMinute: 0 }, '/rate_limit_per_minute'],
    [{ rateLimitPerHour: 1.5 }, '/rate_limit_per_hour'],
    [{ name: '' }, '/name'],
    [{ organizationId: 'has space' }, '/organization_id'],
    [{ env: 'prod' }, '/env'],
  ])('refuses %j', async (over, pointer) => {
    const err = await createApiKey(store, { ...base, ...over } as typeof base, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreValidationError);
    expect((err as StoreValidationError).errors[0].pointer).toBe(pointer);
    expect(await store.countKeys()).toBe(0);
  });
});
