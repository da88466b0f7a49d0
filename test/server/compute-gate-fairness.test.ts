// The gate shares the workers between callers: a pool standing in for piscina runs `threads` tasks
// at once and queues the rest first come first served, as piscina does. Behind the gate, a batch's
// groups must not make another caller's forecast wait behind all of them, a caller alone must
// still fill every worker, and organizations share before their keys do.
import { describe, it, expect } from 'vitest';
import type { ComputePool, ForecastGroupInput, GroupOutcome } from '../../src/compute/pool.js';
import type { ForecastResult } from '@tempo-forecast/core';
import type { Caller } from '../../src/compute/fair-share.js';
import { gatePool } from '../../src/server/http/compute-gate.js';

// tasks start in FIFO order on `threads` threads and finish when the test says so
function threadPool(threads: number) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const queue: Array<() => void> = [];
  let busy = 0;
  const task = <T>(tag: string, value: T) => new Promise<T>((resolve) => {
    const start = () => {
      busy += 1;
      started.push(tag);
      finishers.set(tag, () => {
        busy -= 1;
        resolve(value);
        queue.shift()?.();
      });
    };
    if (busy < threads) start();
    else queue.push(start);
  });
  const pool = {
    forecast: (input: { horizon: number; caller?: Caller }) => task(`${input.caller?.key ?? '?'}:f${input.horizon}`, { forecast: [] } as unknown as ForecastResult),
    forecastGroup: (input: ForecastGroupInput) => task(`${input.caller?.key ?? '?'}:g${input.horizon}`, [] as GroupOutcome[]),
    backtest: () => Promise.reject(new Error('not used')),
    scoreMany: () => Promise.reject(new Error('not used')),
    ready: () => Promise.resolve(),
    inFlight: () => busy,
    close: () => Promise.resolve(),
  } as unknown as ComputePool;
  return { pool, started, finish: (tag: string) => finishers.get(tag)!() };
}

const tick = () => new Promise((r) => setImmediate(r));
const who = (key: string, organization = 'acme'): Caller => ({ organization, key });
const group = (caller: Caller, h: number): ForecastGroupInput => ({ series: [[1, 2, 3]], horizon: h, caller });

describe('the gate shares workers between callers', () => {
  it('starts another key\'s forecast at the next free worker, ahead of a batch\'s waiting groups', async () => {
    const { pool, started, finish } = threadPool(2);
    const gate = gatePool(pool, 2, 100, 60_000);
    const batch = who('batch');
    // the batch's window: eight groups scheduled at once
    const groups = Array.from({ length: 8 }, (_, g) => gate.forecastGroup(group(batch, g)));
    await tick();
    expect(started).toEqual(['batch:g0', 'batch:g1']);
    const probe = gate.forecast({ series: [1, 2, 3], horizon: 1, caller: who('probe') });
    await tick();
    finish('batch:g0');
    await tick();
    expect(started).toEqual(['batch:g0', 'batch:g1', 'probe:f1']);
    finish('probe:f1');
    await probe;
    for (let g = 1; g < 8; g++) {
      await tick();
      finish(`batch:g${g}`);
    }
    await Promise.all(groups);
  });

  it('gives a caller alone every worker', async () => {
    const { pool, started, finish } = threadPool(3);
    const gate = gatePool(pool, 3, 100, 60_000);
    const groups = Array.from({ length: 5 }, (_, g) => gate.forecastGroup(group(who('batch'), g)));
    await tick();
    expect(started).toEqual(['batch:g0', 'batch:g1', 'batch:g2']);
    for (let g = 0; g < 5; g++) {
      finish(`batch:g${g}`);
      await tick();
    }
    await Promise.all(groups);
    expect(started).toHaveLength(5);
  });

  it('shares between organizations first: one organization\'s two busy keys get what the other\'s one key gets', async () => {
    const { pool, started, finish } = threadPool(1);
    const gate = gatePool(pool, 1, 100, 60_000);
    const blocker = gate.forecastGroup(group(who('first', 'other'), 99));
    await tick();
    const all = [
      ...Array.from({ length: 6 }, (_, g) => gate.forecastGroup(group(who('a1', 'big'), g))),
      ...Array.from({ length: 6 }, (_, g) => gate.forecastGroup(group(who('a2', 'big'), g))),
      ...Array.from({ length: 6 }, (_, g) => gate.forecastGroup(group(who('b1', 'small'), g))),
    ];
    finish('first:g99');
    await blocker;
    for (let i = 0; i < 12; i++) {
      await tick();
      finish(started.at(-1)!);
    }
    const first12 = started.slice(1, 13).map((t) => t.split(':')[0]);
    const count = (k: string) => first12.filter((x) => x === k).length;
    expect(count('b1')).toBe(6);
    expect(count('a1')).toBe(3);
    expect(count('a2')).toBe(3);
    for (let i = 12; i < 18; i++) {
      await tick();
      finish(started.at(-1)!);
    }
    await Promise.all(all);
  });
});

describe('the gate\'s waiting line', () => {
  it('times a waiting forecast out at the time limit and starts the next one in its place', async () => {
    const { pool, started, finish } = threadPool(1);
    const gate = gatePool(pool, 1, 100, 50);
    const busy = gate.forecastGroup(group(who('batch'), 0));
    const late = gate.forecast({ series: [1], horizon: 1, caller: who('late') });
    await expect(late).rejects.toThrow(/exceeded 50 ms/);
    expect(gate.waiting()).toBe(0);
    const next = gate.forecast({ series: [1], horizon: 2, caller: who('next') });
    finish('batch:g0');
    await busy;
    await tick();
    expect(started).toEqual(['batch:g0', 'next:f2']);
    finish('next:f2');
    await next;
  });
});
