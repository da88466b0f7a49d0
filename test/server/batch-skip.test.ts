// on_invalid "skip" on the batch endpoint over real HTTP: every invalid series answered in its place
// with all its problems and its id, the rest forecast as without skip; a problem outside the series
// still refuses the whole batch; without skip, the refusal names each series' id.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function post(key: string, body: unknown, ndjson = false): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/forecast/batch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(ndjson ? { Accept: 'application/x-ndjson' } : {}) },
    body: JSON.stringify(body),
  });
}

type Item = { id: string | null; forecast?: number[]; error?: { code: string; detail: string; pointer: string; errors: Array<{ pointer: string; detail: string }> } };

// a batch of 40 with seven kinds of bad series planted among good ones
function planted() {
  const series: Array<Record<string, unknown>> = Array.from({ length: 40 }, (_, i) => ({ id: `sku-${i}`, values: seasonal(36).map((v) => v + i) }));
  series[3] = { id: 'sku-3', values: [1, 'abc', 3, 'x'] };
  series[7] = { id: 'sku-7', values: [null, null] };
  series[11] = { id: 'sku-0', values: seasonal(36) };
  series[15] = { values: seasonal(36) };
  series[20] = { id: 'sku-20', values: seasonal(3), timestamps: ['2024-01-31', '2024-02-29', '2024-02-01'] };
  series[25] = { id: 'sku-25', values: seasonal(36), colour: 'blue' };
  series[39] = { id: 'sku-39', values: [] };
  return series;
}
const BAD = [3, 7, 11, 15, 20, 25, 39];

describe('on_invalid "skip"', () => {
  it('answers each invalid series in its place with every problem, and forecasts the rest as a clean batch would', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const series = planted();
    const res = await post(fullKey, { horizon: 6, level: [80], on_invalid: 'skip', series });
    if (res.status !== 200) console.log(await res.text(), h.logLines.slice(-5).join('\n'));
    expect(res.status).toBe(200);
    const body = await res.json() as { forecasts: Item[] };
    expect(body.forecasts).toHaveLength(40);
    expect(body.forecasts.map((f) => f.id)).toEqual(series.map((s) => (typeof s.id === 'string' ? s.id : null)));
    for (const [i, f] of body.forecasts.entries()) {
      if (BAD.includes(i)) {
        expect(f.error!.code).toBe('REQUEST_INVALID');
        expect(f.error!.pointer.startsWith(`/series/${i}`)).toBe(true);
        for (const e of f.error!.errors) expect(e.pointer.startsWith(`/series/${i}`)).toBe(true);
      } else {
        expect(f.forecast).toHaveLength(6);
      }
    }
    // both bad values of series 3, not only the first
    expect(body.forecasts[3].error!.errors.map((e) => e.pointer)).toEqual(['/series/3/values/1', '/series/3/values/3']);
    expect(body.forecasts[3].error!.detail).toMatch(/^series\/3\/values\/1 .*\(1 more problem in errors\)$/);
    // a repeated id is said to be one, and the first series with it is forecast
    expect(body.forecasts[11].error!.detail).toBe('series/11/id repeats the id of series/0; ids must be unique within a batch');
    expect(body.forecasts[0].forecast).toHaveLength(6);
    expect(body.forecasts[20].error!.pointer).toBe('/series/20/timestamps/2');

    // the forecasts are those of the clean batch, bit for bit
    const clean = series.filter((_, i) => !BAD.includes(i));
    const again = await (await post(fullKey, { horizon: 6, level: [80], series: clean })).json() as { forecasts: Item[] };
    expect(body.forecasts.filter((_, i) => !BAD.includes(i))).toEqual(again.forecasts);
  });

  it('streams the same items as x-ndjson, and answers a batch of invalid series only', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const series = planted();
    const json = await (await post(fullKey, { horizon: 6, on_invalid: 'skip', series })).json() as { forecasts: Item[] };
    const lines = (await (await post(fullKey, { horizon: 6, on_invalid: 'skip', series }, true)).text()).trim().split('\n').map((l) => JSON.parse(l) as Item);
    expect(lines).toEqual(json.forecasts);
    const only = await (await post(fullKey, { horizon: 6, on_invalid: 'skip', series: [series[3], series[7]] }, true)).text();
    expect(only.trim().split('\n').map((l) => (JSON.parse(l) as Item).error?.pointer)).toEqual(['/series/0/values/1', '/series/1/values']);
  });

  it('still refuses the whole batch for a problem outside the series, and "fail" stays all-or-nothing', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const series = planted();
    const bad = await post(fullKey, { horizon: 0, on_invalid: 'skip', series });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ pointer: string }> }).errors.map((e) => e.pointer)).toEqual(['/horizon']);
    const fail = await post(fullKey, { horizon: 6, on_invalid: 'fail', series });
    expect(fail.status).toBe(400);
    const p = await fail.json() as { detail: string; errors: Array<{ pointer: string; id?: string }> };
    // every series' problems, each named by the id of its series where it has one
    expect(p.errors.length).toBeGreaterThan(BAD.length);
    expect(p.errors.find((e) => e.pointer === '/series/11/id')).toMatchObject({ id: 'sku-0' });
    expect(p.errors.find((e) => e.pointer === '/series/3/values/3')).toMatchObject({ id: 'sku-3' });
    expect(p.errors.find((e) => e.pointer.startsWith('/series/15'))?.id).toBeUndefined();
    expect((await post(fullKey, { horizon: 6, on_invalid: 'sometimes', series: series.slice(0, 2) })).status).toBe(400);
  });

  it('tells a caller who sends Nixtla\'s field names which of ours to use', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const single = await fetch(`${h.url}/tempo/v1/forecast`, {
      method: 'POST', headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ series: [1, 2, 3], h: 2 }),
    });
    expect(single.status).toBe(400);
    const p = await single.json() as { errors: Array<{ pointer: string; detail: string }> };
    expect(p.errors.map((e) => e.detail)).toContain('the body has "h", which is not a field of this API: use horizon (allowed: series, horizon, season_length, level, timestamps, freq, fitted, regressors, holidays, quantiles, fill_missing)');
    const batch = await post(fullKey, { df: [], h: 3 });
    const b = await batch.json() as { errors: Array<{ detail: string }> };
    expect(b.errors.map((e) => e.detail)).toContain('the body has "df" (use series (the values, with timestamps for their dates; in a batch, a list of {"id", "values", "timestamps"})), "h" (use horizon), which are not fields of this API (allowed: horizon, level, freq, season_length, holidays, quantiles, on_invalid, fill_missing, fitted, series)');
  });
});
