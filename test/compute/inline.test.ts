// Trivial models on the calling thread: the same answers as a worker, without waiting for one.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  createComputePool, ComputeCrashError, ComputeRejectedError, type ComputePool, type ForecastInput,
} from '../../src/compute/pool.js';
import { INLINE_MAX_POINTS, INLINE_MODELS, runsInline } from '../../src/compute/inline.js';
import type { CoreModelName } from '@tempo-forecast/core';
import { buildTrappingCore } from './trapping-core.js';

function seasonal(n: number, phase = 0): (number | null)[] {
  return Array.from({ length: n }, (_, i) => 50 + 0.1 * i + 8 * Math.sin((2 * Math.PI * (i + phase)) / 12) + ((i * 7919) % 11) / 3);
}

describe('runsInline', () => {
  it('takes only the trivial models, and only up to the point limit', () => {
    expect(runsInline('naive', INLINE_MAX_POINTS, INLINE_MAX_POINTS)).toBe(true);
    expect(runsInline('naive', INLINE_MAX_POINTS + 1, INLINE_MAX_POINTS)).toBe(false);
    expect(runsInline('naive2', 10, 0)).toBe(false);
    for (const model of ['tempo', 'ets', 'theta', 'arima', 'sba', undefined]) expect(runsInline(model, 10, INLINE_MAX_POINTS)).toBe(false);
    for (const model of INLINE_MODELS) expect(runsInline(model, 10, INLINE_MAX_POINTS)).toBe(true);
  });
});

describe('inline forecasts', () => {
  let inline: ComputePool;
  let workerOnly: ComputePool;
  beforeAll(async () => {
    inline = createComputePool({ workers: 1, timeoutMs: 60_000 });
    workerOnly = createComputePool({ workers: 1, timeoutMs: 60_000, inlineMaxPoints: 0 });
    await Promise.all([inline.ready(), workerOnly.ready()]);
  });
  afterAll(async () => { await Promise.all([inline.close(), workerOnly.close()]); });

  it('answer exactly what the worker answers, for every inline model and option', async () => {
    const withGap = seasonal(60, 3);
    withGap[7] = null;
    withGap[59] = null;
    const cases: Omit<ForecastInput, 'config'>[] = [
      { series: seasonal(48), horizon: 12, seasonLength: 12 },
      { series: seasonal(96), horizon: 7 },
      { series: withGap, horizon: 5, level: [80, 95], fitted: true },
      { series: seasonal(INLINE_MAX_POINTS, 5), horizon: 24, periodHints: [12, 4], level: [50] },
      { series: [4, 4, 4], horizon: 2, level: [90] },
    ];
    let compared = 0;
    for (const model of INLINE_MODELS as Set<CoreModelName>) {
      for (const c of cases) {
        const input = { ...c, config: { model } };
        expect(await inline.forecast(input)).toEqual(await workerOnly.forecast(input));
        compared++;
      }
    }
    expect(compared).toBe(INLINE_MODELS.size * cases.length);
  });

  it('report a status from the core as ComputeRejectedError, as the worker does', async () => {
    const input = { series: [null, null, null], horizon: 2, config: { model: 'naive' as const } };
    const a = await inline.forecast(input).catch((e) => e);
    const b = await workerOnly.forecast(input).catch((e) => e);
    expect(a).toBeInstanceOf(ComputeRejectedError);
    expect(b).toBeInstanceOf(ComputeRejectedError);
    expect((a as ComputeRejectedError).status).toBe((b as ComputeRejectedError).status);
  });

  it('do not wait behind a long forecast holding the only worker', async () => {
    let longDone = false;
    const long = inline.forecast({ series: seasonal(5000), horizon: 48 }).then((r) => { longDone = true; return r; });
    const quick = await inline.forecast({ series: seasonal(100), horizon: 3, config: { model: 'naive' } });
    expect(quick.method.components).toEqual(['naive']);
    expect(longDone).toBe(false);
    expect((await long).forecast).toHaveLength(48);
  });
});

describe('inline forecasts after a trap', () => {
  it('fail the trapped forecast with ComputeCrashError and answer the next one on a fresh instance', async () => {
    // the fixture core traps on 13 values
    const pool = createComputePool({ workers: 1, timeoutMs: 30_000, wasmPath: buildTrappingCore() });
    try {
      await pool.ready();
      const err = await pool.forecast({ series: new Array(13).fill(1), horizon: 2, config: { model: 'naive' } }).catch((e) => e);
      expect(err).toBeInstanceOf(ComputeCrashError);
      const next = await pool.forecast({ series: [1, 2, 5], horizon: 2, config: { model: 'naive' } });
      expect(next.forecast).toEqual([5, 5]);
    } finally {
      await pool.close();
    }
  });
});
