// The batch endpoint over real HTTP: answers equal to single forecasts, in request order, as JSON
// or x-ndjson; gzip bodies; one bad value refuses all; quota, lock, backpressure and disconnects.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { createComputePool, type ComputePool } from '../../src/compute/pool.js';
import { buildTrappingCore } from '../compute/trapping-core.js';
import { seasonal, startHarness, type Harness } from './harness.js';
import { waitFor } from '../support/wait.js';

// the real pool, counting the series handed to workers so a test can see what was scheduled
function countingPool(workers: number): { pool: ComputePool; scheduled: () => number } {
  const inner = createComputePool({ workers, timeoutMs: 10_000 });
  let scheduled = 0;
  const pool: ComputePool = {
    ...inner,
    forecastGroup(input) {
      scheduled += input.series.length;
      return inner.forecastGroup(input);
    },
  };
  return { pool, scheduled: () => scheduled };
}

// about 50 kB per answered series, so an unread answer fills the socket's buffers quickly
const LONG_LINES = { horizon: 500, level: [80, 95] };

let h: Harness;
let counter: ReturnType<typeof countingPool>;
beforeAll(async () => {
  counter = countingPool(2);
  // these tests leave answers unread on purpose; on a loaded machine one may look like a stalled
  // reader, and benching the address would then fail every later test here, not just that one
  h = await startHarness({ pool: counter.pool, config: { workers: 2, connections: { abuseBenchMs: 0 } } });
});
afterAll(async () => {
  await h.close();
  await counter.pool.close();
});

function post(key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/forecast/batch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? body as BodyInit : JSON.stringify(body),
  });
}

function batchOf(n: number, length = (i: number) => 24 + (i % 30)) {
  return Array.from({ length: n }, (_, i) => ({ id: `sku-${i}`, values: seasonal(length(i)).map((v) => v + i) }));
}

async function problem(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return res.json() as Promise<{ code: string; status: number; detail: string; errors?: Array<{ pointer: string; detail: string }> }>;
}

/** Starts a raw ndjson batch request and resolves with the response, unread and paused. */
function rawNdjson(key: string, body: unknown): Promise<{ res: IncomingMessage; destroy: () => void }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${h.url}/tempo/v1/forecast/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'Content-Length': Buffer.byteLength(text) },
    }, (res) => {
      res.pause();
      resolve({ res, destroy: () => req.destroy() });
    });
    req.on('error', () => {});
    req.once('error', reject);
    req.end(text);
  });
}


describe('POST /{model}/v1/forecast/batch', () => {
  it('answers each series as the single forecast would, in request order, with the model name', async () => {
    const { fullKey } = await h.key();
    const series = batchOf(70);
    series[3].values[4] = null as unknown as number;
    const res = await post(fullKey, { horizon: 5, level: [80, 95], season_length: 12, series: [...series.slice(0, 69), { ...series[69], season_length: 4 }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.model).toBe('tempo');
    expect(body.forecasts.map((f: { id: string }) => f.id)).toEqual(series.map((s) => s.id));
    const core = await loadForecaster();
    for (const i of [0, 3, 41, 69]) {
      const expected = core.forecast(series[i].values, 5, { seasonLength: i === 69 ? 4 : 12, level: [80, 95], config: {} });
      expect(body.forecasts[i]).toEqual({ id: series[i].id, ...expected });
    }
  });

  it('streams one JSON line per series in request order with Accept: application/x-ndjson', async () => {
    const { fullKey } = await h.key();
    const series = batchOf(90);
    const res = await post(fullKey, { horizon: 3, series }, { Accept: 'application/x-ndjson' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text()).split('\n');
    expect(lines.pop()).toBe('');
    const items = lines.map((l) => JSON.parse(l));
    expect(items.map((x) => x.id)).toEqual(series.map((s) => s.id));
    for (const x of items) expect(x.forecast).toHaveLength(3);
  });

  it('accepts a gzip body and refuses a broken one or an unknown encoding', async () => {
    const { fullKey } = await h.key();
    const series = batchOf(5);
    const zipped = gzipSync(JSON.stringify({ horizon: 2, series }));
    const ok = await post(fullKey, zipped, { 'Content-Encoding': 'gzip' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).forecasts).toHaveLength(5);
    const broken = await post(fullKey, zipped.subarray(0, zipped.length - 9), { 'Content-Encoding': 'gzip' });
    expect(broken.status).toBe(400);
    expect((await problem(broken)).code).toBe('REQUEST_INVALID');
    const br = await post(fullKey, JSON.stringify({ horizon: 2, series }), { 'Content-Encoding': 'br' });
    expect(br.status).toBe(415);
  });

  it('refuses a 10,000-series batch whole when one value is bad, pointing at it', async () => {
    const { fullKey } = await h.key();
    const series = batchOf(10_000, () => 48);
    (series[1234].values as unknown[])[5] = 'oops';
    const before = counter.scheduled();
    const res = await post(fullKey, { horizon: 12, series });
    expect(res.status).toBe(400);
    const p = await problem(res);
    expect(p.code).toBe('REQUEST_INVALID');
    // the problem names the series by its id as well as by its place
    expect(p.errors).toEqual([{ pointer: '/series/1234/values/5', detail: 'series/1234/values/5 must be a finite number or null (got a string)', id: 'sku-1234' }]);
    expect(counter.scheduled()).toBe(before);
  });

  it('names every kind of bad batch with a pointer, never a 5xx', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    const s = seasonal(20);
    const cases: Array<[unknown, string]> = [
      [{ horizon: 2, series: [{ id: 'a', values: s }, { id: 'a', values: s }] }, '/series/1/id'],
      [{ horizon: 2, series: [{ values: s }] }, '/series/0/id'],
      [{ horizon: 2, series: [{ id: '', values: s }] }, '/series/0/id'],
      [{ horizon: 2, series: [{ id: 'x'.repeat(129), values: s }] }, '/series/0/id'],
      [{ horizon: 2, series: [{ id: 'a' }] }, '/series/0/values'],
      [{ horizon: 2, series: [{ id: 'a', values: [null, null] }] }, '/series/0/values'],
      [{ horizon: 2, series: [{ id: 'a', values: s, season_length: 0 }] }, '/series/0/season_length'],
      [{ horizon: 2, series: [{ id: 'a', values: s }, { id: 'b', values: Array(10_001).fill(1) }] }, '/series/1/values'],
      // an unknown field's name is not repeated: the error points at the series that holds it
      [{ horizon: 2, series: [{ id: 'a', values: s, colour: 'red' }] }, '/series/0'],
      [{ horizon: 2, series: [7] }, '/series/0'],
      [{ horizon: 2, series: [] }, '/series'],
      [{ horizon: 2 }, '/series'],
      [{ series: [{ id: 'a', values: s }] }, '/horizon'],
      [{ horizon: 0, series: [{ id: 'a', values: s }] }, '/horizon'],
      [{ horizon: 2, level: [100], series: [{ id: 'a', values: s }] }, '/level/0'],
      [{ horizon: 2, freq: 'fortnightly', series: [{ id: 'a', values: s }] }, '/freq'],
      [{ horizon: 2, timezone: 'UTC', series: [{ id: 'a', values: s }] }, ''],
      [[1, 2], ''],
      ['{"horizon": 2, "series": [1,]}', ''],
    ];
    for (const [body, pointer] of cases) {
      const res = await post(fullKey, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const p = await problem(res);
      expect(p.code).toBe('REQUEST_INVALID');
      if (pointer !== '' || p.errors) expect(p.errors?.[0].pointer, JSON.stringify(body).slice(0, 80)).toBe(pointer);
    }
    const text = await post(fullKey, 'horizon=2', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
  });

  it('counts as one request against the quota', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 5 });
    const res = await post(fullKey, { horizon: 2, series: batchOf(40) });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit')).toMatch(/^"minute";r=4;/);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('holds the running lock until the last series is answered', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    // long lines and an unread answer keep the batch open as long as the test wants
    const { res, destroy } = await rawNdjson(fullKey, { ...LONG_LINES, series: batchOf(200) });
    expect(res.statusCode).toBe(200);
    const single = await h.forecast(fullKey, { series: seasonal(30), horizon: 2 });
    expect(single.status).toBe(409);
    res.resume();
    const ids: string[] = [];
    let rest = '';
    for await (const chunk of res) {
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop()!;
      for (const l of lines) ids.push(JSON.parse(l).id);
    }
    destroy();
    expect(ids).toEqual(batchOf(200).map((s) => s.id));
    const after = await h.forecast(fullKey, { series: seasonal(30), horizon: 2 });
    expect(after.status).toBe(200);
  });

  it('answers a reader that pauses, in full and in order, once it reads again', async () => {
    const { fullKey } = await h.key();
    const { res, destroy } = await rawNdjson(fullKey, { ...LONG_LINES, series: batchOf(240) });
    // paused until the answer fills the reader's own buffer: from then on the server meets a full socket
    await waitFor('the paused reader\'s buffer full', () => res.readableLength >= res.readableHighWaterMark, 60_000);
    const ids: string[] = [];
    let rest = '';
    res.on('data', (c: Buffer) => {
      rest += c.toString();
      const lines = rest.split('\n');
      rest = lines.pop()!;
      for (const l of lines) ids.push(JSON.parse(l).id);
    });
    res.resume();
    await new Promise((r) => res.on('end', r));
    destroy();
    expect(ids).toEqual(batchOf(240).map((s) => s.id));
  // ~12 MB of answer computed on two workers: on a loaded two-core machine this takes longer than the default limit
  }, 120_000);

  it('cancels the rest and releases the lock when the caller goes away', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    const before = counter.scheduled();
    const { res, destroy } = await rawNdjson(fullKey, { ...LONG_LINES, series: batchOf(2000) });
    expect(res.statusCode).toBe(200);
    destroy();
    await waitFor('the lock released', async () => (await h.forecast(fullKey, { series: seasonal(30), horizon: 2 })).status === 200, 30_000, 50);
    expect(counter.scheduled() - before).toBeLessThan(2000);
  });

  it('refuses bodies over the limit after inflation, and batches over the series or value bounds', async () => {
    const small = await startHarness({ config: { batchBounds: { maxSeries: 3, maxValues: 50, bodyLimitBytes: 2048 } } });
    try {
      const { fullKey } = await small.key();
      const send = (body: BodyInit, headers: Record<string, string> = {}) => fetch(`${small.url}/tempo/v1/forecast/batch`, {
        method: 'POST', headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json', ...headers }, body,
      });
      const big = JSON.stringify({ horizon: 2, series: [{ id: 'a', values: Array(1500).fill(1) }] });
      expect((await send(big)).status).toBe(413);
      const bomb = await send(gzipSync(big), { 'Content-Encoding': 'gzip' });
      expect(bomb.status).toBe(413);
      expect((await problem(bomb)).code).toBe('REQUEST_INVALID');
      const four = await send(JSON.stringify({ horizon: 2, series: batchOf(4, () => 5) }));
      expect((await problem(four)).errors?.[0].pointer).toBe('/series');
      const many = await send(JSON.stringify({ horizon: 2, series: batchOf(3, () => 20) }));
      expect(many.status).toBe(400);
      expect((await problem(many)).detail).toMatch(/60 values in all \(regressors' included\); at most 50/);
    } finally {
      await small.close();
    }
  });

  it('asks for a key and a model like the single forecast route', async () => {
    const { fullKey } = await h.key();
    const none = await fetch(`${h.url}/tempo/v1/forecast/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(401);
    const foreign = await fetch(`${h.url}/someone-elses/v1/forecast/batch`, {
      method: 'POST', headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json' }, body: '{}',
    });
    expect(foreign.status).toBe(404);
    expect((await problem(foreign)).code).toBe('MODEL_NOT_AVAILABLE');
  });
});

describe('POST /{model}/v1/forecast/batch when the model fails', () => {
  it('answers one refused series as an entry with its pointer and the rest as usual', async () => {
    const { fullKey } = await h.key();
    // finite values whose 95% bounds cannot fit in a double: the core refuses this one series
    const res = await post(fullKey, { horizon: 3, level: [95], series: [{ id: 'ok', values: seasonal(30) }, { id: 'huge', values: [1.7e308, -1.7e308, 1.7e308, -1.7e308, 1.7e308] }] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.forecasts[0].forecast).toHaveLength(3);
    expect(body.forecasts[1]).toEqual({ id: 'huge', error: { code: 'REQUEST_INVALID', detail: expect.stringMatching(/^the model cannot forecast this series/), pointer: '/series/1' } });
  });

  describe('with a core that traps on 13 values', () => {
    let pool: ComputePool;
    let t: Harness;
    beforeAll(async () => {
      pool = createComputePool({ workers: 1, timeoutMs: 3000, wasmPath: buildTrappingCore() });
      t = await startHarness({ pool });
    });
    afterAll(async () => {
      await t.close();
      await pool.close();
    });
    const send = (key: string, body: unknown, accept = 'application/json') => fetch(`${t.url}/tempo/v1/forecast/batch`, {
      method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: accept }, body: JSON.stringify(body),
    });
    const shortSeries = (n: number, trapAt: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, values: new Array(i === trapAt ? 13 : 5).fill(i + 1) }));

    it('ends an x-ndjson answer with an error line after the series answered before the failure', async () => {
      const k = await t.key();
      const res = await send(k.fullKey, { horizon: 2, series: shortSeries(64, 40) }, 'application/x-ndjson');
      expect(res.status).toBe(200);
      const lines = (await res.text()).trimEnd().split('\n').map((l) => JSON.parse(l));
      expect(lines.slice(0, -1).map((x) => x.id)).toEqual(shortSeries(32, -1).map((s) => s.id));
      expect(lines.at(-1)).toEqual({ error: { code: 'INTERNAL_ERROR', detail: expect.any(String), request_id: res.headers.get('x-request-id') } });
      expect(JSON.stringify(lines.at(-1))).not.toMatch(/abort|stack|worker|\.ts|\.js/i);
      const token = await t.limits.acquireLock(k.keyId, 1000);
      expect(token).not.toBeNull();
      await t.limits.releaseLock(k.keyId, token!);
    });

    it('answers 500 problem+json when the failure comes before the first byte', async () => {
      const k = await t.key();
      const res = await send(k.fullKey, { horizon: 2, series: shortSeries(10, 3) });
      expect(res.status).toBe(500);
      expect((await problem(res)).code).toBe('INTERNAL_ERROR');
      const again = await send(k.fullKey, { horizon: 2, series: shortSeries(10, -1) });
      expect(again.status).toBe(200);
      expect((await again.json()).forecasts[9].forecast).toEqual([10, 10]);
    });
  });
});
