// One behaviour suite for every Limits implementation: memory, and Redis (skipped, with the reason
// printed, only when no Redis answers and REDIS_URL is unset).
import { describe, it, expect, afterEach, afterAll } from 'vitest';
import { createMemoryLimits } from '../../src/limits/memory.js';
import { openRedisLimits } from '../../src/limits/redis.js';
import type { Limits } from '../../src/limits/types.js';
import { REDIS_URL, deleteRedisPrefix, probeRedis, uniqueName } from '../multi/backends.js';

interface Clock { now: () => number; advance(ms: number): void; }

function clockAt(ms: number): Clock {
  let t = ms;
  return { now: () => t, advance: (d) => { t += d; } };
}

// each implementation is built against an explicit clock, so window edges need no waiting
const redis = await probeRedis();
const redisPrefix = `${uniqueName('limits')}:`;
let redisTests = 0;
afterAll(async () => { if (redis.ok) await deleteRedisPrefix(redisPrefix); });

const implementations: Array<{ name: string; skip?: boolean; make: (clock: Clock) => Promise<Limits> }> = [
  { name: 'memory', make: async (clock) => createMemoryLimits({ now: clock.now }) },
  // a fresh prefix per test: every test starts from empty windows, as with a new memory instance
  { name: 'redis', skip: !redis.ok, make: (clock) => openRedisLimits({ url: REDIS_URL, prefix: `${redisPrefix}${++redisTests}:`, now: clock.now }) },
];

// an hour boundary plus 10 s: both windows started recently and end at known times
const T0 = Date.UTC(2026, 0, 1, 12, 0, 10);

for (const impl of implementations) {
  describe.skipIf(impl.skip === true)(`Limits (${impl.name})`, () => {
    let limits: Limits;
    afterEach(async () => { await limits?.close(); });

    it('admits up to the minute limit, then refuses naming the minute window', async () => {
      const clock = clockAt(T0);
      limits = await impl.make(clock);
      for (let i = 1; i <= 3; i++) {
        const r = await limits.admit('k1', 3, 100);
        expect(r.admitted).toBe(true);
        expect(r.windows.map((w) => w.name)).toEqual(['minute', 'hour']);
        expect(r.windows[0].remaining).toBe(3 - i);
        expect(r.windows[1].remaining).toBe(100 - i);
      }
      const refused = await limits.admit('k1', 3, 100);
      expect(refused.admitted).toBe(false);
      expect(refused.violated).toEqual(['minute']);
      expect(refused.retryAfterSeconds).toBe(50);
      // a refused request counts in neither window
      expect(refused.windows[1].remaining).toBe(97);
    });

    it('aligns windows to epoch multiples and resets at the boundary', async () => {
      const clock = clockAt(T0);
      limits = await impl.make(clock);
      const r = await limits.admit('k1', 1, 100);
      expect(r.windows[0].resetSeconds).toBe(50);
      expect(r.windows[1].resetSeconds).toBe(3590);
      expect((await limits.admit('k1', 1, 100)).admitted).toBe(false);
      clock.advance(50_000);
      const next = await limits.admit('k1', 1, 100);
      expect(next.admitted).toBe(true);
      expect(next.windows[0].resetSeconds).toBe(60);
      expect(next.windows[1].remaining).toBe(98);
    });

    it('refuses on the hour window across minutes and counts only admitted requests', async () => {
      const clock = clockAt(T0);
      limits = await impl.make(clock);
      expect((await limits.admit('k1', 10, 2)).admitted).toBe(true);
      clock.advance(60_000);
      expect((await limits.admit('k1', 10, 2)).admitted).toBe(true);
      clock.advance(60_000);
      const r = await limits.admit('k1', 10, 2);
      expect(r.admitted).toBe(false);
      expect(r.violated).toEqual(['hour']);
      expect(r.windows[0].remaining).toBe(10);
      expect(r.retryAfterSeconds).toBe(r.windows[1].resetSeconds);
    });

    it('names both windows when both are full', async () => {
      limits = await impl.make(clockAt(T0));
      await limits.admit('k1', 1, 1);
      const r = await limits.admit('k1', 1, 1);
      expect(r.violated.sort()).toEqual(['hour', 'minute']);
    });

    it('keeps keys apart', async () => {
      limits = await impl.make(clockAt(T0));
      await limits.admit('a', 1, 10);
      expect((await limits.admit('a', 1, 10)).admitted).toBe(false);
      expect((await limits.admit('b', 1, 10)).admitted).toBe(true);
    });

    it('peek reports the state without counting', async () => {
      limits = await impl.make(clockAt(T0));
      await limits.admit('k1', 5, 50);
      const p1 = await limits.peek('k1', 5, 50);
      const p2 = await limits.peek('k1', 5, 50);
      expect(p1).toEqual(p2);
      expect(p1.windows[0].remaining).toBe(4);
      expect(p1.windows[1].remaining).toBe(49);
      const fresh = await limits.peek('never-seen', 5, 50);
      expect(fresh.windows[0].remaining).toBe(5);
    });

    it('lets exactly one holder take the lock; release needs the right token', async () => {
      limits = await impl.make(clockAt(T0));
      const tokens = await Promise.all([1, 2, 3].map(() => limits.acquireLock('k1', 30_000)));
      const held = tokens.filter((t): t is string => t !== null);
      expect(held).toHaveLength(1);
      await limits.releaseLock('k1', 'not-the-token');
      expect(await limits.acquireLock('k1', 30_000)).toBeNull();
      await limits.releaseLock('k1', held[0]);
      const again = await limits.acquireLock('k1', 30_000);
      expect(again).not.toBeNull();
      expect(again).not.toBe(held[0]);
    });

    it('expires a lease on its own and refuses the stale token afterwards', async () => {
      const clock = clockAt(T0);
      limits = await impl.make(clock);
      const first = await limits.acquireLock('k1', 1_000);
      expect(first).not.toBeNull();
      clock.advance(1_000);
      const second = await limits.acquireLock('k1', 1_000);
      expect(second).not.toBeNull();
      expect(await limits.renewLock('k1', first!, 1_000)).toBe(false);
      // the stale holder's release must not free the new holder's lock
      await limits.releaseLock('k1', first!);
      expect(await limits.acquireLock('k1', 1_000)).toBeNull();
    });

    it('renew extends a lease the caller still holds', async () => {
      const clock = clockAt(T0);
      limits = await impl.make(clock);
      const token = await limits.acquireLock('k1', 1_000);
      clock.advance(900);
      expect(await limits.renewLock('k1', token!, 1_000)).toBe(true);
      clock.advance(900);
      expect(await limits.acquireLock('k1', 1_000)).toBeNull();
      clock.advance(200);
      expect(await limits.acquireLock('k1', 1_000)).not.toBeNull();
    });

    it('answers ping', async () => {
      limits = await impl.make(clockAt(T0));
      await expect(limits.ping()).resolves.toBeUndefined();
    });
  });
}

describe('memory limits stay bounded', () => {
  it('sweeps windows that rolled over and leases that expired', async () => {
    const clock = clockAt(T0);
    const limits = createMemoryLimits({ now: clock.now });
    for (let i = 0; i < 50; i++) await limits.admit(`k${i}`, 5, 50);
    await limits.acquireLock('k0', 1_000);
    expect(limits.size()).toBe(101);
    clock.advance(3_600_000);
    limits.sweep();
    expect(limits.size()).toBe(0);
    await limits.close();
  });
});
