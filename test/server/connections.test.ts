// Socket hygiene on a real server: parse errors answered, pipelining bounded, the open-request
// count settling whatever the caller does, readiness while draining, failed-auth limit, and
// forecasts still waiting for a worker refused with 503 when the server drains.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputeOverloadedError, type ComputePool } from '../../src/compute/pool.js';
import { ComputeDrainingError, gatePool } from '../../src/server/http/compute-gate.js';
import { startHarness, type Harness } from './harness.js';
import { waitFor } from '../support/wait.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({ config: { failedAuthPerMinute: 3 } });
  key = (await h.key({ rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey;
});
afterAll(async () => { await h.close(); });

/** Sends raw bytes (from `localAddress`), reads until the server closes (or 5 s), returns what came back. */
function raw(bytes: string, localAddress = '127.0.0.1', keepOpenMs = 5000): Promise<string> {
  const { port } = new URL(h.url);
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port: Number(port), localAddress });
    let got = '';
    s.on('data', (d) => { got += d.toString('latin1'); });
    s.on('error', () => {});
    s.on('close', () => resolve(got));
    setTimeout(() => s.destroy(), keepOpenMs);
    s.write(bytes);
  });
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('client errors', () => {
  it('answers a malformed request 400 and an oversized header block 431, as problem+json', async () => {
    const bad = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n');
    expect(statuses(bad)).toEqual([400]);
    expect(bad).toContain('application/problem+json');
    expect(bad).toContain('"code":"REQUEST_INVALID"');
    const big = await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(40_000)}\r\n\r\n`);
    expect(statuses(big)).toEqual([431]);
  });
});

describe('pipelining', () => {
  it('answers a few pipelined requests in order', async () => {
    const got = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3) + 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(statuses(got)).toEqual([200, 200, 200, 200]);
  });

  it('closes a socket that pipelines past the bound, and the open-request count settles to 0', async () => {
    // from an address of its own: the server refuses that address's connections for a while after
    const got = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(500), '127.0.0.3');
    expect(statuses(got).length).toBeLessThan(500);
    await waitFor('no open request', () => h.server.openRequests() === 0);
    expect(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', '127.0.0.3')).toBe('');
    expect(statuses(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))).toEqual([200]);
  });

  it('settles the count when a caller hangs up mid-body', async () => {
    const { port } = new URL(h.url);
    const s = connect({ host: '127.0.0.1', port: Number(port) });
    await new Promise((r) => s.on('connect', r));
    s.write(`POST /tempo/v1/forecast HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"series":[1,`);
    await waitFor('the request open', () => h.server.openRequests() > 0, 5_000, 10);
    expect(h.server.openRequests()).toBe(1);
    s.destroy();
    await waitFor('no open request', () => h.server.openRequests() === 0, 5_000, 10);
  });
});

describe('failed authentications per address', () => {
  it('answers 429 with Retry-After once an address has failed too often', async () => {
    const bad = 'tempo-AAAAAAAAAAAAAAAA-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    for (let i = 0; i < 3; i++) expect((await h.forecast(bad, { series: [1], horizon: 1 })).status).toBe(401);
    const refused = await h.forecast(bad, { series: [1], horizon: 1 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).violated_policies).toEqual(['failed_auth']);
  });
});

describe('the compute gate', () => {
  function slowPool(): ComputePool & { release(): void } {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    return {
      forecast: async () => { await gate; return { forecast: [1] } as never; },
      forecastGroup: () => Promise.reject(new Error('not used')),
      backtestGroup: () => Promise.reject(new Error('not used')),
      backtest: () => Promise.reject(new Error('not used')),
      scoreMany: () => Promise.reject(new Error('not used')),
      ready: async () => {},
      inFlight: () => 0,
      close: async () => {},
      release: () => release(),
    };
  }

  it('runs up to its slots, queues the rest, refuses past the queue, and refuses the queue on drain', async () => {
    const inner = slowPool();
    const pool = gatePool(inner, 1, 2, 60_000);
    const running = pool.forecast({ series: [1], horizon: 1 });
    const queued = [pool.forecast({ series: [1], horizon: 1 }), pool.forecast({ series: [1], horizon: 1 })];
    await expect(pool.forecast({ series: [1], horizon: 1 })).rejects.toBeInstanceOf(ComputeOverloadedError);
    expect(pool.waiting()).toBe(2);
    pool.drain();
    for (const q of queued) await expect(q).rejects.toBeInstanceOf(ComputeDrainingError);
    inner.release();
    await expect(running).resolves.toEqual({ forecast: [1] });
    await expect(pool.forecast({ series: [1], horizon: 1 })).rejects.toBeInstanceOf(ComputeDrainingError);
  });
});

describe('draining', () => {
  it('reports not ready and refuses forecasts with 503, Retry-After and Connection: close', async () => {
    const other = await startHarness();
    try {
      const k = (await other.key()).fullKey;
      other.server.tempo.startDraining();
      const ready = await fetch(`${other.url}/readyz`);
      expect(ready.status).toBe(503);
      const res = await other.forecast(k, { series: [1, 2, 3], horizon: 1 });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('connection')).toBe('close');
    } finally {
      await other.close();
    }
  });
});
