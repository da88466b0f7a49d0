import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startHarness, type Harness } from './harness.js';

// Every number in a 200 is finite and ordered; what the core cannot answer finitely is a 400.
describe('numbers in a forecast answer', () => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness();
    key = (await h.key({ organizationId: 'numbers' })).fullKey;
  });
  afterAll(async () => { await h.close(); });

  it('a level a hair below 100 answers finite, ordered bounds (not null)', async () => {
    const series = Array.from({ length: 40 }, (_, t) => 10 + Math.sin(t) + 0.1 * t);
    const res = await h.forecast(key, { series, horizon: 4, level: [99.99999999999999, 1e-14] });
    expect(res.status).toBe(200);
    const body = await res.json();
    for (const lv of ['99.99999999999999', '1e-14']) {
      const b = body.intervals[lv];
      for (let i = 0; i < 4; i++) {
        expect(typeof b.lower[i]).toBe('number');
        expect(typeof b.upper[i]).toBe('number');
        expect(b.lower[i]).toBeLessThanOrEqual(body.forecast[i]);
        expect(body.forecast[i]).toBeLessThanOrEqual(b.upper[i]);
      }
    }
  });

  it('values near 1e308 answer finitely when the answer fits', async () => {
    const res = await h.forecast(key, { series: [1.7e308, 1.7e308, 1.7e308, 1.7e308], horizon: 2 });
    expect(res.status).toBe(200);
    expect((await res.json()).forecast).toEqual([1.7e308, 1.7e308]);
    // a constant series' intervals take the floor (never zero width), which fits at 1e307
    const near = await h.forecast(key, { series: [1e307, 1e307, 1e307, 1e307], horizon: 2, level: [95] });
    expect(near.status).toBe(200);
    const body = await near.json();
    expect(body.forecast).toEqual([1e307, 1e307]);
    for (let i = 0; i < 2; i++) {
      expect(body.intervals['95'].lower[i]).toBeLessThan(1e307);
      expect(body.intervals['95'].upper[i]).toBeGreaterThan(1e307);
      expect(Number.isFinite(body.intervals['95'].upper[i])).toBe(true);
    }
    // at 1.7e308 that floor would pass the largest number: refused, as any interval that overflows is
    const over = await h.forecast(key, { series: [1.7e308, 1.7e308, 1.7e308, 1.7e308], horizon: 2, level: [95] });
    expect(over.status).toBe(400);
    expect((await over.json()).detail).toMatch(/values too large to forecast/);
  });

  it('a series whose intervals would overflow is REQUEST_INVALID "values too large to forecast" at /series', async () => {
    const res = await h.forecast(key, { series: [1.7e308, -1.7e308, 1.7e308, -1.7e308, 1.7e308], horizon: 2, level: [95] });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('REQUEST_INVALID');
    expect(body.detail).toMatch(/values too large to forecast/);
    expect(body.errors).toEqual([{ pointer: '/series', detail: 'values too large to forecast' }]);
  });
});
