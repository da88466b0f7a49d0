// Every way the hostile review got a key out of the server, tried again: pipelined malformed
// requests, bad chunk sizes, key-named fields, key-shaped request ids and paths. Nothing may show
// the secret, in an answer or a log line; and the scan itself must catch a planted leak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../server/harness.js';
import { findLeaks, recordLogLine, scanRecord } from '../support/secret-scan.js';
import { rawExchange, requestBytes } from './raw-http.js';

let h: Harness;
let key: string;
const secretOf = (k: string) => k.split('-')[2];

beforeAll(async () => {
  h = await startHarness({ config: { logLevel: 'debug' } });
  key = (await h.key()).fullKey;
});
afterAll(async () => { await h.close(); });

function expectNowhere(texts: string[]) {
  const secret = secretOf(key);
  for (const t of texts) expect(t.includes(secret.slice(0, 16)) || t.includes(secret.slice(-16))).toBe(false);
}

describe('no secret leaves the process', () => {
  it('a malformed request pipelined behind a valid one is answered 400 and logged without its bytes', async () => {
    const valid = requestBytes('GET', '/tempo/v1/validate', [['Authorization', `Bearer ${key}`]]);
    const bad = `POST /tempo/v1/forecast HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nContent-Length: 5\r\nno colon here\r\n\r\n`;
    const out = await rawExchange(h.url, Buffer.concat([valid, Buffer.from(bad)]));
    expect(out.responses.map((r) => r.status)).toEqual([200, 400]);
    expect(out.responses[1].headers.get('content-type')).toBe('application/problem+json');
    expectNowhere([out.raw, ...h.logLines]);
    expect(h.logLines.some((l) => l.includes('refused a malformed request'))).toBe(true);
  });

  it('a bad chunk size with the key behind it is answered 400 and logged without its bytes', async () => {
    const head = requestBytes('POST', '/tempo/v1/forecast', [['Authorization', `Bearer ${key}`], ['Content-Type', 'application/json'], ['Transfer-Encoding', 'chunked']]);
    const out = await rawExchange(h.url, Buffer.concat([head, Buffer.from(`xyz\r\n${key}\r\n0\r\n\r\n`)]));
    expect(out.responses.map((r) => r.status)).toEqual([400]);
    expectNowhere([out.raw, ...h.logLines]);
  });

  it('an oversized header block is answered 431', async () => {
    const out = await rawExchange(h.url, requestBytes('GET', '/healthz', [['Authorization', `Bearer ${key}`], ['X-Pad', 'p'.repeat(40_000)]]));
    expect(out.responses.map((r) => r.status)).toEqual([431]);
    expectNowhere([out.raw, ...h.logLines]);
  });

  it('an unknown field\'s name is withheld from pointers and details, a key\'s or a plain one', async () => {
    const res = await h.forecast(key, `{"series":[1,2,3],"horizon":1,"${key}":1}`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).errors[0]).toMatchObject({ pointer: '', detail: expect.stringContaining('withheld') });
    expectNowhere([text]);
    const plain = await (await h.forecast(key, { series: [1, 2, 3], horizon: 1, colour: 1 })).json();
    expect(plain.errors[0]).toMatchObject({ pointer: '', detail: expect.stringContaining('withheld') });
    const long = await (await h.forecast(key, { series: [1, 2, 3], horizon: 1, sk_live_Zq3v9Pp2Lk8Hx7Ww: 1 })).json();
    expect(JSON.stringify(long)).not.toContain('Zq3v9Pp2Lk8Hx7Ww');
  });

  it('a key-shaped or random-looking X-Request-Id is replaced, in the header, body and log', async () => {
    for (const id of [key, secretOf(key), `trace-${secretOf(key).slice(0, 40)}`]) {
      const res = await h.forecast(null, { series: [1], horizon: 1 }, { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
      expectNowhere([await res.text()]);
    }
    expectNowhere(h.logLines);
  });

  it('a key pasted into the path is not echoed', async () => {
    const res = await fetch(`${h.url}/${key}/v1/forecast`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expectNowhere([await res.text(), ...h.logLines]);
  });

  it('the scan finds a leak when one is planted (so a clean scan means something)', async () => {
    const before = scanRecord().outputs.length;
    recordLogLine(`{"level":30,"msg":"oops ${key}"}`);
    expect((await findLeaks()).length).toBeGreaterThan(0);
    scanRecord().outputs.splice(before);
    expect(await findLeaks()).toEqual([]);
  });
});
