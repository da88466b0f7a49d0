// Over HTTP with autocannon: a real server (SQLite in a temp dir, memory limits, one worker) on
// 127.0.0.1, so the numbers include routing, auth, validation, limits, the lock and the worker hop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config/config.js';
import { createComputePool } from '../src/compute/pool.js';
import { openStore } from '../src/store/open.js';
import { createMemoryLimits } from '../src/limits/memory.js';
import { createApiKey } from '../src/keys/create.js';
import { createLogger, startServer } from '../src/server/listen.js';
import { seasonalSeries } from './fixtures.js';
import { startEchoServer } from './echo-server.js';
import { alternate, type Latencies } from './one-connection.js';
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

// the ratio the issue targets (naive p50 at most 2x the echo's), read within one run, beside the
// same request sent through a worker as every forecast was before trivial ones ran inline
function echoVersusNaive([echo, naive, viaWorker]: Latencies[]): BenchRow[] {
  const row = (name: string, l: Latencies, note: string): BenchRow => ({
    suite: 'http', name, meanUs: l.meanUs, medianUs: l.p50Us, opsPerSec: 1e6 / l.meanUs, samples: l.samples,
    note: `1 conn, alternating, p99 ${(l.p99Us / 1000).toFixed(2)} ms${l.failures ? `, ${l.failures} not 200` : ''}${note}`,
  });
  return [
    row('echo n=100 (bare node:http)', echo, ''),
    row('POST naive n=100', naive, `, p50 ${(naive.p50Us / echo.p50Us).toFixed(2)}x echo`),
    row('POST naive n=100, through a worker', viaWorker, `, p50 ${(viaWorker.p50Us / echo.p50Us).toFixed(2)}x echo`),
  ];
}

/** Requests per second and latency of a bare echo, a naive forecast, validate and of forecasts of 100 and 1,000 points. */
export async function httpSuite(): Promise<SuiteResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const config = { ...loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dir }, {}), workers: 1 };
  const store = await openStore(config);
  const limits = createMemoryLimits();
  const server = await startServer({ config, store, limits, logger: createLogger('silent') });
  // the same server, but every forecast goes to its worker (inline answers off)
  const workerPool = createComputePool({ workers: 1, timeoutMs: config.forecastTimeoutMs, inlineMaxPoints: 0 });
  const viaWorker = await startServer({ config, store, limits, pool: workerPool, logger: createLogger('silent') });
  const echo = await startEchoServer();
  try {
    // quota far above what a few seconds can use, so the limiter is exercised but never refuses
    const { fullKey } = await createApiKey(store, {
      organizationId: 'bench', projectId: 'bench', userId: 'bench', name: 'bench',
      rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000,
    }, config.keyPepper);
    // a one-model configuration of the bench organization, so the naive row is the server's own cost
    await store.createModel({ name: 'bench_naive', organizationId: 'bench', base: 'tempo', config: { model: 'naive' } });
    const body = (n: number) => JSON.stringify({ series: Array.from(seasonalSeries(n)), horizon: 24, season_length: 12 });
    // forecasts use one connection: a key runs one forecast at a time, more would measure 409s
    const loads: Load[] = [
      { name: 'GET validate', path: '/tempo/v1/validate', method: 'GET', connections: 10 },
      { name: 'POST forecast n=100', path: '/tempo/v1/forecast', method: 'POST', body: body(100), connections: 1 },
      { name: 'POST forecast n=1000', path: '/tempo/v1/forecast', method: 'POST', body: body(1000), connections: 1 },
    ];
    const naiveAt = (url: string) => ({ url: `${url}/bench_naive/v1/forecast`, headers: { authorization: `Bearer ${fullKey}`, 'content-type': 'application/json' }, body: body(100) });
    const rows: BenchRow[] = echoVersusNaive(await alternate([
      { url: echo.url, headers: { 'content-type': 'application/json' }, body: body(100) },
      naiveAt(server.url),
      naiveAt(viaWorker.url),
    ], SECONDS * 3));
    for (const load of loads) rows.push(await hit(server.url, fullKey, load));
    return { suite: 'http', rows };
  } finally {
    await echo.close();
    await viaWorker.close();
    await workerPool.close();
    await server.close();
    await limits.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runAlone(httpSuite);
