// The client's batch calls with dates against a real server: timestamps and freq sent, future dates answered.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { RequestInvalidError, TempoClient, type BatchItem } from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { rejectionOf } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));

describe('forecastMany and forecastBatch with dates', () => {
  it('sends each series\' timestamps and the shared freq, and yields each series\' future dates', async () => {
    const { fullKey } = await h.key();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    async function* source() {
      yield { id: 'dated', values: seasonal(28), timestamps: days(28) };
      yield { id: 'undated', values: seasonal(28) };
    }
    const items: BatchItem[] = [];
    for await (const x of c.forecastMany(source(), { horizon: 2, freq: 'D', batchSize: 1 })) items.push(x);
    expect(items.map((x) => x.id)).toEqual(['dated', 'undated']);
    expect(items[0]).toMatchObject({ timestamps: ['2024-01-29', '2024-01-30'], freq: 'P1D' });
    expect(items[1]).toMatchObject({ freq: 'P1D' });
    expect('timestamps' in items[1]).toBe(false);
  });

  it('throws RequestInvalidError pointing at the bad date', async () => {
    const { fullKey } = await h.key();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const stamps = days(28);
    stamps[5] = stamps[4];
    const err = await rejectionOf(c.forecastBatch({ horizon: 2, series: [{ id: 'a', values: seasonal(28), timestamps: stamps }] }));
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).errors[0].pointer).toBe('/series/0/timestamps/5');
  });
});
