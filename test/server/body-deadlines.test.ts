// Body deadlines on a real server: any request must send its body within the request timeout, but
// a job upload may take as long as it keeps sending at the minimum rate; a stalled upload, and a
// body still dripping in after its answer, lose the socket all the same.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { longCsv, monthlySeries } from '../jobs/helpers.js';

const REQUEST_TIMEOUT_MS = 1000;
let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({
    config: { connections: { headersTimeoutMs: 500, requestTimeoutMs: REQUEST_TIMEOUT_MS, uploadMinBytesPerSecond: 500 } },
  });
  key = (await h.key({ rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey;
});
afterAll(async () => { await h.close(); });

interface Sent { status: number | null; text: string; lifeMs: number }

/**
 * Sends `head` at once, then `body` in pieces of `piece` bytes every `everyMs` (stopping after
 * `stopAfter` bytes, if given), and reads until the server closes the socket or 10 s pass.
 */
function drip(head: string, body: string, piece: number, everyMs: number, stopAfter = Infinity): Promise<Sent> {
  const { port } = new URL(h.url);
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port: Number(port) });
    const t0 = Date.now();
    let got = '';
    let pos = 0;
    s.on('data', (d) => { got += d.toString('latin1'); });
    s.on('error', () => {});
    s.write(head);
    const timer = setInterval(() => {
      if (s.destroyed || pos >= Math.min(body.length, stopAfter)) return;
      s.write(body.slice(pos, pos + piece));
      pos += piece;
    }, everyMs);
    const giveUp = setTimeout(() => s.destroy(), 10_000);
    s.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      resolve({ status: m ? Number(m[1]) : null, text: got, lifeMs: Date.now() - t0 });
    });
  });
}

function head(path: string, type: string, length: number, auth = true, close = true): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth ? `Authorization: Bearer ${key}\r\n` : ''}` +
    `Content-Type: ${type}\r\nContent-Length: ${length}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;
}

describe('body deadlines', () => {
  it('takes a job upload that lasts three request timeouts while it keeps sending', async () => {
    const csv = longCsv(monthlySeries(40)).slice(0, 6000);
    const body = csv.slice(0, csv.lastIndexOf('\n') + 1);
    // 200 bytes every 100 ms: 2,000 B/s, four times the minimum rate, for about 3 s
    const sent = await drip(head('/tempo/v1/jobs?horizon=3', 'text/csv', body.length), body, 200, 100);
    expect(sent.lifeMs).toBeGreaterThan(2 * REQUEST_TIMEOUT_MS);
    expect(sent.status, sent.text).toBe(202);
    expect(sent.text).toMatch(/Location: \/v1\/jobs\//i);
  });

  it('refuses the same drip on any other route with 408 at the request timeout', async () => {
    const body = JSON.stringify({ series: Array.from({ length: 1500 }, (_, i) => i % 12), horizon: 3 });
    const sent = await drip(head('/tempo/v1/forecast', 'application/json', body.length), body, 200, 100);
    expect(sent.status, sent.text).toBe(408);
    expect(sent.text).toContain('"code":"REQUEST_INVALID"');
    expect(sent.lifeMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
  });

  it('refuses a job upload that stops sending with 408, and queues nothing', async () => {
    const before = await (await fetch(`${h.url}/v1/jobs`, { headers: { Authorization: `Bearer ${key}` } })).json() as { jobs: unknown[] };
    const body = longCsv(monthlySeries(40));
    const sent = await drip(head('/tempo/v1/jobs?horizon=3', 'text/csv', body.length), body, 400, 50, 1200);
    expect(sent.status, sent.text).toBe(408);
    // 1,200 bytes at 500 B/s buy 2.4 s past the request timeout, and not more
    expect(sent.lifeMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2400 + 1500);
    const after = await (await fetch(`${h.url}/v1/jobs`, { headers: { Authorization: `Bearer ${key}` } })).json() as { jobs: unknown[] };
    expect(after.jobs.length).toBe(before.jobs.length);
  });

  it('closes a socket whose body still drips in after its answer', async () => {
    const body = '{"series":[' + '1,'.repeat(2000);
    // no key: answered 401 at once, before the body is read; Node would read the rest to keep the connection
    const sent = await drip(head('/tempo/v1/jobs?horizon=3', 'application/json', body.length + 100, false, false), body, 20, 100);
    expect(sent.status).toBe(401);
    // a keep-alive socket: only the body deadline (1 s plus 200 B/s of drip at 500 B/s) closes it
    expect(sent.lifeMs).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(sent.lifeMs).toBeLessThan(3 * REQUEST_TIMEOUT_MS + 1500);
  });

  it('forgets a body whose caller hung up mid-way, and goes on serving', async () => {
    const { port } = new URL(h.url);
    const hungUp = await Promise.all(Array.from({ length: 5 }, () => new Promise<void>((resolve) => {
      const s = connect({ host: '127.0.0.1', port: Number(port) });
      s.on('error', () => {});
      s.write(head('/tempo/v1/jobs?horizon=3', 'text/csv', 10_000) + 'unique_id,ds,y\na,2020-01-01,1\n');
      setTimeout(() => { s.destroy(); resolve(); }, 100);
    })));
    // and requests without a body whose callers go before the answer
    await Promise.all(Array.from({ length: 20 }, (_, i) => new Promise<void>((resolve) => {
      const s = connect({ host: '127.0.0.1', port: Number(port) });
      s.on('error', () => {});
      s.write(`GET /v1/jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`);
      if (i % 2 === 0) { s.destroy(); resolve(); } else setImmediate(() => { s.destroy(); resolve(); });
    })));
    expect(hungUp).toHaveLength(5);
    // past a few sweeps of the guard, which looks at every unfinished body
    await new Promise((r) => setTimeout(r, 1200));
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });
});
