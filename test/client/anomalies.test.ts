// anomalies() and forecast's `fitted` against a real server: what the client sends, what it maps back, and its typed errors.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { RequestInvalidError, ForecastAlreadyRunningError, ModelNotAvailableError, TempoClient } from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch, rejectionOf } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

describe('anomalies', () => {
  it('sends series, season_length and level, and maps the anomalies back', async () => {
    const k = await h.key({ rateLimitPerMinute: 10, rateLimitPerHour: 100 });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch });
    const series = seasonal(72);
    series[40] += 50;
    const series1: Array<number | null> = [...series];
    series1[10] = null;
    const out = await c.anomalies({ series: series1, seasonLength: 12, level: 99.5 });
    expect(rec.exchanges[0].url).toBe(`${h.url}/tempo/v1/anomalies`);
    expect(JSON.parse(rec.exchanges[0].body!)).toEqual({
      series: series1, season_length: 12, level: 99.5,
    });
    expect(out.level).toBe(99.5);
    expect(out.model).toBe('tempo');
    const spike = out.anomalies.find((a) => a.index === 40)!;
    expect(spike.value).toBe(series[40]);
    expect(spike.value).toBeGreaterThan(spike.upper);
    expect(spike.lower).toBeLessThan(spike.expected);
    expect(out.anomalies.some((a) => a.index === 10)).toBe(false);
    expect(out.requestId).toMatch(/./);
    expect(out.rateLimit).toMatchObject({ limit: 10, remaining: 9 });
  });

  it('leaves level out when not given, and the server answers with 99', async () => {
    const k = await h.key();
    const rec = recordingFetch();
    const out = await new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch }).anomalies({ series: seasonal(30) });
    expect(Object.keys(JSON.parse(rec.exchanges[0].body!))).toEqual(['series']);
    expect(out.level).toBe(99);
  });

  it('throws typed errors: a bad level, another organization\'s model, a held lock; refuses Infinity before sending', async () => {
    const k = await h.key();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetries: 0 });
    const bad = await rejectionOf(c.anomalies({ series: seasonal(30), level: 100 }));
    expect(bad).toBeInstanceOf(RequestInvalidError);
    expect((bad as RequestInvalidError).detail).toMatch(/level must be one number/);
    expect(await rejectionOf(c.anomalies({ series: seasonal(30) }, { model: 'someone-elses' }))).toBeInstanceOf(ModelNotAvailableError);
    await expect(c.anomalies({ series: [1, Infinity, 3] })).rejects.toThrow(RangeError);
    const token = await h.limits.acquireLock(k.keyId, 30_000);
    expect(await rejectionOf(c.anomalies({ series: seasonal(30) }))).toBeInstanceOf(ForecastAlreadyRunningError);
    await h.limits.releaseLock(k.keyId, token!);
  });
});

describe('forecast with fitted', () => {
  it('sends fitted and maps fitted and fittedIntervals back', async () => {
    const k = await h.key();
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch });
    const out = await c.forecast({ series: seasonal(40), horizon: 2, level: [90], fitted: true });
    expect(JSON.parse(rec.exchanges[0].body!).fitted).toBe(true);
    expect(out.fitted).toHaveLength(40);
    expect(out.fitted!.filter((v) => v !== null).length).toBeGreaterThan(30);
    expect(out.fittedIntervals!['90'].lower).toHaveLength(40);
    const plain = await c.forecast({ series: seasonal(40), horizon: 2 });
    expect(plain.fitted).toBeUndefined();
  });
});
