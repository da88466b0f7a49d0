// Valid large answers read at an ordinary pace, against a real `tempo serve` with its default
// connection guard (4 MiB unread at most): a 64-series horizon-1,000 ten-level batch as JSON and as
// x-ndjson, and a forecast with fitted values and ten levels on 10,000 values (4.3 MB), each read at
// 2 MB/s. Each must arrive whole, and the next request from that address must be served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResponse } from '../support/secret-scan.js';
import { postReadingAt } from '../support/paced-reader.js';
import { makeKeys, startChild, type ChildServer } from './child-server.js';
import { reportTarget } from './targets.js';

const LEVELS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95];
const PACE = 2 * 1024 * 1024;
const values = (n: number, shift: number) => Array.from({ length: n }, (_, i) => 100 + 0.05 * i + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919 + shift) % 13) / 4);

let server: ChildServer;
let key: string;
beforeAll(async () => {
  const made = await makeKeys(1);
  key = made.keys[0];
  server = await startChild(made.dataDir, { TEMPO_WORKERS: '2', TEMPO_LOG_LEVEL: 'warn' });
});
afterAll(async () => { await server?.stop(); });

const headers = (accept: string) => ({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: accept });

async function nextServed(): Promise<number> {
  const res = await fetch(`${server.url}/tempo/v1/forecast`, { method: 'POST', headers: headers('application/json'), body: JSON.stringify({ series: values(24, 0), horizon: 2 }) });
  recordResponse(`${server.url}/tempo/v1/forecast`, res.headers, await res.text());
  return res.status;
}

describe('large answers, read at 2 MB/s', () => {
  const cases: Array<[string, string, string, string]> = [
    ['a 64-series horizon-1,000 ten-level batch as JSON', '/tempo/v1/forecast/batch', 'application/json',
      JSON.stringify({ horizon: 1000, level: LEVELS, series: Array.from({ length: 64 }, (_, i) => ({ id: `s${i}`, values: values(60 + i, i) })) })],
    ['the same batch as x-ndjson', '/tempo/v1/forecast/batch', 'application/x-ndjson',
      JSON.stringify({ horizon: 1000, level: LEVELS, series: Array.from({ length: 64 }, (_, i) => ({ id: `s${i}`, values: values(60 + i, i) })) })],
    ['a forecast with fitted values and ten levels on 10,000 values', '/tempo/v1/forecast', 'application/json',
      JSON.stringify({ series: values(10_000, 0), horizon: 1000, level: LEVELS, fitted: true })],
  ];
  for (const [name, path, accept, body] of cases) {
    it(`${name} arrives whole, and the next request from that address is served`, async () => {
      const answer = await postReadingAt(`${server.url}${path}`, headers(accept), body, PACE);
      recordResponse(`${server.url}${path}`, new Headers(answer.headers as Record<string, string>), answer.body);
      let parsed = true;
      try {
        if (accept === 'application/json') JSON.parse(answer.body);
        else for (const line of answer.body.trimEnd().split('\n')) if ('error' in JSON.parse(line)) parsed = false;
      } catch {
        parsed = false;
      }
      const next = await nextServed();
      const mb = (answer.body.length / 1e6).toFixed(1);
      reportTarget({
        target: `${name} (${mb} MB), read at 2 MB/s: arrives whole / next request from the address`,
        required: 'whole / 200', measured: `${answer.whole && parsed ? 'whole' : 'cut'} in ${(answer.ms / 1000).toFixed(1)} s / ${next}`,
        met: answer.whole && parsed && next === 200,
      });
      expect(answer.status).toBe(200);
      expect(answer.whole).toBe(true);
      expect(parsed).toBe(true);
      expect(next).toBe(200);
    }, 90_000);
  }
});
