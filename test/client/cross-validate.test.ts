// crossValidate() against a real server: what it sends, what it maps back, and its typed errors.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { RequestInvalidError, ForecastAlreadyRunningError, TempoClient } from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch, rejectionOf } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

describe('crossValidate', () => {
  it('sends windows, step, season_length and level, and maps windows and metrics back', async () => {
    const k = await h.key({ rateLimitPerMinute: 10, rateLimitPerHour: 100 });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch });
    const series = seasonal(60);
    const series1: Array<number | null> = [...series];
    series1[58] = null;
    const out = await c.crossValidate({ series: series1, horizon: 3, windows: 4, step: 2, seasonLength: 12, level: [90] });
    expect(JSON.parse(rec.exchanges[0].body!)).toEqual({
      series: series1, horizon: 3, windows: 4, step: 2, season_length: 12, level: [90],
    });
    expect(rec.exchanges[0].url).toBe(`${h.url}/tempo/v1/cross-validation`);
    expect(out.windows.map((w) => w.cutoff)).toEqual([50, 52, 54, 56]);
    expect(out.windows[3].actual).toEqual([series[57], null, series[59]]);
    expect(Object.keys(out.windows[0].intervals!)).toEqual(['90']);
    expect(out.metrics.mase).toBeGreaterThan(0);
    expect(out.metrics.coverage!['90']).toBeGreaterThanOrEqual(0);
    expect(out.model).toBe('tempo');
    expect(out.requestId).toMatch(/./);
    expect(out.rateLimit).toMatchObject({ limit: 10, remaining: 9 });
  });

  it('leaves optional fields out of the body when not given', async () => {
    const k = await h.key();
    const rec = recordingFetch();
    await new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch }).crossValidate({ series: seasonal(30), horizon: 2 });
    expect(Object.keys(JSON.parse(rec.exchanges[0].body!))).toEqual(['series', 'horizon']);
  });

  it('throws RequestInvalidError saying how many windows fit, and refuses Infinity before sending', async () => {
    const k = await h.key();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    const err = await rejectionOf(c.crossValidate({ series: seasonal(20), horizon: 6, windows: 4 }));
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).detail).toMatch(/only 3 windows fit/);
    await expect(c.crossValidate({ series: [1, Infinity, 3], horizon: 1 })).rejects.toThrow(RangeError);
  });

  it('throws ForecastAlreadyRunningError while the key runs something else', async () => {
    const k = await h.key();
    const token = await h.limits.acquireLock(k.keyId, 30_000);
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetries: 0 });
    expect(await rejectionOf(c.crossValidate({ series: seasonal(30), horizon: 2 }))).toBeInstanceOf(ForecastAlreadyRunningError);
    await h.limits.releaseLock(k.keyId, token!);
  });
});

describe('crossValidateBatch', () => {
  it('backtests every series as crossValidate would, in request order, and skips an invalid one when asked', async () => {
    const k = await h.key({ rateLimitPerMinute: 20, rateLimitPerHour: 100 });
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    const series = [0, 1, 2].map((i) => ({ id: `s${i}`, values: seasonal(40 + i).map((v) => v + i) }));
    const batch = await c.crossValidateBatch({ series, horizon: 3, windows: 2, level: [90] });
    expect(batch.model).toBe('tempo');
    expect(batch.backtests.map((b) => b.id)).toEqual(['s0', 's1', 's2']);
    const one = await c.crossValidate({ series: series[1].values, horizon: 3, windows: 2, level: [90] });
    expect(batch.backtests[1]).toEqual({ id: 's1', windows: one.windows, metrics: one.metrics });
    const short = [...series, { id: 'short', values: [1, 2, 3] }];
    await expect(c.crossValidateBatch({ series: short, horizon: 3, windows: 2 })).rejects.toThrow(/series\/3\/values: 3 values are too few/);
    const skipped = await c.crossValidateBatch({ series: short, horizon: 3, windows: 2, onInvalid: 'skip' });
    expect(skipped.backtests[3]).toMatchObject({ id: 'short', error: { pointer: '/series/3/values' } });
  });
});
