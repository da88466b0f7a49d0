// What every HTTP bench serves from: a store in a temp dir, memory limits, a key whose quota a
// few seconds cannot use up, and a one-model configuration (`bench_naive`) of its organization.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../src/config/config.js';
import { openStore } from '../src/store/open.js';
import { createMemoryLimits } from '../src/limits/memory.js';
import { createApiKey } from '../src/keys/create.js';
import type { Limits } from '../src/limits/types.js';
import type { Store } from '../src/store/types.js';
import { seasonalSeries } from './fixtures.js';

export interface BenchTempo {
  config: Config;
  store: Store;
  limits: Limits;
  fullKey: string;
  /** Removes the store and its directory (close the servers on it first). */
  close(): Promise<void>;
}

// the bench key (a quota a few seconds cannot use up, so the limiter is exercised but never refuses)
// and a one-model configuration of its organization, so the naive row is the server's own cost
async function seedBenchStore(store: Store, config: Config): Promise<string> {
  const { fullKey } = await createApiKey(store, {
    organizationId: 'bench', projectId: 'bench', userId: 'bench', name: 'bench',
    rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000,
  }, config.keyPepper);
  await store.createModel({ name: 'bench_naive', organizationId: 'bench', base: 'tempo', config: { model: 'naive' } });
  return fullKey;
}

/** Opens the bench's store and limits (one worker per server) with its key and `bench_naive` model. */
export async function openBenchTempo(): Promise<BenchTempo> {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const config = { ...loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dir }, {}), workers: 1 };
  const store = await openStore(config);
  const limits = createMemoryLimits();
  const fullKey = await seedBenchStore(store, config);
  return {
    config, store, limits, fullKey,
    close: async () => {
      await limits.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A data directory holding the bench's key and `bench_naive` model, for a `tempo serve` of its own; `remove` deletes it. */
export async function benchDataDir(): Promise<{ dir: string; fullKey: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const config = loadConfig({ 'data-dir': dir }, {});
  const store = await openStore(config);
  let fullKey: string;
  try {
    fullKey = await seedBenchStore(store, config);
  } finally {
    await store.close();
  }
  return { dir, fullKey, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A forecast request body of `n` seasonal points, 24 ahead, season 12. */
export function forecastBody(n: number): string {
  return JSON.stringify({ series: Array.from(seasonalSeries(n)), horizon: 24, season_length: 12 });
}
