import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { generateKey, parseKey, displayKey, checksum, isKeyId, KEY_ID_LENGTH, SECRET_LENGTH } from '../../src/keys/format.js';
import { crc32 } from '../../src/keys/crc32.js';
import { BASE62 } from '../../src/keys/base62.js';

describe('key format', () => {
  it('generates tempo-<16 base62>-<49 base62> and parses back to its parts', () => {
    const k = generateKey();
    expect(k.fullKey).toMatch(/^tempo-[0-9A-Za-z]{16}-[0-9A-Za-z]{49}$/);
    expect(k.fullKey).toBe(`tempo-${k.keyId}-${k.secret}`);
    expect(parseKey(k.fullKey)).toEqual({ keyId: k.keyId, secret: k.secret });
    expect(k.keyId).toHaveLength(KEY_ID_LENGTH);
    expect(k.secret).toHaveLength(SECRET_LENGTH);
    expect(isKeyId(k.keyId)).toBe(true);
  });

  it('ends the secret with the base62 CRC32 of the rest of the key', () => {
    const k = generateKey();
    const body = k.fullKey.slice(0, -6);
    expect(k.fullKey.slice(-6)).toBe(checksum(body));
    // The checksum digits decode to the CRC32 node's zlib computes.
    let v = 0;
    for (const ch of k.fullKey.slice(-6)) v = v * 62 + BASE62.indexOf(ch);
    expect(v).toBe(zlibCrc32(body));
  });

  it('computes the standard CRC-32', () => {
    for (const s of ['', 'a', '123456789', 'tempo-abc', 'ü€']) expect(crc32(s)).toBe(zlibCrc32(s));
  });

  it('makes different keys each time', () => {
    const a = generateKey();
    const b = generateKey();
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.secret).not.toBe(b.secret);
  });

  it('refuses every one-character substitution', () => {
    const k = generateKey();
    for (let i = 0; i < k.fullKey.length; i++) {
      const c = k.fullKey[i];
      const replacement = c === 'x' ? 'y' : c === '-' ? '_' : 'x';
      const typo = k.fullKey.slice(0, i) + replacement + k.fullKey.slice(i + 1);
      expect(parseKey(typo), `typo at ${i}`).toBeNull();
    }
  });

  it('refuses a dropped, doubled or swapped character', () => {
    const k = generateKey();
    const s = k.fullKey;
    expect(parseKey(s.slice(0, 20) + s.slice(21))).toBeNull();
    expect(parseKey(s.slice(0, 20) + s[20] + s.slice(20))).toBeNull();
    const i = [...s].findIndex((ch, j) => j > 6 && s[j + 1] !== undefined && s[j + 1] !== ch && s[j + 1] !== '-' && ch !== '-');
    expect(parseKey(s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2))).toBeNull();
  });

  it('refuses malformed strings', () => {
    const k = generateKey();
    for (const bad of ['', 'tempo', 'Bearer ' + k.fullKey, k.fullKey + ' ', ' ' + k.fullKey, k.fullKey.replace('tempo-', 'tmpo-'),
      k.fullKey.toUpperCase(), `tempo-${k.keyId}`, `tempo-${k.keyId}-${k.secret}-x`]) {
      expect(parseKey(bad), bad).toBeNull();
    }
  });

  it('property: generated keys always parse and have exactly two hyphens', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 256, maxLength: 256 }), (pool) => {
      // A deterministic random source drawn from fast-check's bytes, recycled as needed.
      let at = 0;
      const random = (n: number) => {
        const out = new Uint8Array(n);
        for (let i = 0; i < n; i++) out[i] = pool[at++ % pool.length] ^ (i * 131 + (at >> 8)) & 0xff;
        return out;
      };
      const k = generateKey(random);
      expect(k.fullKey.split('-')).toHaveLength(3);
      expect(parseKey(k.fullKey)).toEqual({ keyId: k.keyId, secret: k.secret });
    }), { numRuns: 300 });
  });

  it('property: the extreme secrets (all zero, all 0xff) still have fixed width', () => {
    for (const fill of [0x00, 0xff, 0x7f]) {
      // First call: the key_id characters; second call: the 32 secret bytes.
      let calls = 0;
      const k = generateKey((n) => calls++ === 0 ? new Uint8Array(n).map((_, i) => i % 248) : new Uint8Array(n).fill(fill));
      expect(parseKey(k.fullKey)).not.toBeNull();
      expect(k.secret).toHaveLength(SECRET_LENGTH);
    }
  });

  it('gives up on a random source that never yields a usable byte', () => {
    expect(() => generateKey((n) => new Uint8Array(n).fill(0xff))).toThrow(/random source/);
  });

  it('displays tempo-<key_id>-…<last4>', () => {
    expect(displayKey('abcdefghijklmnop', 'WXYZ')).toBe('tempo-abcdefghijklmnop-…WXYZ');
  });
});
