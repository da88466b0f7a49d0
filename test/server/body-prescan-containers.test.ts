// The body pre-scan refuses an object of more than MAX_OBJECT_FIELDS members and an array longer
// than any a request may hold as the bytes arrive, before anything parses them (JSON.parse holds the
// event loop about 2 s per million members), with the path of the refused container.
import { describe, it, expect } from 'vitest';
import { JsonPrescan, prescanJson } from '../../src/server/body/prescan.js';
import { MAX_OBJECT_FIELDS } from '../../src/server/crowded-object.js';

// `n` members f0..f(n-1) of an object, without its braces
const members = (n: number) => Array.from({ length: n }, (_, i) => `"f${i}":${i}`).join(',');
const limits = { maxDepth: 8, maxElements: 1_000_000, maxArrayElements: 50 };

function refusedAt(text: string): { reason: string; at: Array<string | number> } {
  const v = prescanJson(text, limits);
  expect(v.ok).toBe(false);
  return v as never;
}

describe('crowded objects and long arrays in the pre-scan', () => {
  it('passes an object of exactly the limit and refuses one member more, at the top', () => {
    expect(prescanJson(`{${members(MAX_OBJECT_FIELDS)}}`, limits)).toEqual({ ok: true });
    expect(refusedAt(`{${members(MAX_OBJECT_FIELDS + 1)}}`)).toEqual({ ok: false, reason: 'members', at: [] });
  });

  it('names a crowded object by the names and indexes that lead to it, as sent', () => {
    expect(refusedAt(`{"horizon":3,"training":{"a/b":{${members(150)}}}}`).at).toEqual(['training', 'a/b']);
    expect(refusedAt(`{"series":[{"id":"a"},{"id":"b"},{"id":"c",${members(150)}}]}`).at).toEqual(['series', 2]);
    expect(refusedAt(`{"training":{"series":[{"id":"a","x":[{"y":{${members(150)}}}]}]}}`).at).toEqual(['training', 'series', 0, 'x', 0, 'y']);
  });

  it('refuses an array one element past the longest allowed, wherever it is', () => {
    const ones = (n: number) => Array(n).fill(1).join(',');
    expect(prescanJson(`{"series":[${ones(50)}]}`, limits)).toEqual({ ok: true });
    expect(refusedAt(`{"horizon":[${ones(51)}]}`)).toEqual({ ok: false, reason: 'array', at: ['horizon'] });
    expect(refusedAt(`{"series":[{"values":[1]},{"values":[${ones(51)}]}]}`).at).toEqual(['series', 1, 'values']);
  });

  it('keeps names whole across chunks, and cuts a name too long or escaped to match any schema\'s', () => {
    const scan = new JsonPrescan(limits);
    for (const part of ['{"ser', 'ies":[', `${Array(60).fill(1).join(',')}]}`]) scan.feed(Buffer.from(part));
    expect(scan.end()).toEqual({ ok: false, reason: 'array', at: ['series'] });
    expect(refusedAt(`{"${'k'.repeat(100)}":[${Array(60).fill(1).join(',')}]}`).at).toEqual(['\u0000']);
    expect(refusedAt(`{"se\\u0072ies":[${Array(60).fill(1).join(',')}]}`).at).toEqual(['\u0000']);
  });

  it('counts only an object\'s own members: many small objects in one array pass', () => {
    const text = `{"series":[${Array.from({ length: 50 }, (_, i) => `{"id":"s${i}","values":[1,2]}`).join(',')}]}`;
    expect(prescanJson(text, limits)).toEqual({ ok: true });
  });
});
