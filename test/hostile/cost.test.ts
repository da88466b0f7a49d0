// Small bodies built to be expensive: the 72-byte intermittent request with ten levels, a short
// seeded search over bodies under 1 KB (bench/fuzz-bodies.ts), and two keys sending the 72 bytes
// back to back while a third forecasts. CPU is the server process's own (every thread), read from
// /proc; costs and latencies go to the targets table, and what is asserted is only what the
// server answered.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, fuzzSource, type FuzzBody } from '../../bench/fuzz-bodies.js';
import { recordResponse } from '../support/secret-scan.js';
import { makeKeys, startChild, type ChildServer } from './child-server.js';
import { percentile, reportTarget } from './targets.js';

/** The request that cost seconds: ten levels on a five-value intermittent series, 1,000 steps ahead. */
const TEN_LEVELS = '{"series":[0,0,0,1e6,1e6],"horizon":1000,"level":[1,2,3,4,5,6,7,8,9,10]}';
/** A time limit far above what the request should cost and well below what it cost when every level walked on its own. */
const LIMIT_MS = 1500;

let server: ChildServer;
let keys: string[];

beforeAll(async () => {
  const made = await makeKeys(3);
  keys = made.keys;
  server = await startChild(made.dataDir, { TEMPO_WORKERS: '1', TEMPO_LOG_LEVEL: 'warn', TEMPO_FORECAST_TIMEOUT_MS: String(LIMIT_MS) });
});
afterAll(async () => { await server?.stop(); });

// CPU milliseconds the server process has used (all threads), at the kernel's 10 ms tick
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function post(path: string, key: string, body: string): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body,
  });
  const text = await res.text();
  recordResponse(`${server.url}${path}`, res.headers, text);
  return { status: res.status, ms: performance.now() - t };
}

describe('cost bounded by size', () => {
  it('the 72-byte ten-level intermittent request is answered within a 1.5 s time limit', async () => {
    expect(Buffer.byteLength(TEN_LEVELS)).toBe(72);
    const before = cpuMs(server.proc.pid!);
    const answer = await post('/tempo/v1/forecast', keys[0], TEN_LEVELS);
    const cost = cpuMs(server.proc.pid!) - before;
    reportTarget({ target: 'the 72-byte ten-level intermittent request: server CPU', required: '≤ 500 ms', measured: `${cost} ms (wall ${answer.ms.toFixed(0)} ms)`, met: cost <= 500 });
    // when each level walked the count distribution on its own, this took seconds and was stopped (503)
    expect(answer.status).toBe(200);
  });

  it('a seeded search over bodies under 1 KB finds none the server fails on', async () => {
    const source = fuzzSource(7);
    const kept: Array<{ b: FuzzBody; cost: number }> = [];
    const statuses: Record<number, number> = {};
    const end = Date.now() + 20_000;
    let worst = { cost: 0, text: '', route: '' };
    for (let i = 0; Date.now() < end; i++) {
      const b = kept.length > 0 && i % 2 === 1 ? source.mutate(kept[(i >> 1) % kept.length].b) : source.fresh();
      const text = bodyText(b);
      expect(Buffer.byteLength(text)).toBeLessThan(1024);
      const before = cpuMs(server.proc.pid!);
      const { status } = await post(`/tempo/v1/${b.route}`, keys[0], text);
      const cost = cpuMs(server.proc.pid!) - before;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 200) continue;
      kept.push({ b, cost });
      kept.sort((x, y) => y.cost - x.cost);
      kept.length = Math.min(kept.length, 8);
      if (cost > worst.cost) worst = { cost, text, route: b.route };
    }
    reportTarget({
      target: `costliest body under 1 KB a 20 s search found (seed 7; answers ${JSON.stringify(statuses)}): server CPU`,
      required: '≤ 1000 ms', measured: `${worst.cost} ms (${worst.route}, ${Buffer.byteLength(worst.text)} B)`, met: worst.cost <= 1000,
    });
    console.log('costliest small body', worst);
    // a body is valid (200) or refused (400); a 5xx is a body the server could not afford or handle
    expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '400')).toEqual([]);
  });

  it('two keys sending the 72 bytes back to back leave a third key\'s small forecast answered', async () => {
    const small = JSON.stringify({ series: [3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10], horizon: 3 });
    const quiet: number[] = [];
    for (let i = 0; i < 30; i++) quiet.push((await post('/tempo/v1/forecast', keys[2], small)).ms);
    let stop = false;
    const attackers = [keys[0], keys[1]].map(async (k) => {
      const statuses: number[] = [];
      while (!stop) statuses.push((await post('/tempo/v1/forecast', k, TEN_LEVELS)).status);
      return statuses;
    });
    const during: number[] = [];
    const probeStatuses: number[] = [];
    const end = Date.now() + 5000;
    while (Date.now() < end) {
      const r = await post('/tempo/v1/forecast', keys[2], small);
      during.push(r.ms);
      probeStatuses.push(r.status);
    }
    stop = true;
    const sent = (await Promise.all(attackers)).flat();
    reportTarget({
      target: `a third key's small forecast while two keys send the 72-byte ten-level request back to back (${sent.length} sent): median / p99 (quiet ${percentile(quiet, 50).toFixed(1)} / ${percentile(quiet, 99).toFixed(1)} ms)`,
      required: 'median ≤ 5× quiet (it was 5 ms → 7.1 s)', measured: `${percentile(during, 50).toFixed(1)} / ${percentile(during, 99).toFixed(1)} ms`,
      met: percentile(during, 50) <= 5 * percentile(quiet, 50),
    });
    expect(probeStatuses.every((s) => s === 200)).toBe(true);
    expect(sent.every((s) => s === 200)).toBe(true);
  });
});
