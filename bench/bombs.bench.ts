// Another caller's latency while three gzip bombs arrive at once, again and again: a server in a
// process of its own (bench/batch-server.ts, or TEMPO_BENCH_SERVER for another tree's), a bomber
// in another sending three 32 MiB {"horizon":[1,1,…]} bodies (32 KB of gzip each) to the batch route
// concurrently, round after round, and this process asking for a small forecast every 10 ms, first
// quiet, then during the bombs. Reports p50 and p99 of both phases, the bombs' answers, and whether
// the server lived. Run: npm run bench -- bombs (JSON in bench/results/), or standalone:
// node --import tsx bench/bombs.bench.ts
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatRows, type BenchRow, type SuiteResult } from './harness.js';
import { startServerProcess } from './server-process.js';

const QUIET_MS = 3000;
const BOMBS_MS = 8000;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

// one small forecast on a fresh connection: its latency in ms and status (0 = no answer)
function forecastOnce(url: string, key: string): Promise<{ ms: number; status: number }> {
  const body = JSON.stringify({ series: [3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10], horizon: 3 });
  const t = performance.now();
  return new Promise((resolve) => {
    const req = request(`${url}/tempo/v1/forecast`, {
      method: 'POST', agent: false,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0 }));
      res.on('error', () => resolve({ ms: performance.now() - t, status: 0 }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t, status: 0 }));
    req.end(body);
  });
}

async function probe(url: string, key: string, ms: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const r = await forecastOnce(url, key);
    if (r.status === 200) latencies.push(r.ms);
    else failed += 1;
    await new Promise((done) => setTimeout(done, 10));
  }
  return { latencies, failed };
}

// the bomber, in a process of its own so its gzip and sockets cost the prober nothing
const BOMBER = `
  const net = require('node:net');
  const zlib = require('node:zlib');
  const { url, key, ms } = JSON.parse(process.argv[1]);
  const n = 16 * 1024 * 1024;
  const bomb = zlib.gzipSync(Buffer.from('{"horizon":[' + '1,'.repeat(n) + '1]}'), { level: 9 });
  const { hostname, port } = new URL(url);
  const head = 'POST /tempo/v1/forecast/batch HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer ' + key
    + '\\r\\nContent-Type: application/json\\r\\nContent-Encoding: gzip\\r\\nConnection: close\\r\\nContent-Length: ' + bomb.length + '\\r\\n\\r\\n';
  const one = () => new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port) });
    let got = '';
    s.on('data', (d) => { got += d.toString('latin1'); });
    s.on('error', () => {});
    s.on('close', () => resolve((/^HTTP\\/1\\.1 (\\d+)/.exec(got) || [])[1] || 'none'));
    s.write(head); s.write(bomb);
    setTimeout(() => s.destroy(), 60000);
  });
  (async () => {
    const statuses = {};
    let rounds = 0;
    const end = Date.now() + ms;
    while (Date.now() < end) {
      for (const st of await Promise.all([one(), one(), one()])) statuses[st] = (statuses[st] || 0) + 1;
      rounds++;
    }
    process.stdout.write(JSON.stringify({ rounds, statuses, bombBytes: bomb.length }));
  })();
`;

/** The bombs suite: quiet and bombed p50/p99 of another caller's small forecast. */
export async function bombsSuite(): Promise<SuiteResult> {
  const server = await startServerProcess({ ...process.env, TEMPO_WORKERS: '1' });
  const { url, key } = server;
  const rows: BenchRow[] = [];
  const row = (name: string, latencies: number[], note: string) => rows.push({
    suite: 'bombs', name, meanUs: 1000 * latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
    medianUs: 1000 * percentile(latencies, 50), opsPerSec: latencies.length / ((name.startsWith('quiet') ? QUIET_MS : BOMBS_MS) / 1000), samples: latencies.length,
    note: `p99 ${percentile(latencies, 99).toFixed(1)} ms; ${note}; load ${loadavg()[0].toFixed(1)}`,
  });
  try {
    const quiet = await probe(url, key, QUIET_MS);
    row('quiet: another caller\'s small forecast', quiet.latencies, `${quiet.failed} not answered 200`);
    const bomber = spawn(process.execPath, ['-e', BOMBER, JSON.stringify({ url, key, ms: BOMBS_MS })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    bomber.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const bombed = new Promise<string>((resolve) => bomber.once('exit', () => resolve(out)));
    // the bomber gzips its bomb first: probe once it is sending
    await new Promise((done) => setTimeout(done, 1500));
    const during = await probe(url, key, BOMBS_MS - 2000);
    const result = JSON.parse((await bombed) || '{}') as { rounds?: number; statuses?: Record<string, number>; bombBytes?: number };
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    row('during three concurrent 32 MiB gzip bombs', during.latencies,
      `${during.failed} not answered 200; ${result.rounds ?? 0} rounds of 3 bombs (${((result.bombBytes ?? 0) / 1024).toFixed(0)} KB each), answers ${JSON.stringify(result.statuses ?? {})}; server ${alive ? 'up' : 'DIED'}`);
  } finally {
    await server.stop();
  }
  return { suite: 'bombs', rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await bombsSuite();
  console.log(formatRows([result]));
  console.log(JSON.stringify(result));
}
