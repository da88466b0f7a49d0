// The worker pool against the real core: results match the in-process core, failures are typed.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import {
  createComputePool, ComputeRejectedError, ComputeTimeoutError, ComputeCrashError, ComputeOverloadedError,
  type ComputePool,
} from '../../src/compute/pool.js';
import { buildTrappingCore } from './trapping-core.js';

// a seasonal series with a trend; at 10,000 points fitting it takes far more than a millisecond
function seasonal(n: number): number[] {
  return Array.from({ length: n }, (_, i) => 100 + 0.05 * i + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919) % 13) / 4);
}

describe('compute pool', () => {
  let pool: ComputePool;
  let direct: Forecaster;
  beforeAll(async () => {
    pool = createComputePool({ workers: 1, timeoutMs: 60_000 });
    direct = await loadForecaster();
    await pool.ready();
  });
  afterAll(async () => { await pool.close(); });

  it('answers exactly what the core answers in-process, nulls read as missing', async () => {
    const series = [5, 7, null, 6, 8, 7, 9, 8, 10, null, 11, 10];
    const viaPool = await pool.forecast({ series, horizon: 4, level: [80, 95] });
    expect(viaPool).toEqual(direct.forecast(series, 4, { level: [80, 95] }));
  });

  it('passes a stored model config through to the core', async () => {
    const series = seasonal(48);
    const viaPool = await pool.forecast({ series, horizon: 3, config: { model: 'naive' } });
    expect(viaPool.method.components).toEqual(['naive']);
    expect(viaPool.forecast).toEqual([series[47], series[47], series[47]]);
  });

  it('reports a status from the core as ComputeRejectedError and keeps working', async () => {
    const err = await pool.forecast({ series: [null, null, null], horizon: 2 }).catch((e) => e);
    expect(err).toBeInstanceOf(ComputeRejectedError);
    expect((err as ComputeRejectedError).status).toBeGreaterThan(0);
    expect((await pool.forecast({ series: [3, 4], horizon: 1 })).forecast).toHaveLength(1);
  });

  it('reports how many forecasts are in flight', async () => {
    const running = pool.forecast({ series: seasonal(24), horizon: 12 });
    expect(pool.inFlight()).toBe(1);
    await running;
    expect(pool.inFlight()).toBe(0);
  });
});

describe('compute pool time limit', () => {
  it('stops a forecast past the limit with ComputeTimeoutError, then serves the next one', async () => {
    const pool = createComputePool({ workers: 1, timeoutMs: 1 });
    try {
      await pool.ready();
      const err = await pool.forecast({ series: seasonal(10_000), horizon: 100 }).catch((e) => e);
      expect(err).toBeInstanceOf(ComputeTimeoutError);
    } finally {
      await pool.close();
    }
  });
});

// built once per file: compiling the fixture costs seconds of CPU
let fixturePath: string | undefined;
const trappingCore = () => (fixturePath ??= buildTrappingCore());

describe('compute pool queue bound', () => {
  it('refuses a forecast with ComputeOverloadedError when the queue is full, without running it', async () => {
    // the fixture core never finishes a 17-value series, so the first two occupy worker and queue
    const pool = createComputePool({ workers: 1, timeoutMs: 300, maxQueue: 1, wasmPath: trappingCore() });
    try {
      await pool.ready();
      const series = new Array(17).fill(1);
      const a = pool.forecast({ series, horizon: 1 }).catch((e) => e);
      const b = pool.forecast({ series, horizon: 1 }).catch((e) => e);
      const c = await pool.forecast({ series: [1, 2], horizon: 1 }).catch((e) => e);
      expect(c).toBeInstanceOf(ComputeOverloadedError);
      // the two admitted ones ran into the time limit instead
      expect(await a).toBeInstanceOf(ComputeTimeoutError);
      expect(await b).toBeInstanceOf(ComputeTimeoutError);
    } finally {
      await pool.close();
    }
  });
});

describe('compute pool close', () => {
  it('waits for a forecast aborted by its time limit, then stops, and refuses work afterwards', async () => {
    const pool = createComputePool({ workers: 1, timeoutMs: 300, wasmPath: trappingCore() });
    await pool.ready();
    const hanging = pool.forecast({ series: new Array(17).fill(1), horizon: 1 }).catch((e) => e);
    await pool.close();
    expect(await hanging).toBeInstanceOf(ComputeTimeoutError);
    expect(await pool.forecast({ series: [1, 2], horizon: 1 }).catch((e) => e)).toBeInstanceOf(ComputeCrashError);
  });
});

describe('compute pool failures', () => {
  it('turns an unloadable core into a rejected ready()', async () => {
    const pool = createComputePool({ workers: 1, timeoutMs: 10_000, wasmPath: '/nonexistent/tempo.wasm' });
    try {
      await expect(pool.ready()).rejects.toThrow();
      const err = await pool.forecast({ series: [1, 2, 3], horizon: 1 }).catch((e) => e);
      expect(err).toBeInstanceOf(ComputeCrashError);
    } finally {
      await pool.close();
    }
  });
});

describe('compute pool after a trap', () => {
  it('fails the trapped forecast with ComputeCrashError and answers the next one on a fresh instance', async () => {
    const pool = createComputePool({ workers: 1, timeoutMs: 30_000, wasmPath: trappingCore() });
    try {
      await pool.ready();
      const err = await pool.forecast({ series: new Array(13).fill(1), horizon: 2 }).catch((e) => e);
      expect(err).toBeInstanceOf(ComputeCrashError);
      const next = await pool.forecast({ series: [1, 2, 5], horizon: 2 });
      expect(next.forecast).toEqual([5, 5]);
    } finally {
      await pool.close();
    }
  });
});
