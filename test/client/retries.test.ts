// Retry behaviour: real 429s and 409s with Retry-After from a real Tempo server; no retry for
// 400/401/404; the caller's abort ends a backoff wait at once. The stand-in server is used only
// for what the real one cannot do on demand (a gateway 502/503, a 500 without Retry-After, a reset).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  TempoClient, AbortError, ApiKeyInvalidError, ConnectionError, ForecastAlreadyRunningError, InternalServerError,
  ModelNotAvailableError, RequestInvalidError, ServiceUnavailableError, UsageLimitError, type APIError,
} from '@tempo-forecast/client';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch, recordingSleep, rejectionOf } from './helpers.js';
import { problem, startStandIn } from './stand-in.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

const small = { series: [3, 4, 5, 4, 3, 4, 5, 4], horizon: 2 };

describe('retries against the real server', () => {
  it('retries a real 429 twice by default, each wait the server\'s Retry-After capped at maxRetryAfter', async () => {
    const k = await h.key({ rateLimitPerMinute: 1, rateLimitPerHour: 1 });
    const rec = recordingFetch();
    const sl = recordingSleep();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetryAfter: 0.05, fetch: rec.fetch, sleep: sl.sleep });
    await c.forecast(small);
    const err = await rejectionOf(c.forecast(small));
    expect(err).toBeInstanceOf(UsageLimitError);
    expect((err as UsageLimitError).attempts).toBe(3);
    expect(rec.exchanges.map((x) => x.status)).toEqual([200, 429, 429, 429]);
    // every 429 asked for at least a second; the cap turned each into 50 ms
    for (const x of rec.exchanges.slice(1)) expect(Number(x.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(sl.waits).toEqual([50, 50]);
  });

  it('maxRetries per call overrides the client\'s: 0 sends one request', async () => {
    const k = await h.key({ rateLimitPerMinute: 1, rateLimitPerHour: 1 });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetries: 5, maxRetryAfter: 0.01, fetch: rec.fetch });
    await c.forecast(small);
    const err = await rejectionOf(c.forecast(small, { maxRetries: 0 }));
    expect(err).toBeInstanceOf(UsageLimitError);
    expect(rec.exchanges).toHaveLength(2);
  });

  it('waits out a real 409 for exactly the Retry-After the server sent, then succeeds', async () => {
    const k = await h.key();
    const rec = recordingFetch();
    const sl = recordingSleep();
    // generous retries: on a loaded machine the first fit may outlast one or two waits
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetries: 8, fetch: rec.fetch, sleep: sl.sleep });
    const long = { series: seasonal(10_000), horizon: 24 };
    const [a, b] = await Promise.all([c.forecast(long), c.forecast(long)]);
    expect(a.forecast).toEqual(b.forecast);
    const refused = rec.exchanges.filter((x) => x.status === 409);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(rec.exchanges.filter((x) => x.status === 200)).toHaveLength(2);
    expect(sl.waits).toEqual(refused.map((x) => Number(x.retryAfter) * 1000));
  });

  it('never retries 400, 401 or 404', async () => {
    const k = await h.key();
    const cases: Array<[string, (c: TempoClient) => Promise<unknown>, new (...a: never[]) => APIError]> = [
      [k.fullKey, (c) => c.forecast({ series: [], horizon: 1 }), RequestInvalidError],
      ['tempo-AAAAAAAAAAAAAAAA-nope', (c) => c.validate(), ApiKeyInvalidError],
      [k.fullKey, (c) => c.forecast(small, { model: 'unknown-model' }), ModelNotAvailableError],
    ];
    for (const [key, call, Cls] of cases) {
      const rec = recordingFetch();
      const sl = recordingSleep();
      const c = new TempoClient({ apiKey: key, baseUrl: h.url, maxRetries: 3, fetch: rec.fetch, sleep: sl.sleep });
      const err = await rejectionOf(call(c));
      expect(err).toBeInstanceOf(Cls);
      expect((err as APIError).attempts).toBe(1);
      expect(rec.exchanges).toHaveLength(1);
      expect(sl.waits).toEqual([]);
    }
  });

  it('stops at once with AbortError when the caller aborts during a Retry-After wait', async () => {
    const k = await h.key({ rateLimitPerMinute: 1, rateLimitPerHour: 1 });
    const ac = new AbortController();
    const rec = recordingFetch();
    const sl = recordingSleep();
    // abort as soon as the client starts waiting out the 429's Retry-After (up to the default 60 s cap)
    const sleepThenAbort = (ms: number, signal?: AbortSignal) => { const waiting = sl.sleep(ms, signal); ac.abort(); return waiting; };
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch, sleep: sleepThenAbort });
    await c.forecast(small);
    const err = await rejectionOf(c.forecast(small, { signal: ac.signal }));
    expect(err).toBeInstanceOf(AbortError);
    expect((err as AbortError).attempts).toBe(1);
    expect(sl.waits).toHaveLength(1);
    expect(sl.waits[0]).toBeGreaterThanOrEqual(1000);
    expect(rec.exchanges.map((x) => x.status)).toEqual([200, 429]);
  });
});

describe('retries against a stand-in for what the real server cannot produce on demand', () => {
  it('retries a gateway 502 (HTML body) and gives up with ServiceUnavailableError after maxRetries', async () => {
    const s = await startStandIn((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
    });
    try {
      const c = new TempoClient({ apiKey: 'tempo-AAAAAAAAAAAAAAAA-secret', baseUrl: s.url, backoffBaseMs: 1 });
      const err = await rejectionOf(c.validate());
      expect(err).toBeInstanceOf(ServiceUnavailableError);
      const e = err as ServiceUnavailableError;
      expect([e.status, e.code, e.attempts, s.hits]).toEqual([502, undefined, 3, 3]);
      expect(e.body).toContain('Bad gateway');
      expect(e.message).toBe('HTTP 502: the answer carried no Tempo problem details (502)');
    } finally {
      await s.close();
    }
  });

  it('honours a 503\'s Retry-After and succeeds on the next attempt', async () => {
    const s = await startStandIn((_req, res, hit) => {
      if (hit === 1) {
        problem(res, 503, { code: 'SERVICE_UNAVAILABLE', title: 'Service unavailable', detail: 'draining', request_id: 'req_1' }, { 'Retry-After': '1' });
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_2' });
      res.end(JSON.stringify({ forecast: [7, 7] }));
    });
    try {
      const sl = recordingSleep();
      const c = new TempoClient({ apiKey: 'tempo-AAAAAAAAAAAAAAAA-secret', baseUrl: s.url, sleep: sl.sleep });
      const out = await c.forecast({ series: [7], horizon: 2 });
      expect(out).toMatchObject({ forecast: [7, 7], requestId: 'req_2' });
      expect(sl.waits).toEqual([1000]);
      expect(s.hits).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('backs off exponentially with full jitter when a 500 gives no Retry-After', async () => {
    const s = await startStandIn((_req, res) => problem(res, 500, { code: 'INTERNAL_ERROR', detail: 'boom', request_id: 'r' }));
    try {
      const sl = recordingSleep();
      const draws = [0.5, 0.25, 0.999];
      const c = new TempoClient({
        apiKey: 'tempo-AAAAAAAAAAAAAAAA-secret', baseUrl: s.url, maxRetries: 3, backoffBaseMs: 40,
        sleep: sl.sleep, random: () => draws.shift()!,
      });
      const err = await rejectionOf(c.validate());
      expect(err).toBeInstanceOf(InternalServerError);
      // ceilings 40, 80, 160 ms, each scaled by its draw
      expect(sl.waits).toEqual([20, 20, 159]);
      expect(s.hits).toBe(4);
    } finally {
      await s.close();
    }
  });

  it('retries a dropped connection and gives up with ConnectionError', async () => {
    const s = await startStandIn((req) => { req.socket.destroy(); });
    try {
      const c = new TempoClient({ apiKey: 'tempo-AAAAAAAAAAAAAAAA-secret', baseUrl: s.url, backoffBaseMs: 1 });
      const err = await rejectionOf(c.forecast(small));
      expect(err).toBeInstanceOf(ConnectionError);
      expect((err as ConnectionError).attempts).toBe(3);
      expect((err as ConnectionError).message).toContain(`${s.url}/tempo/v1/forecast`);
      expect(s.hits).toBe(3);
    } finally {
      await s.close();
    }
  });

  it('a 409 from anywhere is retried but a 405 is not', async () => {
    const s = await startStandIn((req, res) => {
      if (req.method === 'POST') problem(res, 409, { code: 'FORECAST_ALREADY_RUNNING', detail: 'busy' }, { 'Retry-After': '0' });
      else problem(res, 405, { code: 'METHOD_NOT_ALLOWED', detail: 'no' });
    });
    try {
      const c = new TempoClient({ apiKey: 'tempo-AAAAAAAAAAAAAAAA-secret', baseUrl: s.url, maxRetries: 1 });
      expect(await rejectionOf(c.forecast(small))).toBeInstanceOf(ForecastAlreadyRunningError);
      expect(s.hits).toBe(2);
      const e = await rejectionOf(c.validate()) as APIError;
      expect([e.name, e.status, e.attempts, s.hits]).toEqual(['APIError', 405, 1, 3]);
    } finally {
      await s.close();
    }
  });
});
