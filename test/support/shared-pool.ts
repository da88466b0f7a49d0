// One compute pool per test process (per time limit) for the test servers that ask nothing special
// of theirs: starting a pool (a worker thread loading the core) costs about 0.3 s, and the suite
// starts some 50 such servers. Kept on globalThis, so files sharing a worker (isolate: false) share
// it too.
import { createComputePool, type ComputePool } from '../../src/compute/pool.js';
import { waitFor } from './wait.js';

const g = globalThis as typeof globalThis & { __tempoSharedPools?: Map<number, ComputePool> };
const pools = (g.__tempoSharedPools ??= new Map());

/** The process's shared one-worker pool with this per-forecast time limit, started on first use. */
export function sharedPool(timeoutMs: number): ComputePool {
  let pool = pools.get(timeoutMs);
  if (pool === undefined) {
    pool = createComputePool({ workers: 1, timeoutMs });
    pools.set(timeoutMs, pool);
  }
  return pool;
}

/**
 * Resolves once `pool`, a shared one, runs nothing, so work a test left behind (a cancelled batch's
 * group, a tuning's last chunk) never slows the next test; a pool still busy after its time limit
 * is closed instead, and the next test server starts a fresh one.
 */
export async function settleSharedPool(pool: ComputePool): Promise<void> {
  const timeoutMs = [...pools].find(([, p]) => p === pool)?.[0];
  if (timeoutMs === undefined) return;
  try {
    await waitFor('the shared pool idle', () => pool.inFlight() === 0, timeoutMs + 1000);
  } catch {
    pools.delete(timeoutMs);
    await pool.close();
  }
}
