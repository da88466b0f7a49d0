// Over HTTP: the target's rows first (a naive forecast against a bare echo, each server a process of
// its own, `tempo serve` as an operator starts it), then a real server in this process (SQLite in a
// temp dir, memory limits, one worker) on 127.0.0.1, so the numbers include routing, auth,
// validation, limits, the lock and the worker hop, and autocannon's throughput rows.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createComputePool } from '../src/compute/pool.js';
import { createLogger, startServer } from '../src/server/listen.js';
import { benchDataDir, forecastBody, openBenchTempo } from './bench-tempo.js';
import { startEchoServer } from './echo-server.js';
import { alternate, type Latencies, type Target } from './one-connection.js';
import { startEchoProcess, startTempoServe } from './operator-servers.js';
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

// the same ratio with the client in the servers' process (each request also pays the client's own
// turns on both sides), beside the same request sent through a worker as every forecast was before
// trivial ones ran inline
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

// the target's setup: the echo and `tempo serve` each in a process of its own, as production runs
// them, the server at its default logging (a log line per request) and again at warn; the client
// here is a third process, as a real caller is
async function echoVersusServe(seconds: number): Promise<BenchRow[]> {
  const data = await benchDataDir();
  const servers = await Promise.all([startEchoProcess(), startTempoServe(data.dir), startTempoServe(data.dir, { TEMPO_LOG_LEVEL: 'warn' })]);
  try {
    const [echo, info, warn] = await alternate([
      { url: servers[0].url, headers: { 'content-type': 'application/json' }, body: forecastBody(100) },
      naiveAt(servers[1].url, data.fullKey),
      naiveAt(servers[2].url, data.fullKey),
    ], seconds);
    const load = `; load ${loadavg()[0].toFixed(1)}`;
    return [
      row('echo n=100, own process', echo, load),
      row('POST naive n=100, tempo serve (own process, default logging)', info, `${times(info, echo)} (target ≤ 2x)${load}`),
      row('POST naive n=100, tempo serve at TEMPO_LOG_LEVEL=warn', warn, `${times(warn, echo)}${load}`),
    ];
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    data.remove();
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
    rows.push(...await echoVersusServe(SECONDS * 3));
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
