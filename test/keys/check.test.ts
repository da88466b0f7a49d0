import { describe, it, expect } from 'vitest';
import { checkKey } from '../../src/keys/check.js';
import { authenticateKey } from '../../src/keys/authenticate.js';
import { generateKey, parseKey } from '../../src/keys/format.js';
import { hashSecret } from '../../src/keys/hash.js';
import type { KeyRecord } from '../../src/store/types.js';

const now = new Date('2026-06-01T12:00:00.000Z');

function recordFor(fullKey: string, over: Partial<KeyRecord> = {}, pepper: string | null = null): KeyRecord {
  const p = parseKey(fullKey)!;
  return {
    keyId: p.keyId, secretHash: hashSecret(p.secret, pepper), status: 'active', env: 'live',
    organizationId: 'org', projectId: 'proj', userId: 'user', productId: 'platform', name: 'k',
    expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: fullKey.slice(-4),
    createdAt: '2026-01-01T00:00:00.000Z', ...over,
  };
}

describe('checkKey', () => {
  const k = generateKey();

  it('accepts an active key with the right secret', () => {
    const rec = recordFor(k.fullKey);
    expect(checkKey(parseKey(k.fullKey), rec, now, null)).toEqual({ ok: true, record: rec });
  });

  it('is INVALID when parsing failed', () => {
    expect(checkKey(null, recordFor(k.fullKey), now, null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
  });

  it('is INVALID for an unknown key_id', () => {
    expect(checkKey(parseKey(k.fullKey), undefined, now, null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
    expect(checkKey(parseKey(k.fullKey), undefined, now, 'some-pepper-value-x')).toEqual({ ok: false, code: 'API_KEY_INVALID' });
  });

  it('is INVALID when the secret does not match, before looking at status or expiry', () => {
    const other = generateKey();
    const rec = recordFor(other.fullKey, { keyId: k.keyId, status: 'inactive', expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(checkKey(parseKey(k.fullKey), rec, now, null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
  });

  it('is INVALID when the record belongs to another key_id', () => {
    const other = generateKey();
    expect(checkKey(parseKey(k.fullKey), recordFor(other.fullKey), now, null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
  });

  it('is INACTIVE before EXPIRED', () => {
    const rec = recordFor(k.fullKey, { status: 'inactive', expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(checkKey(parseKey(k.fullKey), rec, now, null)).toEqual({ ok: false, code: 'API_KEY_INACTIVE' });
  });

  it('is EXPIRED once expires_at is reached, and fine a millisecond before', () => {
    const rec = recordFor(k.fullKey, { expiresAt: now.toISOString() });
    expect(checkKey(parseKey(k.fullKey), rec, now, null)).toEqual({ ok: false, code: 'API_KEY_EXPIRED' });
    expect(checkKey(parseKey(k.fullKey), rec, new Date(now.getTime() - 1), null).ok).toBe(true);
  });

  it('uses the pepper', () => {
    const rec = recordFor(k.fullKey, {}, 'server-pepper-123456');
    expect(checkKey(parseKey(k.fullKey), rec, now, 'server-pepper-123456').ok).toBe(true);
    expect(checkKey(parseKey(k.fullKey), rec, now, 'other-pepper-1234567')).toEqual({ ok: false, code: 'API_KEY_INVALID' });
  });
});

describe('authenticateKey', () => {
  it('does not look up a malformed or missing key', async () => {
    let lookups = 0;
    const lookup = async () => { lookups++; return undefined; };
    const k = generateKey();
    const typo = k.fullKey.slice(0, -1) + (k.fullKey.endsWith('a') ? 'b' : 'a');
    expect(await authenticateKey(typo, lookup, now, null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
    expect(await authenticateKey(undefined, lookup, now, null)).toEqual({ ok: false, code: 'API_KEY_INVALID' });
    expect(lookups).toBe(0);
  });

  it('looks up by key_id and checks the record', async () => {
    const k = generateKey();
    const rec = recordFor(k.fullKey);
    const seen: string[] = [];
    const res = await authenticateKey(k.fullKey, async (id) => { seen.push(id); return rec; }, now, null);
    expect(res).toEqual({ ok: true, record: rec });
    expect(seen).toEqual([k.keyId]);
  });
});
