// Over HTTP with autocannon: a real server (SQLite in a temp dir, memory limits, one worker) on
// 127.0.0.1, so the numbers include routing, auth, validation, limits, the lock and the worker hop.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createComputePool } from '../src/compute/pool.js';
import { createLogger, startServer } from '../src/server/listen.js';
import { forecastBody, openBenchTempo } from './bench-tempo.js';
import { startEchoServer } from './echo-server.js';
import { alternate, type Latencies, type Target } from './one-connection.js';
import type { SplitServers } from './split-servers.js';
import { isMain, runAlone, type BenchRow, type SuiteResult } from './harness.js';

const SECONDS = 3;

interface Load { name: string; path: string; method: 'GET' | 'POST'; body?: string; connections: number; url?: string }

async function hit(url: string, key: string, load: Load): Promise<BenchRow> {
  const r = await autocannon({
    url: (load.url ?? url) + load.path, method: load.method, connections: load.connections, duration: SECONDS,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: load.body,
  });
  const bad = r.non2xx + r.errors + r.timeouts;
  return {
    suite: 'http', name: load.name,
    meanUs: r.latency.mean * 1000, medianUs: r.latency.p50 * 1000,
    opsPerSec: r.requests.average, samples: r.requests.total,
    note: `${load.connections} conn, p99 ${r.latency.p99} ms${bad ? `, ${bad} not 2xx` : ''}`,
  };
}

const row = (name: string, l: Latencies, note: string): BenchRow => ({
  suite: 'http', name, meanUs: l.meanUs, medianUs: l.p50Us, opsPerSec: 1e6 / l.meanUs, samples: l.samples,
  note: `1 conn, alternating, p99 ${(l.p99Us / 1000).toFixed(2)} ms${l.failures ? `, ${l.failures} not 200` : ''}${note}`,
});
const times = (l: Latencies, echo: Latencies) => `, p50 ${(l.p50Us / echo.p50Us).toFixed(2)}x echo`;

// what the server adds to a trivial forecast, as a multiple of a bare echo's p50 read within one run, beside the
// same request sent through a worker as every forecast was before trivial ones ran inline
function echoVersusNaive([echo, naive, viaWorker]: Latencies[]): BenchRow[] {
  return [
    row('echo n=100 (bare node:http)', echo, ''),
    row('POST naive n=100', naive, times(naive, echo)),
    row('POST naive n=100, through a worker', viaWorker, times(viaWorker, echo)),
  ];
}

const naiveAt = (url: string, fullKey: string): Target => ({
  url: `${url}/bench_naive/v1/forecast`, headers: { authorization: `Bearer ${fullKey}`, 'content-type': 'application/json' }, body: forecastBody(100),
});

// the same two requests with the servers in a child process: a client sharing their event loop adds
// its own turns to both sides, where a real caller only adds the cross-process wake-up
async function echoVersusNaiveApart(seconds: number): Promise<BenchRow[]> {
  const child = fork(fileURLToPath(new URL('./split-servers.ts', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const servers = await new Promise<SplitServers>((resolve, reject) => {
      child.once('message', (m) => resolve(m as SplitServers));
      child.once('exit', (code) => reject(new Error(`the bench servers' process ended (${code}) before listening`)));
    });
    const [echo, naive] = await alternate([
      { url: servers.echoUrl, headers: { 'content-type': 'application/json' }, body: forecastBody(100) },
      naiveAt(servers.tempoUrl, servers.fullKey),
    ], seconds);
    return [
      row('echo n=100, servers in another process', echo, ''),
      row('POST naive n=100, servers in another process', naive, times(naive, echo)),
    ];
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.send('stop');
    else child.kill();
    await exited;
  }
}

/** Requests per second and latency of a bare echo, a naive forecast, validate and of forecasts of 100 and 1,000 points. */
export async function httpSuite(): Promise<SuiteResult> {
  const tempo = await openBenchTempo();
  const { config, store, limits, fullKey } = tempo;
  const server = await startServer({ config, store, limits, logger: createLogger('silent') });
  // the same server, but every forecast goes to its worker (inline answers off)
  const workerPool = createComputePool({ workers: 1, timeoutMs: config.forecastTimeoutMs, inlineMaxPoints: 0 });
  const viaWorker = await startServer({ config, store, limits, pool: workerPool, logger: createLogger('silent') });
  const echo = await startEchoServer();
  try {
    // forecasts use one connection: a key runs one forecast at a time, more would measure 409s
    const loads: Load[] = [
      { name: 'GET validate', path: '/tempo/v1/validate', method: 'GET', connections: 10 },
      { name: 'POST forecast n=100', path: '/tempo/v1/forecast', method: 'POST', body: forecastBody(100), connections: 1 },
      { name: 'POST forecast n=1000', path: '/tempo/v1/forecast', method: 'POST', body: forecastBody(1000), connections: 1 },
    ];
    const rows: BenchRow[] = echoVersusNaive(await alternate([
      { url: echo.url, headers: { 'content-type': 'application/json' }, body: forecastBody(100) },
      naiveAt(server.url, fullKey),
      naiveAt(viaWorker.url, fullKey),
    ], SECONDS * 3));
    rows.push(...await echoVersusNaiveApart(SECONDS * 3));
    for (const load of loads) rows.push(await hit(server.url, fullKey, load));
    return { suite: 'http', rows };
  } finally {
    await echo.close();
    await viaWorker.close();
    await workerPool.close();
    await server.close();
    await tempo.close();
  }
}

if (isMain(import.meta.url)) await runAlone(httpSuite);
