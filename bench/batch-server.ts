// The server the batch benchmark measures, in its own process so its RSS is its own: SQLite in a
// temp dir, memory limits, config from the environment as `tempo serve` reads it. Prints one JSON
// line {url, key} once it listens; answers each line "loop" on stdin with the event loop's longest
// delay (ms) since the last one, and each line "cpu" with the CPU time its process (every thread:
// the workers' too) has used so far; stops when stdin closes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/config/config.js';
import { openStore } from '../src/store/open.js';
import { createMemoryLimits } from '../src/limits/memory.js';
import { createApiKey } from '../src/keys/create.js';
import { createLogger, startServer } from '../src/server/listen.js';

const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-batch-'));
const config = loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dir }, process.env);
const store = await openStore(config);
const limits = createMemoryLimits();
const server = await startServer({ config, store, limits, logger: createLogger('silent') });
const { fullKey } = await createApiKey(store, {
  organizationId: 'bench', projectId: 'bench', userId: 'bench', name: 'bench',
  rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000,
}, config.keyPepper);
process.stdout.write(JSON.stringify({ url: server.url, key: fullKey, workers: config.workers }) + '\n');

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line.trim() === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.stdout.write(JSON.stringify({ cpuUs: user + system }) + '\n');
    return;
  }
  if (line.trim() !== 'loop') return;
  process.stdout.write(JSON.stringify({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 }) + '\n');
  loop.reset();
});
input.on('close', async () => {
  await server.close();
  await limits.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
