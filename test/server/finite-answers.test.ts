// No 200 with a broken number: series near the limits of double precision and extreme levels are
// answered with finite, ordered numbers or refused with REQUEST_INVALID, never with nulls.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputePool } from '../../src/compute/pool.js';
import { resultProblem } from '../../src/server/result-check.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.key({ rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey;
});
afterAll(async () => { await h.close(); });

const cases: Array<[string, unknown]> = [
  ['values near the largest double', { series: Array.from({ length: 40 }, (_, i) => (i % 2 ? 1.7e308 : -1.7e308)), horizon: 12, level: [95] }],
  ['a steep climb to 1e308', { series: Array.from({ length: 30 }, (_, i) => 1e300 * 10 ** (i / 4)), horizon: 24, level: [80, 95] }],
  ['the smallest subnormals', { series: Array.from({ length: 30 }, (_, i) => (i % 3) * 5e-324), horizon: 6, level: [50] }],
  ['a level a hair under 100', { series: [3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10], horizon: 4, level: [99.99999999999999] }],
  ['a level a hair above 0', { series: [3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10], horizon: 4, level: [1e-15] }],
];

describe('every number in a 200 is finite and ordered', () => {
  for (const [name, body] of cases) {
    it(name, async () => {
      const res = await h.forecast(key, body);
      const answer = await res.json();
      if (res.status === 200) {
        expect(resultProblem(answer)).toBeNull();
      } else {
        expect(res.status).toBe(400);
        expect(answer.code).toBe('REQUEST_INVALID');
      }
    });
  }

  it('does not walk a streamed answer', () => {
    expect(resultProblem(Readable.from(['{"forecast":[null]}']))).toBeNull();
  });
});

describe('the host-side guard', () => {
  it('turns a core answer with a NaN or crossed bounds into REQUEST_INVALID', async () => {
    const answers = [
      { forecast: [1, Number.NaN], method: { components: ['x'], season_length: 1 } },
      { forecast: [1], intervals: { 95: { lower: [2], upper: [3] } }, method: { components: ['x'], season_length: 1 } },
    ];
    let next = 0;
    const pool: ComputePool = {
      forecast: async () => answers[next++] as never,
      forecastGroup: () => Promise.reject(new Error('not used')),
      backtestGroup: () => Promise.reject(new Error('not used')),
      backtest: () => Promise.reject(new Error('not used')),
      scoreMany: () => Promise.reject(new Error('not used')),
      ready: async () => {},
      inFlight: () => 0,
      close: async () => {},
    };
    const g = await startHarness({ pool });
    try {
      const k = (await g.key()).fullKey;
      const nan = await g.forecast(k, { series: [1, 2, 3], horizon: 2 });
      expect(nan.status).toBe(400);
      expect((await nan.json()).errors[0].pointer).toBe('/series');
      const crossed = await g.forecast(k, { series: [1, 2, 3], horizon: 1, level: [95] });
      expect(crossed.status).toBe(400);
      expect((await crossed.json()).errors[0].pointer).toBe('/level');
    } finally {
      await g.close();
    }
  });
});
