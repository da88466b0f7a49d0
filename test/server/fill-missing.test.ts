// fill_missing over real HTTP: absent dates become missing values the model imputes, counted in
// method.filled; the answer is the one for the series sent on its whole grid with nulls.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function post(key: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
const monthEnd = (i: number) => new Date(Date.UTC(2019 + Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10);

describe('fill_missing', () => {
  const y = seasonal(48);
  const absent = new Set([5, 17, 18, 30]);
  const kept = y.map((_, i) => i).filter((i) => !absent.has(i));

  it('on a forecast: absent months become nulls, method.filled counts them, fitted follows the values sent', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const gappy = { series: kept.map((i) => y[i]), timestamps: kept.map(monthEnd), horizon: 6, level: [80], fitted: true };
    const refused = await post(fullKey, 'forecast', gappy);
    expect(refused.status).toBe(400);
    const res = await post(fullKey, 'forecast', { ...gappy, fill_missing: true });
    expect(res.status).toBe(200);
    const got = await res.json();
    expect(got.method.filled).toBe(4);
    const whole = await (await post(fullKey, 'forecast', { series: y.map((v, i) => (absent.has(i) ? null : v)), timestamps: y.map((_, i) => monthEnd(i)), horizon: 6, level: [80], fitted: true })).json();
    expect(got.forecast).toEqual(whole.forecast);
    expect(got.intervals).toEqual(whole.intervals);
    expect(got.timestamps).toEqual(whole.timestamps);
    expect(got.fitted).toEqual(kept.map((i) => whole.fitted[i]));
    expect(got.fitted_intervals['80'].upper).toEqual(kept.map((i) => whole.fitted_intervals['80'].upper[i]));
    // nothing absent: filled 0
    const none = await (await post(fullKey, 'forecast', { series: y, timestamps: y.map((_, i) => monthEnd(i)), horizon: 2, fill_missing: true })).json();
    expect(none.method.filled).toBe(0);
  });

  it('refuses what it cannot fill, with a pointer', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const cases: Array<[unknown, string]> = [
      [{ series: [1, 2, 3], horizon: 2, fill_missing: true }, '/timestamps'],
      [{ series: [1, 2], timestamps: ['2020-01-01', '2120-01-01'], freq: 'D', horizon: 2, fill_missing: true }, '/timestamps'],
      [{ series: [1, 2, 3], timestamps: ['2020-01-31', '2020-03-31', '2020-04-30'], horizon: 1, regressors: { x: [1, 2, 3, 4] }, fill_missing: true }, '/regressors'],
      // off the grid: refused where it is, as without fill_missing
      [{ series: [1, 2, 3, 4], timestamps: ['2020-01-31', '2020-02-29', '2020-03-15', '2020-04-30'], horizon: 1, fill_missing: true }, '/timestamps/2'],
    ];
    for (const [body, pointer] of cases) {
      const res = await post(fullKey, 'forecast', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors[0].pointer).toBe(pointer);
    }
  });

  it('on a batch: each dated series filled on its own grid, filled counted per series, fitted per value sent', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const res = await post(fullKey, 'forecast/batch', {
      horizon: 3, fill_missing: true, fitted: true, level: [80],
      series: [
        { id: 'gappy', values: kept.map((i) => y[i]), timestamps: kept.map(monthEnd) },
        { id: 'whole', values: y, timestamps: y.map((_, i) => monthEnd(i)) },
        { id: 'undated', values: y },
      ],
    });
    expect(res.status).toBe(200);
    const { forecasts } = await res.json();
    expect(forecasts.map((f: { method: { filled?: number } }) => f.method.filled)).toEqual([4, 0, undefined]);
    const single = await (await post(fullKey, 'forecast', { series: kept.map((i) => y[i]), timestamps: kept.map(monthEnd), horizon: 3, fill_missing: true, fitted: true, level: [80] })).json();
    expect(forecasts[0].forecast).toEqual(single.forecast);
    expect(forecasts[0].fitted).toEqual(single.fitted);
    expect(forecasts[0].fitted).toHaveLength(kept.length);
    expect(forecasts[0].fitted_intervals).toEqual(single.fitted_intervals);
    const undated = await (await post(fullKey, 'forecast', { series: y, horizon: 3, fitted: true, level: [80] })).json();
    expect(forecasts[2].fitted).toEqual(undated.fitted);
  });
});
