// Over HTTP with autocannon: a real server (SQLite in a temp dir, memory limits, one worker) on
// 127.0.0.1, so the numbers include routing, auth, validation, limits, the lock and the worker hop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config/config.js';
import { openStore } from '../src/store/open.js';
import { createMemoryLimits } from '../src/limits/memory.js';
import { createApiKey } from '../src/keys/create.js';
import { createLogger, startServer } from '../src/server/listen.js';
import { seasonalSeries } from './fixtures.js';
import { isMain, runAlone, type BenchRow, type SuiteResult } from './harness.js';

const SECONDS = 3;

interface Load { name: string; path: string; method: 'GET' | 'POST'; body?: string; connections: number }

async function hit(url: string, key: string, load: Load): Promise<BenchRow> {
  const r = await autocannon({
    url: url + load.path, method: load.method, connections: load.connections, duration: SECONDS,
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

/** Requests per second and latency of validate and of forecasts of 100 and 1,000 points. */
export async function httpSuite(): Promise<SuiteResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const config = { ...loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dir }, {}), workers: 1 };
  const store = await openStore(config);
  const limits = createMemoryLimits();
  const server = await startServer({ config, store, limits, logger: createLogger('silent') });
  try {
    // quota far above what a few seconds can use, so the limiter is exercised but never refuses
    const { fullKey } = await createApiKey(store, {
      organizationId: 'bench', projectId: 'bench', userId: 'bench', name: 'bench',
      rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000,
    }, config.keyPepper);
    const body = (n: number) => JSON.stringify({ series: Array.from(seasonalSeries(n)), horizon: 24, season_length: 12 });
    // forecasts use one connection: a key runs one forecast at a time, more would measure 409s
    const loads: Load[] = [
      { name: 'GET validate', path: '/tempo/v1/validate', method: 'GET', connections: 10 },
      { name: 'POST forecast n=100', path: '/tempo/v1/forecast', method: 'POST', body: body(100), connections: 1 },
      { name: 'POST forecast n=1000', path: '/tempo/v1/forecast', method: 'POST', body: body(1000), connections: 1 },
    ];
    const rows: BenchRow[] = [];
    for (const load of loads) rows.push(await hit(server.url, fullKey, load));
    return { suite: 'http', rows };
  } finally {
    await server.close();
    await limits.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runAlone(httpSuite);
