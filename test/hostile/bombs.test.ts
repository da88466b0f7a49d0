// Bodies built to be expensive, on every route that reads one: a gzip body of {"horizon":[1,1,…]}
// inflating to 8 MiB (it once took the batch route 6.4 s and 860 MB), gzip `[[[[…` inside `series`
// (it once stalled every caller for 7 s), three 32 MiB bombs at once (they once killed the
// process), and a plain body of arrays under unknown names (once 800 MB to parse). Each must be refused (400 or 413 REQUEST_INVALID) with the server's memory barely
// moving, and leave it up. How fast each is refused is reported in the targets table, not asserted.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKeys, startChild, type ChildServer } from './child-server.js';
import { rawExchange, requestBytes, type RawOutcome } from './raw-http.js';
import { reportTarget } from './targets.js';

let server: ChildServer;
let key: string;

beforeAll(async () => {
  const made = await makeKeys(1);
  [key] = made.keys;
  server = await startChild(made.dataDir, { TEMPO_LOG_LEVEL: 'warn' });
});
afterAll(async () => { await server?.stop(); });

const MiB = 2 ** 20;
// the routes that read a body, and the field a nested bomb goes into
const ROUTES = [
  { path: '/tempo/v1/forecast', nest: (open: string) => `{"horizon":1,"series":${open}` },
  { path: '/tempo/v1/forecast/batch', nest: (open: string) => `{"horizon":1,"series":[{"id":"a","values":${open}` },
  { path: '/tempo/v1/cross-validation', nest: (open: string) => `{"horizon":1,"series":${open}` },
  { path: '/tempo/v1/anomalies', nest: (open: string) => `{"series":${open}` },
  { path: '/v1/models', nest: (open: string) => `{"name":"m","training":{"horizon":1,"series":[{"id":"a","values":${open}` },
  { path: '/tempo/v1/jobs', nest: (open: string) => `{"horizon":1,"series":[{"id":"a","values":${open}` },
];

/** {"horizon":[1,1,…]} of `bytes` bytes, gzipped (about 1,000 to 1). */
function horizonBomb(bytes: number): Buffer {
  const n = Math.floor((bytes - 14) / 2);
  return gzipSync(Buffer.from(`{"horizon":[${'1,'.repeat(n)}1]}`), { level: 9 });
}

/** Sends gzip `body` to `path` on a connection of its own. */
function send(path: string, body: Buffer): Promise<RawOutcome> {
  return rawExchange(server.url, requestBytes('POST', path, [
    ['Authorization', `Bearer ${key}`], ['Content-Type', 'application/json'], ['Content-Encoding', 'gzip'], ['Connection', 'close'],
  ], body), { timeoutMs: 30_000 });
}

/** Runs `work`, sampling the server's RSS every 10 ms: its result and the peak growth in MB. */
async function sampled<T>(work: () => Promise<T>): Promise<{ result: T; grownMb: number }> {
  const before = server.rss();
  const rss = { peak: before };
  const timer = setInterval(() => { try { rss.peak = Math.max(rss.peak, server.rss()); } catch { /* gone */ } }, 10);
  try {
    const result = await work();
    rss.peak = Math.max(rss.peak, server.rss());
    return { result, grownMb: (rss.peak - before) / MiB };
  } finally {
    clearInterval(timer);
  }
}

function expectRefused(out: RawOutcome, what: string) {
  expect(out.responses.length, `${what}: no answer${out.reset ? ' (reset)' : ''}`).toBe(1);
  const [r] = out.responses;
  expect([400, 413], `${what}: ${r.status} ${r.body.slice(0, 200)}`).toContain(r.status);
  expect(JSON.parse(r.body).code).toBe('REQUEST_INVALID');
}

async function up(): Promise<boolean> {
  return (await fetch(`${server.url}/healthz`)).status === 200;
}

describe('bombs on every route that reads a body', () => {
  const bomb8 = horizonBomb(8 * MiB);
  const nested = (route: typeof ROUTES[number]) => gzipSync(Buffer.from(route.nest('['.repeat(16 * MiB))), { level: 9 });

  it(`a gzip {"horizon":[1,1,…]} of 8 MiB (${(bomb8.length / 1024).toFixed(0)} KB sent) is refused, memory bounded`, async () => {
    const rows: string[] = [];
    let worstMs = 0;
    let worstMb = 0;
    for (const route of ROUTES) {
      const { result, grownMb } = await sampled(() => send(route.path, bomb8));
      expectRefused(result, route.path);
      worstMs = Math.max(worstMs, Math.max(0, result.firstByteMs));
      worstMb = Math.max(worstMb, grownMb);
      rows.push(`${route.path} ${result.responses[0].status} ${Math.max(0, result.firstByteMs).toFixed(0)} ms ${grownMb.toFixed(1)} MB`);
      expect(grownMb, route.path).toBeLessThan(64);
    }
    console.log('8 MiB horizon bombs', rows);
    reportTarget({ target: 'gzip {"horizon":[1,1,…]} of 8 MiB on each of the 6 body routes: slowest refusal / largest RSS growth', required: '≤ 1 s / < 64 MB', measured: `${worstMs.toFixed(0)} ms / ${worstMb.toFixed(1)} MB`, met: worstMs <= 1000 && worstMb < 64 });
    expect(await up()).toBe(true);
  });

  it('gzip [[[[… of 16 MiB inside series is refused on every route, memory bounded', async () => {
    const rows: string[] = [];
    let worstMs = 0;
    let worstMb = 0;
    for (const route of ROUTES) {
      const body = nested(route);
      const { result, grownMb } = await sampled(() => send(route.path, body));
      expectRefused(result, route.path);
      worstMs = Math.max(worstMs, Math.max(0, result.firstByteMs));
      worstMb = Math.max(worstMb, grownMb);
      rows.push(`${route.path} ${(body.length / 1024).toFixed(0)} KB ${result.responses[0].status} ${Math.max(0, result.firstByteMs).toFixed(0)} ms ${grownMb.toFixed(1)} MB`);
      expect(grownMb, route.path).toBeLessThan(64);
    }
    console.log('nested bombs', rows);
    reportTarget({ target: 'gzip [[[[… of 16 MiB inside series on each of the 6 body routes: slowest refusal / largest RSS growth', required: '≤ 1 s / < 64 MB', measured: `${worstMs.toFixed(0)} ms / ${worstMb.toFixed(1)} MB`, met: worstMs <= 1000 && worstMb < 64 });
    expect(await up()).toBe(true);
  });

  it('a plain 7.6 MiB body of arrays under unknown names is refused on the routes read in slices, memory bounded', async () => {
    // 400 arrays of 10,000 elements, each within every bound the pre-scan has: what is left is the
    // parser's own cost, which split every array reached through members (800 MB and 7 s for this)
    const ones = Array(10_000).fill(1).join(',');
    const inner = `{${Array.from({ length: 100 }, (_, i) => `"b${i}":[${ones}]`).join(',')}}`;
    const junk = Array.from({ length: 4 }, (_, i) => `"a${i}":${inner}`).join(',');
    const rows: string[] = [];
    let worstMb = 0;
    for (const [path, body] of [['/tempo/v1/forecast/batch', `{"horizon":1,"series":[{"id":"a","values":[1,2,3]}],${junk}}`],
      ['/v1/models', `{"name":"m","training":{"horizon":1,"series":[{"id":"a","values":[1,2,3]}]},${junk}}`]]) {
      const { result, grownMb } = await sampled(() => rawExchange(server.url, requestBytes('POST', path, [
        ['Authorization', `Bearer ${key}`], ['Content-Type', 'application/json'], ['Connection', 'close'],
      ], body), { timeoutMs: 60_000 }));
      expectRefused(result, path);
      worstMb = Math.max(worstMb, grownMb);
      rows.push(`${path} ${result.responses[0].status} ${grownMb.toFixed(1)} MB`);
      expect(grownMb, path).toBeLessThan(64);
    }
    console.log('plain bodies of unknown arrays', rows);
    reportTarget({ target: 'a plain 7.6 MiB body of 400 arrays under unknown names, batch and tuning routes: largest RSS growth', required: '< 64 MB', measured: `${worstMb.toFixed(1)} MB`, met: worstMb < 64 });
    expect(await up()).toBe(true);
  });

  it('three 32 MiB gzip bombs at once on the batch route leave the server up', async () => {
    const bomb32 = horizonBomb(32 * MiB);
    const { result, grownMb } = await sampled(() => Promise.all([0, 1, 2].map(() => send('/tempo/v1/forecast/batch', bomb32))));
    for (const out of result) expectRefused(out, 'batch');
    const slowest = Math.max(...result.map((o) => Math.max(0, o.firstByteMs)));
    reportTarget({ target: `three concurrent gzip bombs of 32 MiB (${(bomb32.length / 1024).toFixed(0)} KB each) on the batch route: slowest refusal / RSS growth`, required: 'server up; < 64 MB', measured: `${slowest.toFixed(0)} ms / ${grownMb.toFixed(1)} MB`, met: grownMb < 64 });
    expect(server.proc.exitCode).toBeNull();
    expect(await up()).toBe(true);
    expect(grownMb).toBeLessThan(64);
  });
});
