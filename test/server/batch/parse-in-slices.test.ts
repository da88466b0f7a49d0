// The sliced parser must agree with JSON.parse on every text: same value, or an error for both,
// whichever arrays it splits; and it refuses unparsed a body too large outside them.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { JsonSyntaxError, OutsideTooLargeError, parseJsonInSlices } from '../../../src/server/batch/parse-in-slices.js';

// the lists the tests split: a batch's, a tuning's, and those of the texts below
const SPLIT = [['series'], ['level'], ['training', 'series'], ['a'], ['b'], ['s'], ['__proto__'], ['t', 's'], ['t', 'u', 's'], ['__proto__', '__proto__'], ['a\\'], ['b"c']];

// every array reached from the top through members only: the most the parser can be told to split
function arrayPaths(v: unknown, at: string[] = []): string[][] {
  if (v === null || typeof v !== 'object') return [];
  if (Array.isArray(v)) return at.length > 0 ? [at] : [];
  return Object.entries(v).flatMap(([k, x]) => arrayPaths(x, [...at, k]));
}

async function outcome(text: string, slice: number, split: string[][] = SPLIT): Promise<unknown> {
  try {
    return { value: await parseJsonInSlices(text, { split, maxOutside: Infinity, sliceChars: slice }) };
  } catch (err) {
    expect(err).toBeInstanceOf(JsonSyntaxError);
    return 'error';
  }
}

// JSON.parse's answer, except the documented shortcut: a body that is not an object and longer
// than a slice is not parsed at all and comes back as [] (validation refuses it either way)
function reference(text: string, slice = Infinity): unknown {
  if (!text.trimStart().startsWith('{') && text.length > slice) return { value: [] };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return 'error';
  }
}

describe('parseJsonInSlices', () => {
  it('equals JSON.parse on objects of every shape, whatever the slice size', async () => {
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), fc.integer({ min: 1, max: 64 }), async (obj, slice) => {
      const text = JSON.stringify(obj, null, slice % 3);
      expect(await outcome(text, slice, arrayPaths(obj))).toEqual(reference(text, slice));
    }), { numRuns: 300 });
  });

  it('fails exactly where JSON.parse fails on damaged text', async () => {
    const batch = '{"horizon": 2, "series": [{"id": "a", "values": [1, 2, null]}, {"id": "b\\"]", "values": [3]}], "level": [80]}';
    // a tuning's series sit one object down, under training
    const tuning = '{"name": "m", "training": {"horizon": 2, "series": [{"id": "a", "values": [1, 2]}, {"id": "b\\"}:", "values": [3]}]}, "x": {"y": {}}}';
    for (const base of [batch, tuning]) {
      await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: base.length - 1 }), fc.constantFrom('', ',', ']', '}', '[', '{', '"', ':', ' ', '0', '\\'), async (at, insert) => {
        for (const text of [base.slice(0, at) + insert + base.slice(at), base.slice(0, at) + insert + base.slice(at + 1)]) {
          expect(await outcome(text, 7), text).toEqual(reference(text, 7));
        }
      }), { numRuns: 400 });
    }
  });

  it('keeps duplicate names as JSON.parse does (the last wins) and "__proto__" as a plain member', async () => {
    for (const text of ['{"series": [1, 2], "series": [3]}', '{"series": [1], "series": 5}', '{"series": 5, "series": [1]}', '{"__proto__": [1, 2]}', '{"a": [], "b": [ ]}', '{"a": [1,]}', '{"a": [,1]}', '[1, 2]', '  7 ',
      '{"t": {"s": [1, 2], "s": [3]}}', '{"t": {"s": [1]}, "t": {"s": [2, 3]}}', '{"t": {"s": [1]}, "t": 4}', '{"t": 4, "t": {"s": [1]}}',
      '{"t": {"s": [1], "u": {"s": [2]}}, "t": {"u": {"s": [5, 6]}}}', '{"__proto__": {"__proto__": [1, 2]}}', '{"t": {"s": [[1, {"a": [2]}], {"b": [3]}]}}',
      // runs of backslashes before a quote: an even run leaves the quote closing the string
      '{"a\\\\": ["x\\\\\\"y,]", "\\\\"], "b\\"c": [1]}', '{"s": ["\\\\\\\\", "\\\\\\"]"]}', '{"s": ["unclosed]}']) {
      const got = await outcome(text, 3);
      expect(got, text).toEqual(reference(text, 3));
    }
    const proto = await parseJsonInSlices('{"__proto__": [1, 2]}', { split: SPLIT, maxOutside: Infinity }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });

  it('parses a list\'s elements a slice at a time, keeping an array split anywhere whole', async () => {
    const series = Array.from({ length: 500 }, (_, i) => ({ id: `s${i}`, values: [i, null, i + 0.5] }));
    const text = JSON.stringify({ horizon: 3, series, level: [80, 95] });
    for (const slice of [1, 7, 64, 1000, 1 << 18]) expect(await outcome(text, slice, [['series']]), String(slice)).toEqual({ value: JSON.parse(text) });
    // an element missing between two groups is an error, as it is for JSON.parse
    expect(await outcome('{"series": [1, 2, , 3]}', 2, [['series']])).toBe('error');
    expect(await outcome('{"series": [1, 2, 3, ]}', 2, [['series']])).toBe('error');
  });

  it('refuses unparsed a body whose text outside its lists is over the bound', async () => {
    const text = JSON.stringify({ horizon: 3, series: Array(1000).fill({ id: 'a', values: [1, 2, 3] }), junk: 'x'.repeat(5000) });
    const err = await parseJsonInSlices(text, { split: [['series']], maxOutside: 4096 }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideTooLargeError);
    expect((err as OutsideTooLargeError).chars).toBeGreaterThan(5000);
    // the lists themselves do not count
    expect(await parseJsonInSlices(text.replace(/"junk":"x+"/, '"junk":1'), { split: [['series']], maxOutside: 4096 })).toMatchObject({ junk: 1 });
  });
});
