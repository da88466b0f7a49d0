// Answers larger than the connection guard's unread-bytes bound, read at an ordinary pace: a
// forecast with fitted values and ten levels, and a batch at horizon 1,000 with ten levels, as JSON
// and x-ndjson. Each arrives whole, and the caller's next request is served (a cut caller's address
// is refused for a while). The bound is its least setting, 64 KiB, so that the answers (a few MB)
// are far larger than it plus what the kernel's socket buffers take.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seasonal, startHarness, type Harness } from './harness.js';
import { postReadingAt } from '../support/paced-reader.js';
import { CHUNK_CHARS, jsonChunks, jsonSizeAtLeast } from '../../src/server/http/json-chunks.js';

const LEVELS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95];
/** Paces of clients on ordinary links. */
const MB = 1024 * 1024;

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({ config: { workers: 1, connections: { maxUnreadBytes: 64 * 1024 } } });
  key = (await h.key({ rateLimitPerMinute: 1000 })).fullKey;
});
afterAll(async () => { await h.close(); });

const headers = (accept = 'application/json') => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: accept });

async function nextRequestServed(): Promise<void> {
  const res = await h.forecast(key, { series: seasonal(24), horizon: 2 });
  expect(res.status).toBe(200);
}

describe('answers larger than the unread-bytes bound', () => {
  it('a forecast with fitted values and ten levels on 10,000 values arrives whole for a reader at 2 MB/s', async () => {
    const body = JSON.stringify({ series: seasonal(10_000), horizon: 1000, level: LEVELS, fitted: true });
    const answer = await postReadingAt(`${h.url}/tempo/v1/forecast`, headers(), body, 2 * MB);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(4 * MB);
    expect(answer.whole).toBe(true);
    const parsed = JSON.parse(answer.body) as { forecast: number[]; fitted: unknown[]; fitted_intervals: Record<string, unknown> };
    expect(parsed.forecast).toHaveLength(1000);
    expect(parsed.fitted).toHaveLength(10_000);
    expect(Object.keys(parsed.fitted_intervals)).toHaveLength(10);
    await nextRequestServed();
  }, 60_000);

  for (const accept of ['application/json', 'application/x-ndjson']) {
    it(`a 32-series batch at horizon 1,000 with ten levels arrives whole as ${accept} for a reader at 8 MB/s`, async () => {
      const series = Array.from({ length: 32 }, (_, i) => ({ id: `s${i}`, values: seasonal(120 + i) }));
      const body = JSON.stringify({ horizon: 1000, level: LEVELS, series });
      const answer = await postReadingAt(`${h.url}/tempo/v1/forecast/batch`, headers(accept), body, 8 * MB);
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(10 * MB);
      expect(answer.whole).toBe(true);
      const items = accept === 'application/json'
        ? (JSON.parse(answer.body) as { forecasts: Array<{ id: string; forecast: number[] }> }).forecasts
        : answer.body.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; forecast: number[] });
      expect(items.map((x) => x.id)).toEqual(series.map((s) => s.id));
      for (const item of items) expect(item.forecast).toHaveLength(1000);
      await nextRequestServed();
    }, 60_000);
  }

  it('small answers keep their Content-Length', async () => {
    const res = await h.forecast(key, { series: seasonal(24), horizon: 2, level: [95] });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe((await res.text()).length);
  });
});

describe('jsonChunks', () => {
  it('joins to JSON.stringify\'s text, in pieces near the size asked for', () => {
    const value = {
      forecast: [1.5, -0, NaN, Infinity, 1e300, 5e-324], text: 'quote " and \\ and \u2028', nested: { a: [[], {}, [null, true, 'x']], skip: undefined, f: () => 1 },
      dates: [new Date(0)], holes: [undefined, () => 1], big: Array.from({ length: 2000 }, (_, i) => i / 7),
    };
    for (const size of [1, 7, 100, CHUNK_CHARS]) {
      const pieces = [...jsonChunks(value, size)];
      expect(pieces.join('')).toBe(JSON.stringify(value));
      // a piece passes the size by at most one number (or a key and the start of its value)
      for (const p of pieces) expect(p.length).toBeLessThan(size + 64);
    }
    expect([...jsonChunks([1, 2, 3])]).toEqual(['[1,2,3]']);
  });
  it('never counts more than JSON.stringify writes', () => {
    const values: unknown[] = [[], {}, [1, 2, 3], { a: 1, b: [1, 'xy'], c: undefined }, 'text', 12, null, [[1], { k: [2, 3] }]];
    for (const v of values) expect(jsonSizeAtLeast(v, Infinity)).toBeLessThanOrEqual(JSON.stringify(v).length);
    expect(jsonSizeAtLeast(Array(1000).fill(1), Infinity)).toBe(JSON.stringify(Array(1000).fill(1)).length);
  });
});
