// IdSet answers as a Set of strings does, on seeded ids of every length an id may have, multi-byte
// text, near-identical ids, and past many growths of its index and several of its byte arenas.
import { describe, expect, it } from 'vitest';
import { IdSet } from '../../src/jobs/id-set.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

const CHARS = ['a', 'Z', '0', '9', '-', '_', '.', ' ', 'é', '日', '😀'];

describe('IdSet', () => {
  it('holds exactly what a Set holds', () => {
    const u = rng(42);
    const ids = new IdSet();
    const oracle = new Set<string>();
    for (let k = 0; k < 40_000; k++) {
      const length = 1 + Math.floor(u() * 30);
      const id = Array.from({ length }, () => CHARS[Math.floor(u() * CHARS.length)]).join('');
      expect(ids.has(id)).toBe(oracle.has(id));
      ids.add(id);
      oracle.add(id);
    }
    expect(ids.size).toBe(oracle.size);
    for (const id of oracle) expect(ids.has(id)).toBe(true);
    expect(ids.has('not-there')).toBe(false);
  });

  it('tells near-identical ids apart, and holds a million of them across its byte arenas', () => {
    const ids = new IdSet();
    const n = 1_000_000;
    // 38 bytes each: about 38 MB, past several 4 MB arenas
    for (let i = 0; i < n; i++) ids.add(`store-0001-item-${String(i).padStart(8, '0')}-colour-blue`);
    expect(ids.size).toBe(n);
    expect(ids.has('store-0001-item-00000000-colour-blue')).toBe(true);
    expect(ids.has('store-0001-item-00999999-colour-blue')).toBe(true);
    expect(ids.has('store-0001-item-01000000-colour-blue')).toBe(false);
    expect(ids.has('store-0001-item-00000000-colour-blu')).toBe(false);
    ids.add('store-0001-item-00000000-colour-blue');
    expect(ids.size).toBe(n);
  });

  it('takes the longest id a series may have (128 characters of 4-byte text) and refuses longer', () => {
    const ids = new IdSet();
    const longest = '😀'.repeat(64);
    ids.add(longest);
    expect(ids.has(longest)).toBe(true);
    expect(() => ids.add('😀'.repeat(200))).toThrow(RangeError);
  });
});
