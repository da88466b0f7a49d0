// The gate's background lane: tuning units never hold every slot, go after the forecasts queued
// before them, and are not refused by draining (their own service stops them).
import { describe, it, expect } from 'vitest';
import type { ComputePool } from '../../src/compute/pool.js';
import type { ForecastResult } from '@tempo-forecast/core';
import type { ManyScores } from '../../src/backtest/many.js';
import { ComputeDrainingError, gatePool } from '../../src/server/http/compute-gate.js';

// a pool whose tasks finish only when the test says so, recording the order they started in
function heldPool() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const hold = <T>(tag: string, value: T) => new Promise<T>((resolve) => {
    started.push(tag);
    finish.set(tag, () => resolve(value));
  });
  const pool = {
    forecast: (input: { horizon: number }) => hold(`f${input.horizon}`, { forecast: [] } as unknown as ForecastResult),
    backtest: () => Promise.reject(new Error('not used')),
    scoreMany: (input: { horizon: number }) => hold(`t${input.horizon}`, { mase: [], smape: [], mae: [], mse: [], season: [] } satisfies ManyScores),
    ready: () => Promise.resolve(),
    inFlight: () => 0,
    close: () => Promise.resolve(),
  } as unknown as ComputePool;
  return { pool, started, done: (tag: string) => finish.get(tag)!() };
}
// every hand-over in the gate is a promise callback: all of them have run before the next macrotask
const tick = () => new Promise((r) => setImmediate(r));
const unit = (h: number) => ({ values: new Float64Array(0), offsets: [0], horizon: h, windows: 1 });

describe('compute gate background lane', () => {
  it('runs background units on at most slots − 1 and keeps a slot for forecasts', async () => {
    const { pool, started, done } = heldPool();
    const gate = gatePool(pool, 2, 10, 10_000);
    const t1 = gate.scoreMany(unit(1));
    const t2 = gate.scoreMany(unit(2));
    await tick();
    expect(started).toEqual(['t1']);
    const f1 = gate.forecast({ series: [1, 2, 3], horizon: 1 });
    await tick();
    expect(started).toEqual(['t1', 'f1']);
    expect(gate.inFlight()).toBe(1);
    done('t1');
    await t1;
    await tick();
    expect(started).toEqual(['t1', 'f1', 't2']);
    done('f1');
    done('t2');
    await Promise.all([f1, t2]);
  });

  it('starts the forecasts queued before a background unit first, and a background unit before later forecasts', async () => {
    const { pool, started, done } = heldPool();
    const gate = gatePool(pool, 2, 10, 10_000);
    const a = gate.forecast({ series: [1, 2, 3], horizon: 1 });
    const b = gate.forecast({ series: [1, 2, 3], horizon: 2 });
    const f3 = gate.forecast({ series: [1, 2, 3], horizon: 3 });
    const t9 = gate.scoreMany(unit(9));
    const f4 = gate.forecast({ series: [1, 2, 3], horizon: 4 });
    await tick();
    expect(gate.waiting()).toBe(2);
    done('f1');
    await a;
    await tick();
    expect(started).toEqual(['f1', 'f2', 'f3']);
    done('f2');
    await b;
    await tick();
    expect(started).toEqual(['f1', 'f2', 'f3', 't9']);
    done('f3');
    await f3;
    await tick();
    expect(started.at(-1)).toBe('f4');
    done('t9');
    done('f4');
    await Promise.all([t9, f4]);
  });

  it('refuses waiting forecasts on drain but lets a waiting background unit run', async () => {
    const { pool, started, done } = heldPool();
    const gate = gatePool(pool, 1, 10, 10_000);
    const f1 = gate.forecast({ series: [1, 2, 3], horizon: 1 });
    const f2 = gate.forecast({ series: [1, 2, 3], horizon: 2 });
    const t5 = gate.scoreMany(unit(5));
    await tick();
    gate.drain();
    await expect(f2).rejects.toBeInstanceOf(ComputeDrainingError);
    done('f1');
    await f1;
    await tick();
    expect(started).toEqual(['f1', 't5']);
    done('t5');
    await t5;
  });
});
