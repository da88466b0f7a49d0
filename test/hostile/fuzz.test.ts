// Seeded fuzzing of bodies, headers and paths against a real server: no answer may be a 5xx, no
// 200 may hold a non-finite or unordered number, and no answer or log line may hold a key.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultProblem } from '../../src/server/result-check.js';
import { startHarness, type Harness } from '../server/harness.js';
import { rawExchange, requestBytes, type RawOutcome } from './raw-http.js';
import { reportTarget } from './targets.js';

const SEED = Number(process.env.TEMPO_FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.TEMPO_FUZZ_CASES ?? 10_000);
const LANES = 12;

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

const ODD_NUMBERS = ['1e308', '-1e308', '5e-324', '-5e-324', '1.7976931348623157e308', '1e400', '-0', '0', 'NaN', 'Infinity', '-Infinity', '1e-320', '123456789012345678901234567890', '0.1'];

function numberText(r: Rand): string {
  const u = r();
  if (u < 0.15) return pick(r, ODD_NUMBERS);
  if (u < 0.2) return 'null';
  if (u < 0.23) return pick(r, ['"1"', 'true', '[]', '{}', '"tempo-x"']);
  const scale = pick(r, [1, 1e-300, 1e-10, 1e3, 1e100, 1e300, 1e307]);
  return String((r() * 2 - 1) * scale + (r() < 0.5 ? 100 : 0));
}

function seriesText(r: Rand): string {
  const n = pick(r, [1, 2, 3, 5, 12, 30, 60, 150, 400, int(r, 1, 80)]);
  const style = r();
  const values: string[] = [];
  for (let i = 0; i < n; i++) {
    if (style < 0.2) values.push(numberText(r));
    else if (style < 0.7) values.push(String(100 + 10 * Math.sin(i / 2) + r()));
    else if (style < 0.8) values.push(String(pick(r, [1e308, -1e308, 1e300, 5e-324]) * (i % 2 ? 1 : 0.999)));
    else values.push(String(i * pick(r, [1, 1e150, -1e200, 1e-200])));
  }
  return `[${values.join(',')}]`;
}

function levelText(r: Rand): string {
  const opts = ['99.99999999999999', '1e-15', '1e-300', '50', '80', '95', '80', '95', '99', '0', '100', '99.9999', '0.0000001', '"95"', '-5', '1e308', 'NaN'];
  const n = int(r, 1, 3);
  return `[${Array.from({ length: n }, () => pick(r, opts)).join(',')}]`;
}

function bodyText(r: Rand): string {
  const u = r();
  const parts: string[] = [];
  if (r() < 0.95) parts.push(`"series":${seriesText(r)}`);
  if (r() < 0.95) parts.push(`"horizon":${pick(r, ['1', '3', '12', '48', '1', '3', '12', '48', '0', '-1', '1.5', '1000', '1001', '1e9', '"3"', 'null', '1e308'])}`);
  if (r() < 0.5) parts.push(`"level":${levelText(r)}`);
  if (r() < 0.2) parts.push(`"season_length":${pick(r, ['1', '4', '7', '12', '0', '10000', '2.5', '"x"'])}`);
  if (r() < 0.05) parts.push(`"${pick(r, ['extra', 'tempo-AAAAAAAAAAAAAAAA-BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', 'x'.repeat(300), 'sk_live_Zq3v9Pp2Lk8Hx7Ww4Ee1Rr6Tt5Yy0Uu'])}":1`);
  if (r() < 0.05) parts.push(`"horizon":${int(r, 1, 5)}`); // duplicate key
  let text = `{${parts.join(',')}}`;
  if (u < 0.03) text = text.slice(0, int(r, 0, text.length)); // truncated
  else if (u < 0.05) text = `\uFEFF${text}`; // BOM
  else if (u < 0.06) text = '['.repeat(int(r, 10, 5000)) + ']'.repeat(int(r, 0, 10));
  else if (u < 0.07) text = `{"series":${'['.repeat(int(r, 2, 100000))}`;
  else if (u < 0.08) text = `${text}garbage`;
  else if (u < 0.09) text = pick(r, ['', 'null', '1', '"s"', 'true', '[]', '{}', '{"series":[1],"horizon":2,}']);
  return text;
}

const AUTH_VARIANTS = (key: string): Array<Array<[string, string]>> => [
  [['Authorization', `Bearer ${key}`]],
  [['Authorization', `bearer ${key}`]],
  [['Authorization', `Bearer  ${key}  `]],
  [['Authorization', key]],
  [['Authorization', 'Bearer']],
  [['Authorization', `Basic ${Buffer.from(`u:${key}`).toString('base64')}`]],
  [['Authorization', `Bearer ${key}x`]],
  [['Authorization', `Bearer ${key.slice(0, -1)}`]],
  [['Authorization', `Bearer ${key}`], ['Authorization', `Bearer ${key}`]],
  [['Authorization', `Bearer ${'A'.repeat(9000)}`]],
  [['Authorization', `Bearer tempo-${'a'.repeat(16)}-${'b'.repeat(49)}`]],
  [],
];

const PATHS = ['/tempo/v1/forecast', '/tempo/v1/forecast', '/tempo/v1/forecast', '/TEMPO/v1/forecast', '/tempo/v1/forecast?x=1', '/%00/v1/forecast',
  '/../../etc/passwd', '//v1/forecast', `/${'m'.repeat(3000)}/v1/forecast`, '/tempo/v1/forecast/', '/tempo/v1/validate', '/v1/models', '/healthz', '/%E0%A4%A/v1/forecast'];

interface Case { bytes: Buffer; kind: string }

function makeCase(r: Rand, key: string, big: { e5: string; e6: string }): Case {
  const u = r();
  let body: Buffer = Buffer.from(bodyText(r), 'utf8');
  let kind = 'body';
  const headers: Array<[string, string]> = [];
  let path = '/tempo/v1/forecast';
  let method = 'POST';
  let auth = AUTH_VARIANTS(key)[0];
  if (u < 0.2) {
    auth = pick(r, AUTH_VARIANTS(key));
    kind = 'auth';
  } else if (u < 0.28) {
    path = pick(r, PATHS);
    method = pick(r, ['POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS', 'HEAD']);
    kind = 'path';
  }
  headers.push(...auth);
  const ct = r() < 0.92 ? 'application/json' : pick(r, ['text/plain', 'application/json; charset=latin1', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', '']);
  if (ct !== '') headers.push(['Content-Type', ct]);
  if (r() < 0.1) headers.push(['X-Request-Id', pick(r, [key, `id-${int(r, 0, 1e6)}`, 'x'.repeat(200), 'bad id', key.slice(6)])]);
  const g = r();
  if (g < 0.003) { body = Buffer.from(big.e5); kind = '1e5 points'; }
  else if (g < 0.005) { body = Buffer.from(big.e6); kind = '1e6 points'; }
  else if (g < 0.04) { body = gzipSync(body); headers.push(['Content-Encoding', 'gzip']); kind = 'gzip'; }
  else if (g < 0.045) { body = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)); headers.push(['Content-Encoding', 'gzip']); kind = 'gzip bomb'; }
  else if (g < 0.05) { body = Buffer.from([0x1f, 0x8b, 0x08, 0, 1, 2, 3]); headers.push(['Content-Encoding', 'gzip']); kind = 'broken gzip'; }
  else if (g < 0.055) { headers.push(['Content-Encoding', 'br']); kind = 'encoding'; }
  else if (g < 0.06) { body = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]); kind = 'not utf-8'; }
  if (r() < 0.03) {
    // chunked with a bad size line, with the key right behind it
    const bytes = Buffer.concat([requestBytes(method, path, [...headers, ['Transfer-Encoding', 'chunked']]), Buffer.from(`zz\r\n${key}\r\n0\r\n\r\n`)]);
    return { bytes, kind: 'bad chunk' };
  }
  if (r() < 0.03 && method !== 'HEAD') {
    // (not after HEAD: its answer's Content-Length describes no body, which a byte-level reader cannot tell)
    // a valid request with a malformed one (carrying the key) pipelined behind it
    const bytes = Buffer.concat([requestBytes(method, path, headers, body), Buffer.from(`POST /tempo/v1/forecast HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nBad Header\r\n\r\n`)]);
    return { bytes, kind: 'pipelined malformed' };
  }
  headers.push(['Connection', 'close']);
  return { bytes: requestBytes(method, path, headers, method === 'GET' || method === 'HEAD' ? undefined : body), kind };
}

let h: Harness;
let keys: string[];

beforeAll(async () => {
  h = await startHarness({ config: { failedAuthPerMinute: 0, workers: 2 } });
  keys = [];
  for (let i = 0; i < LANES; i++) keys.push((await h.key({ rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000 })).fullKey);
});
afterAll(async () => { await h.close(); });

describe('seeded fuzzing', () => {
  it(`answers ${CASES} fuzzed requests with no 5xx, no broken 200 and no reset`, async () => {
    const big = {
      e5: JSON.stringify({ series: Array.from({ length: 100_000 }, (_, i) => i % 97), horizon: 3 }),
      e6: JSON.stringify({ series: Array.from({ length: 1_000_000 }, (_, i) => i % 97), horizon: 3 }),
    };
    const failures: string[] = [];
    const tally = new Map<number, number>();
    let sent = 0;
    let twoHundreds = 0;
    let brokenTwoHundreds = 0;
    let fiveHundreds = 0;
    const lane = async (laneNo: number) => {
      const r = rng(SEED + laneNo);
      for (let i = laneNo; i < CASES; i += LANES) {
        const c = makeCase(r, keys[laneNo], big);
        const out: RawOutcome = await rawExchange(h.url, c.bytes, { timeoutMs: 20_000 });
        sent += 1;
        if (out.responses.length === 0) {
          failures.push(`case ${i} (${c.kind}): no answer${out.reset ? ' (reset)' : ''}`);
          continue;
        }
        for (const res of out.responses) {
          tally.set(res.status, (tally.get(res.status) ?? 0) + 1);
          if (res.status >= 500) {
            fiveHundreds += 1;
            failures.push(`case ${i} (${c.kind}): ${res.status} ${res.body.slice(0, 200)}`);
          }
          if (res.status === 200 && /forecast/.test(res.body)) {
            twoHundreds += 1;
            const problem = resultProblem(JSON.parse(res.body));
            if (problem !== null) {
              brokenTwoHundreds += 1;
              failures.push(`case ${i} (${c.kind}): 200 with ${problem.kind}`);
            }
          }
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));
    reportTarget({
      target: `5xx answers over ${sent} fuzzed requests (seed ${SEED})`,
      required: '0', measured: String(fiveHundreds), met: fiveHundreds === 0,
    });
    reportTarget({
      target: `200s with a non-finite or unordered number (of ${twoHundreds} forecasts answered 200)`,
      required: '0', measured: String(brokenTwoHundreds), met: brokenTwoHundreds === 0,
    });
    console.log('fuzz status tally', Object.fromEntries(tally));
    expect(sent).toBe(CASES);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(twoHundreds).toBeGreaterThan(CASES / 10);
  });
});
