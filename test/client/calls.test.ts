// The three calls against a real server: camelCase results, rate-limit state after each call,
// and the request-side mapping (optional fields, null as missing, refusing NaN and ±Infinity).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { TempoClient } from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

describe('validate and models', () => {
  it('validate maps every field to camelCase and does not touch the forecast quota', async () => {
    const expiresAt = '2099-01-31T00:00:00.000Z';
    const k = await h.key({ name: 'client key', expiresAt, rateLimitPerMinute: 7, rateLimitPerHour: 70, env: 'test' });
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    const v = await c.validate();
    expect(v).toMatchObject({
      valid: true, keyId: k.keyId, status: 'active', env: 'test', projectId: 'proj', organizationId: 'acme',
      userId: 'ann', name: 'client key', rateLimitPerMinute: 7, rateLimitPerHour: 70,
    });
    expect(typeof v.productId).toBe('string');
    expect(v.expiresAt?.toISOString()).toBe(expiresAt);
    expect(v.requestId).toMatch(/./);
    const f = await c.forecast({ series: [1, 2, 3], horizon: 1 });
    expect(f.rateLimit).toMatchObject({ limit: 7, remaining: 6 });
  });

  it('models lists the organization\'s models, tempo first, with dates', async () => {
    await h.store.createModel({ name: 'acme-weekly', organizationId: 'acme', base: 'tempo', config: { model: 'ets' } });
    const k = await h.key();
    const m = await new TempoClient({ apiKey: k.fullKey, baseUrl: h.url }).models();
    expect(m.organizationId).toBe('acme');
    expect(m.models[0]).toMatchObject({ name: 'tempo', default: true });
    expect(m.models.find((x) => x.name === 'acme-weekly')).toMatchObject({ default: false, base: 'tempo', config: { model: 'ets' } });
    for (const x of m.models) expect(Number.isNaN(x.createdAt.getTime())).toBe(false);
  });
});

describe('forecast', () => {
  it('sends season_length and level, and maps intervals, model and method back', async () => {
    const k = await h.key();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    const out = await c.forecast({ series: seasonal(96), horizon: 12, seasonLength: 12, level: [80, 95] });
    expect(out.forecast).toHaveLength(12);
    expect(Object.keys(out.intervals ?? {}).sort()).toEqual(['80', '95']);
    for (const band of Object.values(out.intervals!)) {
      band.lower.forEach((lo, i) => expect(lo).toBeLessThanOrEqual(band.upper[i]!));
    }
    expect(out.model).toBe('tempo');
    expect(out.method?.seasonLength).toBe(12);
    expect(out.method?.components.length).toBeGreaterThan(0);
  });

  it('keeps lastRateLimit current across calls and on errors', async () => {
    const k = await h.key({ rateLimitPerMinute: 3, rateLimitPerHour: 30 });
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetries: 0 });
    expect(c.lastRateLimit).toBeUndefined();
    const seen: number[] = [];
    for (let i = 0; i < 2; i++) {
      await c.forecast({ series: [1, 2, 3], horizon: 1 });
      seen.push(c.lastRateLimit!.remaining!);
    }
    // a refused body still reports the state, and counts: the quota is taken before the body is read
    await c.forecast({ series: [], horizon: 1 }).catch(() => {});
    seen.push(c.lastRateLimit!.remaining!);
    expect(seen).toEqual([2, 1, 0]);
    expect(c.lastRateLimit).toMatchObject({ window: 'minute', limit: 3 });
    expect(c.lastRateLimit!.resetSeconds).toBeGreaterThan(0);
  });

  it('sends null as a missing value and refuses NaN (a cell that did not parse), ±Infinity and non-numbers before sending', async () => {
    const k = await h.key();
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch });
    const withGap = await c.forecast({ series: [5, null, 5, 5, null, 5], horizon: 2 });
    expect(withGap.forecast.every(Number.isFinite)).toBe(true);
    expect(JSON.parse(rec.exchanges[0]!.body!)).toEqual({ series: [5, null, 5, 5, null, 5], horizon: 2 });
    await expect(c.forecast({ series: [1, Infinity], horizon: 1 })).rejects.toThrow(/series\[1\]/);
    await expect(c.forecast({ series: [5, Number('abc'), 5], horizon: 1 })).rejects.toThrow(/series\[1\] is NaN, not a number/);
    await expect(c.forecast({ series: [5, '6' as unknown as number], horizon: 1 })).rejects.toThrow(TypeError);
    expect(rec.exchanges).toHaveLength(1);
  });
});
