// forecastBatch and forecastMany against a real server: answers in order, chunking, progress,
// bounded read-ahead, a cut stream resumed from its first unanswered series, refusals and aborts.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AbortError, InternalServerError, RequestInvalidError, TempoClient, type BatchItem, type BatchSeries, type FetchLike } from '@tempo-forecast/client';
import { createComputePool } from '../../src/compute/pool.js';
import { buildTrappingCore } from '../compute/trapping-core.js';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { rejectionOf, watchedFetch } from './helpers.js';

let h: Harness;
beforeAll(async () => { h = await startHarness({ config: { workers: 2 } }); });
afterAll(async () => { await h.close(); });

const makeSeries = (n: number, from = 0): BatchSeries[] =>
  Array.from({ length: n }, (_, i) => ({ id: `s${from + i}`, values: seasonal(24 + ((from + i) % 20)).map((v) => v + from + i) }));

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('forecastBatch', () => {
  it('answers every series in request order, in camelCase, as the server computed it', async () => {
    const { fullKey } = await h.key();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const series = makeSeries(12);
    series[2] = { ...series[2], seasonLength: 4, values: [...series[2].values.slice(0, 10), null, ...series[2].values.slice(11)] };
    const r = await c.forecastBatch({ series, horizon: 4, level: [90], seasonLength: 12 });
    expect(r.model).toBe('tempo');
    expect(r.forecasts.map((f) => f.id)).toEqual(series.map((s) => s.id));
    const raw = await (await h.forecast(fullKey, { series: series[2].values, horizon: 4, level: [90], season_length: 4 })).json();
    expect(r.forecasts[2]).toEqual({ id: 's2', forecast: raw.forecast, intervals: raw.intervals, method: { components: raw.method.components, seasonLength: raw.method.season_length } });
    expect(r.rateLimit?.remaining).toBeGreaterThan(0);
  });

  it('throws RequestInvalidError with the bad value\'s pointer and does not retry', async () => {
    const { fullKey } = await h.key();
    const w = watchedFetch();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url, fetch: w.fetch });
    const series = makeSeries(4);
    // a series of missing values only: the client sends it, the server refuses it
    series[2] = { ...series[2], values: series[2].values.map(() => null) };
    const err = await rejectionOf(c.forecastBatch({ series, horizon: 2 }));
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).errors[0]).toMatchObject({ pointer: '/series/2/values', id: 's2' });
    expect((err as RequestInvalidError).message).toContain('(series id "s2")');
    expect(w.bodies).toHaveLength(1);
    await expect(c.forecastBatch({ series: [{ id: 'a', values: [1, Infinity] }], horizon: 1 })).rejects.toThrow(/series\[0\] \(id "a"\)\.values\[1\] is not finite/);
    // a corrupt value is refused, not read as missing
    await expect(c.forecastBatch({ series: [{ id: 'a', values: [1, Number('abc'), 3] }], horizon: 1 })).rejects.toThrow(/series\[0\] \(id "a"\)\.values\[1\] is NaN/);
    expect(w.bodies).toHaveLength(1);
  });
});

describe('forecastMany', () => {
  it('points into the whole input and names the series, refusing or skipping an invalid one', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100 });
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const series = makeSeries(10);
    // the third batch of four: its second series (the whole input's 9th) has only missing values
    series[9] = { ...series[9], values: series[9].values.map(() => null) };
    const got: string[] = [];
    const err = await rejectionOf((async () => { for await (const x of c.forecastMany(series, { horizon: 2, batchSize: 4 })) got.push(x.id!); })());
    expect(err).toBeInstanceOf(RequestInvalidError);
    const e = err as RequestInvalidError;
    expect(e.errors[0]).toMatchObject({ pointer: '/series/9/values', id: 's9' });
    expect(e.errors[0].detail).toMatch(/^series\/9\/values /);
    expect(e.message).toContain('series/9/values');
    expect(e.message).toContain('(series id "s9")');
    expect(got).toEqual(series.slice(0, 8).map((s) => s.id));

    // with skip, the series is answered in its place and the rest are forecast
    const items = await all(c.forecastMany(series, { horizon: 2, batchSize: 4, onInvalid: 'skip' }));
    expect(items.map((x) => x.id)).toEqual(series.map((s) => s.id));
    const bad = items[9] as Extract<BatchItem, { error: unknown }>;
    expect(bad.error.pointer).toBe('/series/9/values');
    expect(bad.error.detail).toMatch(/^series\/9\/values /);
    for (const [i, x] of items.entries()) if (i !== 9) expect('forecast' in x && x.forecast).toHaveLength(2);

    // the client's own refusals count from the whole input too
    series[9] = { ...series[9], values: [1, Number('abc'), 3] };
    await expect(all(c.forecastMany(series, { horizon: 2, batchSize: 4 }))).rejects.toThrow(/series\[9\] \(id "s9"\)\.values\[1\] is NaN/);
  });

  it('sends batchSize series per request and yields every answer in source order, with progress', async () => {
    const { fullKey } = await h.key();
    const w = watchedFetch();
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url, fetch: w.fetch });
    const progress: Array<[number, number]> = [];
    async function* source() { for (const s of makeSeries(30)) yield s; }
    const items = await all(c.forecastMany(source(), { horizon: 3, batchSize: 7, onProgress: (p) => progress.push([p.done, p.batches]) }));
    expect(items.map((x) => x.id)).toEqual(makeSeries(30).map((s) => s.id));
    for (const x of items) expect('forecast' in x && x.forecast).toHaveLength(3);
    expect(w.bodies.map((b) => JSON.parse(b).series.length)).toEqual([7, 7, 7, 7, 2]);
    expect(progress).toHaveLength(30);
    expect(progress[6]).toEqual([7, 1]);
    expect(progress[29]).toEqual([30, 5]);
  });

  it('never pulls more than two batches ahead of what it has yielded', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    let pulled = 0;
    let most = 0;
    let yielded = 0;
    async function* source() {
      for (let i = 0; i < 60; i++) {
        pulled += 1;
        most = Math.max(most, pulled - yielded);
        yield makeSeries(1, i)[0];
      }
    }
    for await (const _ of c.forecastMany(source(), { horizon: 2, batchSize: 10 })) yielded += 1;
    expect(yielded).toBe(60);
    expect(most).toBeLessThanOrEqual(20);
  });

  it('resumes a cut answer from its first unanswered series', async () => {
    const { fullKey } = await h.key();
    const w = watchedFetch({ attempt: 1, lines: 3 });
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url, fetch: w.fetch, backoffBaseMs: 1 });
    const items: BatchItem[] = await all(c.forecastMany(makeSeries(9), { horizon: 2, batchSize: 9 }));
    expect(items.map((x) => x.id)).toEqual(makeSeries(9).map((s) => s.id));
    expect(w.bodies).toHaveLength(2);
    expect(JSON.parse(w.bodies[1]).series.map((s: { id: string }) => s.id)).toEqual(['s3', 's4', 's5', 's6', 's7', 's8']);
  });

  it('gives up with the cut error once retries are used up', async () => {
    const { fullKey } = await h.key();
    const w = watchedFetch({ attempt: 1, lines: 2 });
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url, fetch: w.fetch, maxRetries: 0 });
    const got: string[] = [];
    const err = await rejectionOf((async () => { for await (const x of c.forecastMany(makeSeries(5), { horizon: 2 })) got.push(x.id!); })());
    expect(got).toEqual(['s0', 's1']);
    expect((err as Error).name).toBe('ConnectionError');
    expect(JSON.stringify(err)).not.toContain(fullKey.split('-')[2]);
  });

  it('stops on abort with AbortError, and the server lets the key forecast again', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    const c = new TempoClient({ apiKey: fullKey, baseUrl: h.url });
    const controller = new AbortController();
    let got = 0;
    const err = await rejectionOf((async () => {
      for await (const _ of c.forecastMany(makeSeries(3000), { horizon: 2, batchSize: 3000, signal: controller.signal })) {
        got += 1;
        if (got === 5) controller.abort(new Error('enough'));
      }
    })());
    expect(err).toBeInstanceOf(AbortError);
    expect(got).toBe(5);
    const again = await c.forecast({ series: [1, 2, 3, 4], horizon: 1 }, { maxRetries: 10 });
    expect(again.forecast).toHaveLength(1);
  });
});

