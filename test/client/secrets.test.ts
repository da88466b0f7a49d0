// The key never shows: not in the client's inspect/JSON, not in any error's message, toString(),
// JSON or inspect, even when a misbehaving upstream echoes it back or fetch itself fails.
import { inspect } from 'node:util';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { TempoClient, TempoError, APIError, ConnectionError } from '@tempo-forecast/client';
import { startHarness, type Harness } from '../server/harness.js';
import { rejectionOf } from './helpers.js';
import { startStandIn } from './stand-in.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

/** Every way a value is commonly shown; none may contain `secret`. */
function expectHidden(value: unknown, secret: string) {
  const views = [inspect(value, { depth: 10, showHidden: true }), JSON.stringify(value), String(value)];
  if (value instanceof Error) views.push(value.message, value.stack ?? '', inspect(value.cause, { depth: 10 }));
  for (const v of views) expect(v).not.toContain(secret);
}

describe('the API key stays hidden', () => {
  it('in the client object, which shows only the key hint', async () => {
    const k = await h.key();
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    await c.validate();
    expectHidden(c, k.fullKey);
    expect(c.keyHint).toBe(`tempo-${k.keyId}-…${k.fullKey.slice(-4)}`);
    expect(JSON.stringify(c)).toContain(c.keyHint);
  });

  it('in real error answers of the server', async () => {
    const k = await h.key({ expiresAt: '2020-01-01T00:00:00Z' });
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    const err = await rejectionOf(c.forecast({ series: [1], horizon: 1 }));
    expect(err).toBeInstanceOf(APIError);
    expectHidden(err, k.fullKey);
  });

  it('when an upstream echoes the Authorization header into the body and headers', async () => {
    const s = await startStandIn((req, res) => {
      const auth = req.headers.authorization ?? '';
      res.writeHead(500, { 'Content-Type': 'application/json', 'X-Echo': auth });
      res.end(JSON.stringify({ code: 'INTERNAL_ERROR', detail: `bad request with ${auth}`, echo: auth }));
    });
    try {
      const k = await h.key();
      const c = new TempoClient({ apiKey: k.fullKey, baseUrl: s.url, maxRetries: 0 });
      const err = await rejectionOf(c.validate());
      // the key was sent, and came back, and was scrubbed before anything kept it
      expect(s.authorizations).toEqual([`Bearer ${k.fullKey}`]);
      expectHidden(err, k.fullKey);
      expectHidden(err, k.fullKey.split('-')[2]!);
      expect((err as APIError).detail).toContain(c.keyHint);
      expect((err as APIError).headers['x-echo']).toBe(`Bearer ${c.keyHint}`);
    } finally {
      await s.close();
    }
  });

  it('when fetch itself fails, even with the key in its error', async () => {
    const k = await h.key();
    const leaky = async (_url: string, init: RequestInit) => {
      throw new TypeError(`refused ${JSON.stringify(init.headers)}`, { cause: init.headers });
    };
    const c = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, maxRetries: 0, fetch: leaky });
    const err = await rejectionOf(c.validate());
    expect(err).toBeInstanceOf(ConnectionError);
    expectHidden(err, k.fullKey);
    // and against a closed port, the runtime's own error
    const s = await startStandIn(() => {});
    const closedUrl = s.url;
    await s.close();
    const refused = await rejectionOf(new TempoClient({ apiKey: k.fullKey, baseUrl: closedUrl, maxRetries: 0 }).validate());
    expect(refused).toBeInstanceOf(ConnectionError);
    expect((refused as ConnectionError).code).toBe('ECONNREFUSED');
    expectHidden(refused, k.fullKey);
  });

  it('in constructor errors for a bad key or URL', () => {
    const bad = 'tempo-AAAAAAAAAAAAAAAA-has a space';
    let thrown: unknown;
    try {
      new TempoClient({ apiKey: bad, baseUrl: 'http://127.0.0.1:1' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).not.toBeInstanceOf(TempoError);
    expectHidden(thrown, 'has a space');
    expect(() => new TempoClient({ apiKey: 'tempo-A-b', baseUrl: 'ftp://x' })).toThrow(/http/);
  });
});
