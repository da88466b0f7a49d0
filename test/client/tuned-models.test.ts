// createModel, getModel, deleteModel and waitUntilReady against a real server, with their typed errors.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  AbortError, ModelNameTakenError, ModelNotAvailableError, ModelNotReadyError, ModelTuningFailedError, RequestInvalidError, TempoClient,
} from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch, rejectionOf } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness({ config: { tuning: { maxSeries: 50, maxValues: 10_000, bodyLimitBytes: 1 << 20, staleMs: 30_000 } } }); });
afterAll(async () => { await h.close(); });

// ten series: the fewest a segment needs to be tuned (fewer keep the base untuned, with no holdout)
const training = { horizon: 4, series: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, values: seasonal(40 + 3 * i) })) };

describe('tuned models from the client', () => {
  it('creates, waits with progress until ready, forecasts with it, and deletes it', async () => {
    const k = await h.key({ organizationId: 'client-tune-co' });
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    const series = training.series.map((s) => ({ ...s, values: [...s.values] as number[] }));
    (series[0].values as Array<number | null>)[3] = null;
    const created = await c.createModel({ name: 'client-tuned', training: { ...training, series } });
    expect(created).toMatchObject({ name: 'client-tuned', status: 'tuning', base: 'tempo', config: null });
    expect(created.createdAt).toBeInstanceOf(Date);
    const progress: number[] = [];
    const ready = await c.waitUntilReady('client-tuned', { intervalMs: 50, onProgress: (m) => progress.push(m.progress) });
    expect(ready.status).toBe('ready');
    expect(progress[progress.length - 1]).toBe(1);
    expect(ready.report!.holdout.base.mase).toBeGreaterThan(0);
    expect((await c.forecast({ series: seasonal(30), horizon: 2 }, { model: 'client-tuned' })).model).toBe('client-tuned');
    await c.deleteModel('client-tuned');
    expect(await rejectionOf(c.getModel('client-tuned'))).toBeInstanceOf(ModelNotAvailableError);
  });

  it('sends null as missing, refuses NaN, and leaves base out when not given', async () => {
    const k = await h.key({ organizationId: 'client-wire-co' });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch });
    await expect(c.createModel({ name: 'x', training: { horizon: 4, series: [{ id: 'a', values: [...seasonal(30), NaN] }] } })).rejects.toThrow(/training\.series\[0\] \(id "a"\)\.values\[30\] is NaN/);
    await c.createModel({ name: 'client-wire', training: { horizon: 4, series: [{ id: 'a', values: [...seasonal(30), null] }] } });
    const sent = JSON.parse(rec.exchanges[0].body!);
    expect(Object.keys(sent)).toEqual(['name', 'training']);
    expect(sent.training.series[0].values.at(-1)).toBeNull();
    await c.waitUntilReady('client-wire', { intervalMs: 50 });
    await expect(c.createModel({ name: 'x', training: { horizon: 1, series: [{ id: 'a', values: [Infinity] }] } })).rejects.toThrow(RangeError);
  });

  it('sends dated training (timestamps, freq), which the server tunes with and checks', async () => {
    const k = await h.key({ organizationId: 'client-dated-co' });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch, maxRetries: 0 });
    const firsts = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2018, i, 1)).toISOString().slice(0, 10));
    const series = training.series.map((s) => ({ ...s, timestamps: firsts(s.values.length) }));
    await c.createModel({ name: 'client-dated', training: { horizon: 4, freq: 'MS', series } });
    const sent = JSON.parse(rec.exchanges[0].body!);
    expect(sent.training.freq).toBe('MS');
    expect(sent.training.series[1].timestamps).toEqual(series[1].timestamps);
    const ready = await c.waitUntilReady('client-dated', { intervalMs: 50 });
    // monthly dates put the calendar's 12 among the candidates tried
    expect((ready.report!.candidates as Array<{ config: object }>).map((x) => x.config)).toContainEqual({ season_length: 12 });
    const bad = series.map((s, i) => (i === 2 ? { ...s, timestamps: s.timestamps.map((d, j) => (j === 5 ? '2018-13-01' : d)) } : s));
    const refused = await rejectionOf(c.createModel({ name: 'client-dated-bad', training: { horizon: 4, series: bad } }));
    expect(refused).toBeInstanceOf(RequestInvalidError);
    expect((refused as RequestInvalidError).errors.map((e) => e.pointer)).toContain('/training/series/2/timestamps/5');
  });

  it('throws ModelNameTakenError at once (no retry), RequestInvalidError for a bad body, ModelNotReadyError while tuning', async () => {
    const k = await h.key({ organizationId: 'client-err-co' });
    await h.store.createModel({ name: 'client-taken', organizationId: 'client-err-co', base: 'tempo', config: {} });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch, maxRetries: 2 });
    const taken = await rejectionOf(c.createModel({ name: 'client-taken', training }));
    expect(taken).toBeInstanceOf(ModelNameTakenError);
    expect(rec.exchanges).toHaveLength(1);
    expect(await rejectionOf(c.createModel({ name: 'Bad Name', training }))).toBeInstanceOf(RequestInvalidError);
    await h.store.createTuning({ name: 'client-busy', organizationId: 'client-err-co', base: 'tempo' });
    const notReady = await rejectionOf(c.forecast({ series: [1, 2, 3], horizon: 1 }, { model: 'client-busy', maxRetries: 0 }));
    expect(notReady).toBeInstanceOf(ModelNotReadyError);
    expect((notReady as ModelNotReadyError).retryAfter).toBeGreaterThan(0);
  });

  it('waitUntilReady rejects with ModelTuningFailedError for a failed tuning and AbortError when aborted', async () => {
    const k = await h.key({ organizationId: 'client-wait-co' });
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    await h.store.createTuning({ name: 'client-failed', organizationId: 'client-wait-co', base: 'tempo' });
    await h.store.finishTuning('client-failed', { status: 'failed', error: 'boom' });
    const failed = await rejectionOf(c.waitUntilReady('client-failed', { intervalMs: 10 }));
    expect(failed).toBeInstanceOf(ModelTuningFailedError);
    expect((failed as ModelTuningFailedError).reason).toBe('boom');
    await h.store.createTuning({ name: 'client-forever', organizationId: 'client-wait-co', base: 'tempo' });
    const ac = new AbortController();
    // the caller gives up after the second look at a model that stays in tuning
    let looks = 0;
    const counting = new TempoClient({
      apiKey: k.fullKey, baseUrl: h.url,
      fetch: (input, init) => { if (++looks === 2) ac.abort(new Error('enough')); return fetch(input, init); },
    });
    const waiting = counting.waitUntilReady('client-forever', { intervalMs: 20, signal: ac.signal });
    expect(await rejectionOf(waiting)).toBeInstanceOf(AbortError);
  });
});
