// Dates on cross-validation and anomalies over real HTTP: cutoffs and anomalies named by their
// timestamps, the calendar's periods handed to the core, freq answered as ISO, bad dates refused with pointers.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Ajv } from 'ajv';
import { loadForecaster } from '../../src/core/node.js';
import { anomaliesResponseSchema } from '../../src/server/schemas/anomalies-response.js';
import { crossValidationResponseSchema } from '../../src/server/schemas/cross-validation-response.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

function post(key: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

function monthEnds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(2019 + Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10));
}
// a weak yearly cycle on monthly data: too short for the core to find 12 alone, so the calendar's hint decides
const faint = (n: number) => Array.from({ length: n }, (_, i) => 100 + i * 0.5 + 4 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919) % 11) / 2);
const years = (n: number) => Array.from({ length: n }, (_, i) => `${1980 + i}-12-31`);

const validCv = new Ajv({ strict: false }).compile(crossValidationResponseSchema);
const validAnomalies = new Ajv({ strict: false }).compile(anomaliesResponseSchema);

describe('cross-validation with dates', () => {
  it('names each cutoff by its timestamp and fits every window with the calendar\'s periods', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(60);
    const timestamps = monthEnds(60);
    const res = await post(fullKey, 'cross-validation', { series, horizon: 3, windows: 2, timestamps });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validCv(body), JSON.stringify(validCv.errors)).toBe(true);
    expect(body.freq).toBe('P1M');
    expect(body.windows.map((w: { cutoff: string }) => w.cutoff)).toEqual([timestamps[53], timestamps[56]]);
    const core = await loadForecaster();
    expect(body.windows[0].forecast).toEqual(core.forecast(series.slice(0, 54), 3, { periodHints: [12], config: {} }).forecast);
    const plain = await (await post(fullKey, 'cross-validation', { series, horizon: 3, windows: 2 })).json();
    expect(plain.windows.map((w: { cutoff: number }) => w.cutoff)).toEqual([53, 56]);
    expect(plain.freq).toBeUndefined();
  });

  it('hands the calendar\'s periods to every window', async () => {
    const { fullKey } = await h.key();
    const series = faint(30);
    const body = await (await post(fullKey, 'cross-validation', { series, horizon: 3, windows: 1, timestamps: monthEnds(30) })).json();
    const core = await loadForecaster();
    const hinted = core.forecast(series.slice(0, 27), 3, { periodHints: [12], config: {} });
    expect(hinted.forecast).not.toEqual(core.forecast(series.slice(0, 27), 3, { config: {} }).forecast);
    expect(body.windows[0].forecast).toEqual(hinted.forecast);
  });

  it('fits yearly data without a season, and keeps indices for a freq without timestamps', async () => {
    const { fullKey } = await h.key();
    const series = Array.from({ length: 40 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 4) + (i % 3));
    const core = await loadForecaster();
    const dated = await (await post(fullKey, 'cross-validation', { series, horizon: 2, windows: 1, timestamps: years(40) })).json();
    expect(dated.windows[0].cutoff).toBe('2017-12-31');
    expect(dated.windows[0].forecast).toEqual(core.forecast(series.slice(0, 38), 2, { seasonLength: 1, config: {} }).forecast);
    const freqOnly = await (await post(fullKey, 'cross-validation', { series, horizon: 2, windows: 1, freq: 'Y' })).json();
    expect(freqOnly.windows[0].cutoff).toBe(37);
    expect(freqOnly.freq).toBe('P1Y');
    expect(freqOnly.windows[0].forecast).toEqual(dated.windows[0].forecast);
  });

  it('refuses a bad date with its pointer', async () => {
    const { fullKey } = await h.key();
    const timestamps = monthEnds(60);
    timestamps[7] = timestamps[6];
    const res = await post(fullKey, 'cross-validation', { series: seasonal(60), horizon: 3, timestamps });
    expect(res.status).toBe(400);
    const p = await res.json();
    expect(p.code).toBe('REQUEST_INVALID');
    expect(p.errors[0].pointer).toBe('/timestamps/7');
    const freq = await (await post(fullKey, 'cross-validation', { series: seasonal(60), horizon: 3, freq: 'sometimes' })).json();
    expect(freq.errors[0].pointer).toBe('/freq');
  });
});

describe('anomalies with dates', () => {
  it('adds each anomaly\'s timestamp and uses the calendar\'s periods', async () => {
    const { fullKey } = await h.key();
    const series = seasonal(72);
    series[50] += 40;
    const timestamps = monthEnds(72);
    const res = await post(fullKey, 'anomalies', { series, timestamps });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validAnomalies(body), JSON.stringify(validAnomalies.errors)).toBe(true);
    expect(body.freq).toBe('P1M');
    const want = (await loadForecaster()).forecast(series, 1, { periodHints: [12], level: [99], fitted: true, config: {} });
    const band = want.fitted_intervals!['99'];
    const outside = series.map((v, i) => i).filter((i) => want.fitted![i] !== null && (series[i] < band.lower[i]! || series[i] > band.upper[i]!));
    expect(outside).toContain(50);
    expect(body.anomalies.map((a: { index: number }) => a.index)).toEqual(outside);
    for (const a of body.anomalies) expect(a.timestamp).toBe(timestamps[a.index]);
    const plain = await (await post(fullKey, 'anomalies', { series, season_length: 12 })).json();
    expect(plain.freq).toBeUndefined();
    expect(plain.anomalies.every((a: object) => !('timestamp' in a))).toBe(true);
  });

  it('fits with the calendar\'s periods where the data alone would not find them', async () => {
    const { fullKey } = await h.key();
    const series = faint(24);
    const body = await (await post(fullKey, 'anomalies', { series, level: 50, timestamps: monthEnds(24) })).json();
    const core = await loadForecaster();
    const hinted = core.forecast(series, 1, { periodHints: [12], level: [50], fitted: true, config: {} });
    expect(hinted.fitted).not.toEqual(core.forecast(series, 1, { level: [50], fitted: true, config: {} }).fitted);
    expect(body.anomalies.length).toBeGreaterThan(0);
    for (const a of body.anomalies) expect(a.expected).toBe(hinted.fitted![a.index]);
  });

  it('refuses timestamps that do not match the series, pointing at them', async () => {
    const { fullKey } = await h.key();
    const res = await post(fullKey, 'anomalies', { series: seasonal(24), timestamps: monthEnds(23) });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].pointer).toBe('/timestamps');
    const bad = await post(fullKey, 'anomalies', { series: seasonal(24), timestamps: [...monthEnds(23), '2020-13-31'] });
    expect((await bad.json()).errors[0].pointer).toBe('/timestamps/23');
  });
});
