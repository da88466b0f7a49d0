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

/** Opens the bench's store and limits (one worker per server) with its key and `bench_naive` model. */
export async function openBenchTempo(): Promise<BenchTempo> {
  const dir = mkdtempSync(join(tmpdir(), 'tempo-bench-'));
  const config = { ...loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dir }, {}), workers: 1 };
  const store = await openStore(config);
  const limits = createMemoryLimits();
  // quota far above what a few seconds can use, so the limiter is exercised but never refuses
  const { fullKey } = await createApiKey(store, {
    organizationId: 'bench', projectId: 'bench', userId: 'bench', name: 'bench',
    rateLimitPerMinute: 1_000_000, rateLimitPerHour: 10_000_000,
  }, config.keyPepper);
  // a one-model configuration of the bench organization, so the naive row is the server's own cost
  await store.createModel({ name: 'bench_naive', organizationId: 'bench', base: 'tempo', config: { model: 'naive' } });
  return {
    config, store, limits, fullKey,
    close: async () => {
      await limits.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A forecast request body of `n` seasonal points, 24 ahead, season 12. */
export function forecastBody(n: number): string {
  return JSON.stringify({ series: Array.from(seasonalSeries(n)), horizon: 24, season_length: 12 });
}
