// Regressors, holidays and quantiles through the client against a real server: every call sends
// them, the answers come back in camelCase as the server computed them, and values JSON cannot
// carry are refused before anything is sent.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { RequestInvalidError, TempoClient, type BatchItem } from '@tempo-forecast/client';
import { startHarness, type Harness } from '../server/harness.js';
import { rejectionOf, watchedFetch } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

const x = Array.from({ length: 56 }, (_, t) => 10 + 4 * Math.sin(t / 3) + ((t * 7919) % 7) / 3);
const y = x.slice(0, 50).map((v, t) => 40 + 3 * v + ((t * 104729) % 11) / 5);
const days = (k: number) => Array.from({ length: k }, (_, i) => new Date(Date.parse('2024-10-01') + i * 86_400_000).toISOString().slice(0, 10));

describe('the client with regressors and quantiles', () => {
  it('forecast sends them and reads the method\u2019s report and the quantiles in camelCase', async () => {
    const { fullKey } = await h.key();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const r = await c.forecast({ series: y, horizon: 6, regressors: { x }, quantiles: [0.1, 0.9], level: [80] });
    const raw = await (await h.forecast(fullKey, { series: y, horizon: 6, regressors: { x }, quantiles: [0.1, 0.9], level: [80] })).json();
    expect(r.forecast).toEqual(raw.forecast);
    expect(r.quantiles).toEqual(raw.quantiles);
    expect(r.quantiles!['0.1']).toEqual(r.intervals!['80'].lower);
    expect(r.method!.regressors).toEqual(raw.method.regressors);
    expect(r.method!.regressorsDropped).toEqual([]);
    expect(r.method!.regressionErrors).toBe(raw.method.regression_errors);
  });

  it('forecast sends holidays with the dates', async () => {
    const { fullKey } = await h.key();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const r = await c.forecast({ series: y, horizon: 6, timestamps: days(50), holidays: 'AU-VIC' });
    expect([...r.method!.regressors!.map((u) => u.name), ...r.method!.regressorsDropped!]).toEqual(['holidays']);
  });

  it('forecastMany takes regressors per row and the quantiles and holidays of the call', async () => {
    const { fullKey } = await h.key();
    const w = watchedFetch();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url, fetch: w.fetch });
    const rows = [{ id: 'a', values: y, regressors: { x }, timestamps: days(50) }, { id: 'b', values: y, timestamps: days(50) }];
    const items: BatchItem[] = [];
    for await (const item of c.forecastMany(rows, { horizon: 6, quantiles: [0.5], holidays: 'US' })) items.push(item);
    const sent = JSON.parse(w.bodies[0]);
    expect(sent.quantiles).toEqual([0.5]);
    expect(sent.holidays).toBe('US');
    expect(sent.series[0].regressors.x).toHaveLength(56);
    const [a, b] = items as Array<Extract<BatchItem, { forecast: number[] }>>;
    expect(a.quantiles!['0.5']).toEqual(a.forecast);
    expect(a.method!.regressors!.map((u) => u.name)).toContain('x');
    expect(b.method!.regressors!.map((u) => u.name).concat(b.method!.regressorsDropped!)).toEqual(['holidays']);
  });

  it('crossValidate sends regressors and quantiles and reads the scaled pinball loss', async () => {
    const { fullKey } = await h.key();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const r = await c.crossValidate({ series: y, horizon: 6, windows: 2, regressors: { x }, quantiles: [0.1, 0.5, 0.9] });
    expect(r.windows[0].quantiles!['0.5']).toEqual(r.windows[0].forecast);
    expect(r.metrics.spl).toBeGreaterThan(0);
  });

  it('refuses a regressor value JSON cannot carry before sending, and a server refusal names its pointer', async () => {
    const { fullKey } = await h.key();
    const w = watchedFetch();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url, fetch: w.fetch });
    await expect(c.forecast({ series: y, horizon: 6, regressors: { x: [...x.slice(0, 55), NaN] } })).rejects.toThrow(/regressors\.x\[55\] is not a finite number/);
    await expect(c.forecastBatch({ horizon: 1, series: [{ id: 'a', values: [1, 2], regressors: { x: [1, Infinity, 3] } }] })).rejects.toThrow(/series\[0\]\.regressors\.x\[1\]/);
    expect(w.bodies).toHaveLength(0);
    const err = await rejectionOf(c.forecast({ series: y, horizon: 6, regressors: { x: x.slice(0, 50) } }));
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).errors[0].pointer).toBe('/regressors/x');
  });
});
