// The sliced parser refuses an object of more than MAX_OBJECT_FIELDS members while it scans, before
// JSON.parse holds the event loop for it (about 2 s per million members), with the object's pointer
// (inside an element of a split array, that element's).
import { describe, it, expect } from 'vitest';
import { CrowdedObjectError, parseJsonInSlices } from '../../../src/server/batch/parse-in-slices.js';
import { MAX_OBJECT_FIELDS } from '../../../src/server/crowded-object.js';

// `n` members f0..f(n-1) of an object, without its braces
const members = (n: number) => Array.from({ length: n }, (_, i) => `"f${i}":${i}`).join(',');

async function refusedAt(text: string): Promise<string> {
  const err = await parseJsonInSlices(text, 64).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CrowdedObjectError);
  return (err as CrowdedObjectError).pointer;
}

describe('crowded objects in the sliced parser', () => {
  it('parses an object of exactly the limit and refuses one member more, at the top', async () => {
    const ok = `{${members(MAX_OBJECT_FIELDS)}}`;
    expect(await parseJsonInSlices(ok, 64)).toEqual(JSON.parse(ok));
    expect(await refusedAt(`{${members(MAX_OBJECT_FIELDS + 1)}}`)).toBe('');
  });

  it('names a crowded object reached through members, escaping its names', async () => {
    expect(await refusedAt(`{"horizon":3,"training":{"a/b":{${members(150)}}}}`)).toBe('/training/a~1b');
  });

  it('names the element of a split array that holds a crowded object, however deep', async () => {
    expect(await refusedAt(`{"series":[{"id":"a"},{"id":"b"},{"id":"c",${members(150)}}]}`)).toBe('/series/2');
    expect(await refusedAt(`{"training":{"series":[{"id":"a","x":[{"y":{${members(150)}}}]}]}}`)).toBe('/training/series/0');
  });

  it('counts only an object\'s own members: many small objects in one array pass', async () => {
    const text = `{"series":[${Array.from({ length: 300 }, (_, i) => `{"id":"s${i}","values":[1,2]}`).join(',')}]}`;
    expect(await parseJsonInSlices(text, 64)).toEqual(JSON.parse(text));
  });
});
