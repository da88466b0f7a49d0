// Dates on the batch endpoint over real HTTP: each series' future timestamps and freq in its answer,
// its calendar's periods passed to the core as that series' hints, and one bad date refusing the batch whole.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { planDates } from '../../src/dates/index.js';
import { GROUP_SERIES } from '../../src/server/batch/groups.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function post(key: string, body: unknown, accept = 'application/json'): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/forecast/batch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(body),
  });
}

function monthEnds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(2019 + Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10));
}

async function errorsOf(res: Response): Promise<Array<{ pointer: string; detail: string }>> {
  expect(res.status).toBe(400);
  const body = await res.json() as { code: string; errors: Array<{ pointer: string; detail: string }> };
  expect(body.code).toBe('REQUEST_INVALID');
  return body.errors;
}

describe('POST /{model}/v1/forecast/batch with dates', () => {
  it('answers each dated series with its future dates and freq, and hands its calendar periods to the core', async () => {
    const { fullKey } = await h.key();
    const monthly = seasonal(60);
    const yearly = Array.from({ length: 40 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 4));
    const hourly = Array.from({ length: 48 }, (_, i) => 20 + 5 * Math.sin((2 * Math.PI * i) / 24) + (i % 5) / 10);
    const hours = Array.from({ length: 48 }, (_, i) => new Date(Date.UTC(2024, 0, 1, i)).toISOString().replace('.000Z', '+00:00'));
    const res = await post(fullKey, {
      horizon: 3,
      series: [
        { id: 'monthly', values: monthly, timestamps: monthEnds(60) },
        { id: 'plain', values: monthly },
        { id: 'yearly', values: yearly, timestamps: Array.from({ length: 40 }, (_, i) => `${1980 + i}-12-31`) },
        { id: 'hourly', values: hourly, timestamps: hours },
      ],
    });
    expect(res.status).toBe(200);
    const [m, plain, y, hr] = (await res.json()).forecasts;
    const core = await loadForecaster();
    expect(m.timestamps).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
    expect(m.freq).toBe('P1M');
    expect(m.forecast).toEqual(core.forecast(monthly, 3, { periodHints: [12], config: {} }).forecast);
    expect(plain.timestamps).toBeUndefined();
    expect(plain.freq).toBeUndefined();
    expect(plain).toEqual({ id: 'plain', ...core.forecast(monthly, 3, { config: {} }) });
    // yearly dates rule a season out, whatever the data's own cycle
    expect(y.freq).toBe('P1Y');
    expect(y.timestamps).toEqual(['2020-12-31', '2021-12-31', '2022-12-31']);
    expect(y.method.season_length).toBe(1);
    expect(hr.freq).toBe('PT1H');
    expect(hr.timestamps).toEqual(['2024-01-03T00:00:00+00:00', '2024-01-03T01:00:00+00:00', '2024-01-03T02:00:00+00:00']);
    expect(hr.forecast).toEqual(core.forecast(hourly, 3, { periodHints: [24, 168], config: {} }).forecast);
  });

  it('applies a batch freq to every series, with or without timestamps, and streams the dates as x-ndjson', async () => {
    const { fullKey } = await h.key();
    const values = seasonal(36);
    const res = await post(fullKey, {
      horizon: 2, freq: 'MS', season_length: 1,
      series: [{ id: 'a', values }, { id: 'b', values, timestamps: Array.from({ length: 36 }, (_, i) => `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`) }],
    }, 'application/x-ndjson');
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].freq).toBe('P1M');
    expect(lines[0].timestamps).toBeUndefined();
    expect(lines[1].timestamps).toEqual(['2023-01-01', '2023-02-01']);
    expect(lines.map((l) => l.method.season_length)).toEqual([1, 1]);
  });

  it('answers every series of a batch of many groups with the dates planDates gives it alone', async () => {
    // more series than one group takes, the dated and undated ones interleaved, so a series answered
    // with another's dates (the check hands them on by position) would show
    const { fullKey } = await h.key();
    const series = Array.from({ length: 3 * GROUP_SERIES + 5 }, (_, i) => {
      const values = seasonal(14 + (i % 9));
      if (i % 4 === 3) return { id: `u${i}`, values };
      return { id: `d${i}`, values, timestamps: values.map((_, k) => new Date(Date.UTC(2000, i + k, 1)).toISOString().slice(0, 10)) };
    });
    for (const freq of [undefined, 'MS']) {
      const body = { horizon: 4, ...(freq ? { freq } : {}), series };
      const res = await post(fullKey, body, 'application/x-ndjson');
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
      expect(lines.map((l) => l.id)).toEqual(series.map((s) => s.id));
      for (const [i, s] of series.entries()) {
        const plan = planDates({ timestamps: s.timestamps, freq, length: s.values.length, horizon: 4 });
        expect({ timestamps: lines[i].timestamps, freq: lines[i].freq }).toEqual({ timestamps: plan.timestamps, freq: plan.freq });
      }
    }
  });

  it('refuses the whole batch for one bad date, pointing at it under its series', async () => {
    const { fullKey } = await h.key();
    const good = { values: seasonal(24), timestamps: monthEnds(24) };
    const offGrid = monthEnds(24);
    offGrid[3] = '2019-04-15';
    const errors = await errorsOf(await post(fullKey, {
      horizon: 2, freq: 'M', series: [{ id: 'a', ...good }, { id: 'b', values: good.values, timestamps: offGrid }, { id: 'c', ...good }],
    }));
    expect(errors).toHaveLength(1);
    expect(errors[0].pointer).toBe('/series/1/timestamps/3');
    expect(errors[0].detail).toMatch(/^series\/1\/timestamps\/3 is off the P1M grid/);
  });

  it('names every kind of bad date field with a pointer', async () => {
    const { fullKey } = await h.key();
    const values = seasonal(24);
    const cases: Array<[unknown, string]> = [
      [{ horizon: 2, freq: 'fortnightly', series: [{ id: 'a', values }, { id: 'b', values }] }, '/freq'],
      [{ horizon: 2, freq: 7, series: [{ id: 'a', values }] }, '/freq'],
      [{ horizon: 2, series: [{ id: 'a', values, timestamps: monthEnds(23) }] }, '/series/0/timestamps'],
      [{ horizon: 2, series: [{ id: 'a', values, timestamps: 'monthly' }] }, '/series/0/timestamps'],
      [{ horizon: 2, series: [{ id: 'a', values, timestamps: [...monthEnds(23), 5] }] }, '/series/0/timestamps/23'],
      [{ horizon: 2, series: [{ id: 'a', values }, { id: 'b', values: [1], timestamps: ['2024-01-01'] }] }, '/series/1/timestamps'],
      [{ horizon: 2, series: [{ id: 'a', values, timestamps: [...monthEnds(23), '2020-12-31T00:00:00'] }] }, '/series/0/timestamps/23'],
      [{ horizon: 2, freq: 'h', series: [{ id: 'a', values, timestamps: monthEnds(24) }] }, '/series/0/timestamps'],
    ];
    for (const [body, pointer] of cases) {
      const errors = await errorsOf(await post(fullKey, body));
      expect(errors.map((e) => e.pointer), JSON.stringify(body).slice(0, 80)).toEqual([pointer]);
    }
  });
});
