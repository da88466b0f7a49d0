// Dates through the client against a real server: forecast(), crossValidate() and anomalies() send
// `timestamps`/`freq`, and map back future dates, cutoffs and anomalies named by their dates, the
// ISO freq, the two-season method, and a bad date's pointer.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { RequestInvalidError, TempoClient } from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch, rejectionOf } from './helpers.js';

let h: Harness;
let client: TempoClient;
let rec: ReturnType<typeof recordingFetch>;
beforeAll(async () => {
  h = await startHarness();
  const k = await h.key({ rateLimitPerMinute: 100, rateLimitPerHour: 1000 });
  rec = recordingFetch();
  client = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch, maxRetries: 0 });
});
afterAll(async () => { await h.close(); });

function monthStarts(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${2018 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`);
}

function lastBody(): Record<string, unknown> {
  return JSON.parse(rec.exchanges[rec.exchanges.length - 1].body!);
}

describe('the client with dates', () => {
  it('forecast() sends timestamps and freq and maps back the future dates and the ISO freq', async () => {
    const series = seasonal(36);
    const timestamps = monthStarts(36);
    const out = await client.forecast({ series, timestamps, freq: 'MS', horizon: 3 });
    expect(lastBody()).toEqual({ series, horizon: 3, timestamps, freq: 'MS' });
    expect(out.timestamps).toEqual(['2021-01-01', '2021-02-01', '2021-03-01']);
    expect(out.freq).toBe('P1M');
    expect(out.method?.seasonLength).toBe(12);
    expect(out.method).not.toHaveProperty('seasonalPeriods');
  });

  it('forecast() maps seasonalPeriods when the server used two periods', async () => {
    const n = 24 * 7 * 6;
    const series = Array.from({ length: n }, (_, t) =>
      (100 + 30 * Math.sin((2 * Math.PI * (t % 24)) / 24)) * (Math.floor(t / 24) % 7 >= 5 ? 0.6 : 1) + ((t * 7919) % 13) / 13);
    const timestamps = Array.from({ length: n }, (_, t) => new Date(Date.UTC(2024, 0, 1, t)).toISOString());
    const out = await client.forecast({ series, timestamps, horizon: 24 });
    expect(out.freq).toBe('PT1H');
    expect(out.method).toMatchObject({ seasonLength: 24, seasonalPeriods: [24, 168] });
    expect(out.timestamps![0]).toBe('2024-02-12T00:00:00.000Z');
  });

  it('crossValidate() names each cutoff by its date', async () => {
    const series = seasonal(48);
    const timestamps = monthStarts(48);
    const out = await client.crossValidate({ series, timestamps, horizon: 6, windows: 2 });
    expect(lastBody()).toMatchObject({ timestamps, horizon: 6, windows: 2 });
    expect(lastBody()).not.toHaveProperty('freq');
    // windows end at the series' end: the last cutoff is 6 months before it, the one before 6 earlier
    expect(out.windows.map((w) => w.cutoff)).toEqual([timestamps[35], timestamps[41]]);
    expect(out.freq).toBe('P1M');
  });

  it('anomalies() names each anomaly by its date', async () => {
    const series = seasonal(72);
    series[40] += 60;
    const timestamps = monthStarts(72);
    const out = await client.anomalies({ series, timestamps, freq: 'P1M' });
    expect(lastBody()).toEqual({ series, timestamps, freq: 'P1M' });
    const spike = out.anomalies.find((a) => a.index === 40)!;
    expect(spike.timestamp).toBe(timestamps[40]);
    for (const a of out.anomalies) expect(a.timestamp).toBe(timestamps[a.index]);
    expect(out.freq).toBe('P1M');
  });

  it('a date off the grid is RequestInvalidError pointing at it, on every call', async () => {
    const series = seasonal(24);
    const timestamps = monthStarts(24);
    timestamps[5] = '2018-06-15';
    // one at a time: the key's running lock admits one computation
    for (const call of [
      () => client.forecast({ series, timestamps, freq: 'MS', horizon: 2 }),
      () => client.crossValidate({ series, timestamps, freq: 'MS', horizon: 2, windows: 1 }),
      () => client.anomalies({ series, timestamps, freq: 'MS' }),
    ]) {
      const err = await rejectionOf(call());
      expect(err).toBeInstanceOf(RequestInvalidError);
      expect((err as RequestInvalidError).errors.map((e) => e.pointer)).toEqual(['/timestamps/5']);
    }
  });
});
