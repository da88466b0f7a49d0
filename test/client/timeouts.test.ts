// Per-attempt timeouts (headers and body both count) and their retries, and the caller's abort
// during a request: a stand-in that never finishes its answer, which the real server never does.
import { describe, it, expect, afterEach } from 'vitest';
import { TempoClient, AbortError, TimeoutError } from '@tempo-forecast/client';
import { recordingFetch, rejectionOf } from './helpers.js';
import { startStandIn, type StandIn } from './stand-in.js';
import { waitFor } from '../support/wait.js';

const apiKey = 'tempo-AAAAAAAAAAAAAAAA-secret';
let s: StandIn | undefined;
afterEach(async () => { await s?.close(); s = undefined; });

describe('timeouts', () => {
  it('times out an answer that never comes, retrying each attempt with its own timeout', async () => {
    s = await startStandIn(() => { /* never answers */ });
    const rec = recordingFetch();
    const c = new TempoClient({ apiKey, baseUrl: s.url, timeout: 50, backoffBaseMs: 1, fetch: rec.fetch });
    const err = await rejectionOf(c.validate());
    expect(err).toBeInstanceOf(TimeoutError);
    expect([(err as TimeoutError).timeoutMs, (err as TimeoutError).attempts]).toEqual([50, 3]);
    expect(rec.exchanges.map((x) => x.status)).toEqual(['no answer', 'no answer', 'no answer']);
  });

  it('counts the body: headers sent and the body stalled is still a timeout', async () => {
    s = await startStandIn((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"forecast": [1,');
    });
    // the case needs the headers to arrive before the limit; on a loaded machine 80 ms may pass
    // before the stand-in even sees the request, so a longer limit is tried until they did
    let bodyPhase = false;
    for (const timeout of [80, 1_000, 10_000]) {
      const rec = recordingFetch();
      const c = new TempoClient({ apiKey, baseUrl: s.url, timeout, maxRetries: 0, fetch: rec.fetch });
      const err = await rejectionOf(c.forecast({ series: [1], horizon: 2 }));
      expect(err).toBeInstanceOf(TimeoutError);
      expect(rec.exchanges).toHaveLength(1);
      if (rec.exchanges[0].status === 200) { bodyPhase = true; break; }
    }
    expect(bodyPhase, 'the answer\'s headers never arrived within the limit').toBe(true);
  });

  it('a per-call timeout overrides the client\'s, and Infinity or a huge one means none', async () => {
    s = await startStandIn((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"forecast":[1]}');
      }, 150);
    });
    const c = new TempoClient({ apiKey, baseUrl: s.url, timeout: 20, maxRetries: 0 });
    expect(await rejectionOf(c.forecast({ series: [1], horizon: 1 }))).toBeInstanceOf(TimeoutError);
    expect((await c.forecast({ series: [1], horizon: 1 }, { timeout: Infinity })).forecast).toEqual([1]);
    // beyond a timer's range setTimeout would fire at once; it must mean "no limit" instead
    expect((await c.forecast({ series: [1], horizon: 1 }, { timeout: 1e10 })).forecast).toEqual([1]);
    expect(() => new TempoClient({ apiKey, baseUrl: s!.url, timeout: 0 })).toThrow(RangeError);
  });
});

describe('abort during a request', () => {
  it('aborts a hanging request at once with AbortError and sends nothing more', async () => {
    s = await startStandIn(() => { /* never answers */ });
    const c = new TempoClient({ apiKey, baseUrl: s.url, timeout: 60_000, maxRetries: 5 });
    const ac = new AbortController();
    const call = c.validate({ signal: ac.signal });
    // abort once the request has reached the server
    await waitFor('the request at the server', () => s!.hits > 0, 5_000, 5);
    ac.abort();
    const err = await rejectionOf(call);
    expect(err).toBeInstanceOf(AbortError);
    expect((err as AbortError).cause).toBe(ac.signal.reason);
    expect((err as AbortError).attempts).toBe(1);
    expect(s.hits).toBe(1);
  });
});
