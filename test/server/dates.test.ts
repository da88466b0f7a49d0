// Dated forecasts over real HTTP: future timestamps, freq answered as ISO, the
// calendar's periods as tested hints, and every bad date refused with its pointer before compute.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function monthEnds(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const y = 2019 + Math.floor(i / 12), m = (i % 12) + 1;
    out.push(new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10));
  }
  return out;
}

describe('forecast with dates', () => {
  it('answers the future month ends, the ISO freq, and uses the calendar period the data supports', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(60);
    const timestamps = monthEnds(60); // 2019-01-31 … 2023-12-31
    const res = await h.forecast(fullKey, { series, horizon: 3, timestamps });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.timestamps).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
    expect(body.freq).toBe('P1M');
    expect(body.method.season_length).toBe(12);
    const expected = (await loadForecaster()).forecast(series, 3, { periodHints: [12], config: {} });
    expect(body.forecast).toEqual(expected.forecast);
  });

  it('keeps a told season_length over the calendar, and answers freq alone without timestamps', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(60);
    const res = await h.forecast(fullKey, { series, horizon: 2, freq: 'QS', season_length: 1 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.freq).toBe('P3M');
    expect(body.timestamps).toBeUndefined();
    expect(body.method.season_length).toBe(1);
  });

  it('does not force a calendar period the data does not show', async () => {
    const { fullKey } = await h.key();
    // monthly dates, but a 7-step cycle: lag 12 fails the seasonality test and the data's own period wins
    const series = Array.from({ length: 84 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 7) + ((i * 7919) % 13) / 10);
    const res = await h.forecast(fullKey, { series, horizon: 1, timestamps: monthEnds(84) });
    expect(res.status).toBe(200);
    expect((await res.json()).method.season_length).toBe(7);
  });

  it('treats yearly dates as non-seasonal', async () => {
    const { fullKey } = await h.key();
    const timestamps = Array.from({ length: 40 }, (_, i) => `${1980 + i}-12-31`);
    const series = Array.from({ length: 40 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 4));
    const res = await h.forecast(fullKey, { series, horizon: 2, timestamps });
    const body = await res.json();
    expect(body.method.season_length).toBe(1);
    expect(body.timestamps).toEqual(['2020-12-31', '2021-12-31']);
    expect(body.freq).toBe('P1Y');
  });

  it('counts a model\'s stored season length as told, ahead of the calendar', async () => {
    const { fullKey } = await h.key({ organizationId: 'cycles-co' });
    await h.store.createModel({ name: 'four-step', organizationId: 'cycles-co', base: 'tempo', config: { season_length: 4 } });
    const timestamps = Array.from({ length: 40 }, (_, i) => `${1980 + i}-12-31`);
    const series = Array.from({ length: 40 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 4) + (i % 3));
    const res = await h.forecast(fullKey, { series, horizon: 2, timestamps }, { model: 'four-step' });
    expect(res.status).toBe(200);
    expect((await res.json()).method.season_length).toBe(4);
  });

  it('keeps the offset of date-times on an hourly grid', async () => {
    const { fullKey } = await h.key();
    const timestamps = Array.from({ length: 30 }, (_, i) => `2024-05-01T${String(i % 24).padStart(2, '0')}:00:00+05:30`)
      .map((t, i) => (i >= 24 ? t.replace('2024-05-01', '2024-05-02') : t));
    const res = await h.forecast(fullKey, { series: seasonal(30), horizon: 2, timestamps });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.timestamps).toEqual(['2024-05-02T06:00:00+05:30', '2024-05-02T07:00:00+05:30']);
    expect(body.freq).toBe('PT1H');
  });

  it('keeps a Part A request exactly as it was', async () => {
    const { fullKey } = await h.key();
    const body = await (await h.forecast(fullKey, { series: seasonal(40), horizon: 2 })).json();
    expect(Object.keys(body).sort()).toEqual(['forecast', 'method', 'model']);
  });
});

describe('bad dates are REQUEST_INVALID with a pointer', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['a gap', { timestamps: ['2024-01-01', '2024-02-01', '2024-04-01'] }, '/timestamps/2', 'expected 2024-03-01'],
    ['a duplicate', { timestamps: ['2024-01-01', '2024-01-01', '2024-01-02'] }, '/timestamps/1', 'repeats'],
    ['out of order', { timestamps: ['2024-01-03', '2024-01-02', '2024-01-04'] }, '/timestamps/1', 'earlier'],
    ['no offset', { timestamps: ['2024-01-01T00:00', '2024-01-01T01:00', '2024-01-01T02:00'] }, '/timestamps/0', 'offset'],
    ['a number', { timestamps: ['2024-01-01', 5, '2024-01-03'] }, '/timestamps/1', 'string'],
    ['a length mismatch', { timestamps: ['2024-01-01', '2024-01-02'] }, '/timestamps', '3 values'],
    ['an unknown freq', { freq: 'sometimes' }, '/freq', 'ISO 8601'],
    ['off the told grid', { timestamps: ['2024-01-01', '2024-01-02', '2024-01-03'], freq: 'W' }, '/timestamps/1', 'expected 2024-01-08'],
  ];
  for (const [name, extra, pointer, text] of cases) {
    it(name, async () => {
      const { fullKey } = await h.key();
      const res = await h.forecast(fullKey, { series: [1, 2, 3], horizon: 2, ...extra });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('REQUEST_INVALID');
      expect(body.errors[0].pointer).toBe(pointer);
      expect(body.detail).toContain(text);
    });
  }
});
