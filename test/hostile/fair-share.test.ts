// One key's 2,000-series batch beside another key's small forecasts, against a real `tempo serve`
// with two workers: the batch must not hold every worker while the other waits. The probe's p99
// (quiet, and during the batch) goes to the targets table; what is asserted is that every probe and
// the whole batch were answered.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResponse } from '../support/secret-scan.js';
import { makeKeys, startChild, type ChildServer } from './child-server.js';
import { percentile, reportTarget } from './targets.js';

let server: ChildServer;
let batchKey: string;
let probeKey: string;

beforeAll(async () => {
  const made = await makeKeys(2);
  [batchKey, probeKey] = made.keys;
  server = await startChild(made.dataDir, { TEMPO_WORKERS: '2', TEMPO_LOG_LEVEL: 'warn' });
});
afterAll(async () => { await server?.stop(); });

const monthly = (n: number, seed: number) => Array.from({ length: n }, (_, t) => 100 + 0.3 * t + 12 * Math.sin((2 * Math.PI * t) / 12) + ((t * 7919 + seed * 104729) % 17) / 2);
const small = JSON.stringify({ series: [3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10], horizon: 3 });

function probeOnce(): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  return fetch(`${server.url}/tempo/v1/forecast`, {
    method: 'POST', headers: { Authorization: `Bearer ${probeKey}`, 'Content-Type': 'application/json' }, body: small,
  }).then(async (res) => {
    recordResponse(`${server.url}/tempo/v1/forecast`, res.headers, await res.text());
    return { status: res.status, ms: performance.now() - t };
  });
}

// the batch over x-ndjson, read as fast as it comes; resolves with the lines it got
function batch(body: string): Promise<{ status: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/tempo/v1/forecast/batch`, {
      method: 'POST', agent: false,
      headers: { Authorization: `Bearer ${batchKey}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      let lines = 0;
      res.on('data', (d: Buffer) => { for (const b of d) if (b === 10) lines++; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('workers shared between keys', () => {
  it('another key\'s small forecast during a 2,000-series batch', async () => {
    const quiet: number[] = [];
    for (let i = 0; i < 60; i++) quiet.push((await probeOnce()).ms);
    const body = JSON.stringify({ horizon: 18, level: [80, 95], series: Array.from({ length: 2000 }, (_, i) => ({ id: `m${i}`, values: monthly(48 + ((i * 37) % 103), i) })) });
    const t0 = Date.now();
    const running = batch(body);
    let finished = false;
    running.then(() => { finished = true; }, () => { finished = true; });
    // the batch's first groups are computing once its body is read and checked
    await new Promise((r) => setTimeout(r, 300));
    const during: Array<{ status: number; ms: number }> = [];
    while (!finished) {
      during.push(await probeOnce());
      await new Promise((r) => setTimeout(r, 10));
    }
    const answered = await running;
    const quietP99 = percentile(quiet, 99);
    const p99 = percentile(during.map((d) => d.ms), 99);
    reportTarget({
      target: `another key's small forecast during a 2,000-series batch (${((Date.now() - t0) / 1000).toFixed(1)} s, 2 workers): p99 (quiet p99 ${quietP99.toFixed(1)} ms)`,
      required: `≤ 5× quiet (${(5 * quietP99).toFixed(1)} ms)`, measured: `${p99.toFixed(1)} ms (${(p99 / quietP99).toFixed(1)}×, n=${during.length})`, met: p99 <= 5 * quietP99,
    });
    expect(answered).toEqual({ status: 200, lines: 2000 });
    expect(during.length).toBeGreaterThan(5);
    expect(during.every((d) => d.status === 200)).toBe(true);
  }, 120_000);
});
