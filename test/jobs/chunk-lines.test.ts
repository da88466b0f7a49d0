import { describe, expect, it } from 'vitest';
import { gunzipSync, gzipSync } from 'node:zlib';
import { packable, packedBytes, packInput, packLines, unpackInput, type InputLine } from '../../src/jobs/chunk-lines.js';

const lines: InputLine[] = [
  { id: 'a', values: [1.5, null, -0, 1e308, 5e-324, 123456.789012345] },
  { id: 'b', error: { code: 'REQUEST_INVALID', detail: 'series/1/values is empty', pointer: '/series/1/values' } },
  { id: 'ü-ß ✓', values: [], season_length: 12 },
  { id: 'r', values: [3, 4], regressors: { price: [1, 2, 3, 4, 5] }, plan: { periods: [12], freq: 'MS', timestamps: ['2020-03-01'] } } as InputLine,
];

// values as plain arrays (null where missing) for comparison
const plain = (ls: InputLine[]) => ls.map((l) => ('values' in l ? { ...l, values: Array.from(l.values, (v) => (v !== null && Number.isNaN(v) ? null : v)) } : l));

describe('chunk inputs', () => {
  it('round-trip every kind of line, values exactly (missing as NaN, -0 kept) and in order', () => {
    const back = unpackInput(packInput(lines.map(packable)));
    expect(plain(back)).toEqual(plain(lines));
    const a = back[0] as unknown as { values: Float64Array };
    expect(a.values).toBeInstanceOf(Float64Array);
    expect(Number.isNaN(a.values[1])).toBe(true);
    expect(Object.is(a.values[2], -0)).toBe(true);
    expect(a.values[4]).toBe(5e-324);
  });

  it('read values at any offset of a larger buffer (as a driver hands them over)', () => {
    const packed = packInput(lines.map(packable));
    const big = Buffer.alloc(packed.length + 3);
    packed.copy(big, 3);
    expect(plain(unpackInput(big.subarray(3)))).toEqual(plain(lines));
  });

  it('store values as 8 bytes each at most, and whole numbers in far less', () => {
    const many = (f: (k: number, i: number) => number): InputLine[] => Array.from({ length: 200 }, (_, k) => ({ id: `s${k}`, values: Array.from({ length: 100 }, (_, i) => f(k, i)) }));
    const full = packInput(many((k, i) => Math.sin(k + i) * 1000).map(packable));
    expect(full.length).toBeLessThan(200 * 100 * 8 + 4000);
    const counts = many((k, i) => Math.round(50 + 30 * Math.sin(k + i)));
    const whole = packInput(counts.map(packable));
    expect(whole.length).toBeLessThan(200 * 100 * 8 / 10);
    expect(plain(unpackInput(whole))).toEqual(plain(counts));
    expect(packedBytes(packable(counts[0]))).toBe(JSON.stringify({ id: 's0' }).length + 800);
  });

  it('still read an input stored by an earlier version (gzip\'d NDJSON lines)', () => {
    // JSON has no -0: the earlier form stored it as 0
    const old = packLines(lines.map((l) => JSON.stringify(l)));
    expect(gunzipSync(old).toString('utf8').startsWith('{"id":"a"')).toBe(true);
    const back = plain(unpackInput(old)) as Array<{ values?: Array<number | null> }>;
    expect(back[0].values?.[2]).toBe(0);
    back[0].values![2] = -0;
    expect(back).toEqual(plain(lines));
  });

  it('refuse a packed input whose header disagrees with its lines', () => {
    const raw = gunzipSync(packInput(lines.map(packable)));
    raw.writeUInt32LE(5, 4);
    expect(() => unpackInput(gzipSync(raw))).toThrow(/holds 4 lines where its header says 5/);
  });
});
