// What only the Redis limits can show: one window and one lock across instances, leases that
// expire on Redis's own clock, nothing left behind, and behaviour while Redis is away.
import { describe, it, expect, afterAll } from 'vitest';
import { waitFor } from '../support/wait.js';
import { Redis } from 'ioredis';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openRedisLimits, type RedisLimits } from '../../src/limits/redis.js';
import { REDIS_URL, deleteRedisPrefix, probeRedis, uniqueName } from '../multi/backends.js';
import { startTcpProxy } from '../multi/tcp-proxy.js';

const run = promisify(execFile);

const redis = await probeRedis();
const prefix = `${uniqueName('redis')}:`;
let n = 0;

async function twoInstances(): Promise<[RedisLimits, RedisLimits]> {
  const p = `${prefix}${++n}:`;
  return [await openRedisLimits({ url: REDIS_URL, prefix: p }), await openRedisLimits({ url: REDIS_URL, prefix: p })];
}

describe.skipIf(!redis.ok)('Redis limits across instances', () => {
  const raw = redis.ok ? new Redis(REDIS_URL) : undefined;
  afterAll(async () => {
    raw?.disconnect();
    if (redis.ok) await deleteRedisPrefix(prefix);
  });

  it('admits exactly the limit when many requests race over two instances', async () => {
    const [a, b] = await twoInstances();
    const limit = 7;
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).admit('k', limit, 1000)));
    expect(results.filter((r) => r.admitted)).toHaveLength(limit);
    const refused = results.filter((r) => !r.admitted);
    expect(refused.every((r) => r.violated.includes('minute') && r.retryAfterSeconds >= 1)).toBe(true);
    // each admitted request saw a distinct count: no two read the same state
    expect(new Set(results.filter((r) => r.admitted).map((r) => r.windows[0].remaining)).size).toBe(limit);
    await a.close();
    await b.close();
  });

  it('lets one holder of the lock in across instances and frees it by compare-and-delete', async () => {
    const [a, b] = await twoInstances();
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).acquireLock('k', 30_000)));
    const held = tokens.filter((t): t is string => t !== null);
    expect(held).toHaveLength(1);
    await b.releaseLock('k', 'someone-else');
    expect(await a.acquireLock('k', 30_000)).toBeNull();
    await a.releaseLock('k', held[0]);
    expect(await raw!.keys(`${prefix}${n}:lock:*`)).toEqual([]);
    await a.close();
    await b.close();
  });

  it('lets a lease expire on Redis\'s own clock when its holder vanishes', async () => {
    const [a, b] = await twoInstances();
    expect(await a.acquireLock('k', 200)).not.toBeNull();
    await a.close(); // the holder dies without releasing
    expect(await b.acquireLock('k', 200)).toBeNull();
    // polled, not slept: the lease ends on Redis's clock, about 200 ms after it was taken
    expect(await waitFor('the dead holder\'s lease to expire', () => b.acquireLock('k', 30_000), 5_000)).not.toBeNull();
    await b.close();
  });

  it('gives every stored entry an expiry, so idle keys cost nothing', async () => {
    const [a] = await twoInstances();
    await a.admit('k', 5, 50);
    await a.acquireLock('k', 30_000);
    const keys = await raw!.keys(`${prefix}${n}:*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      const ttl = await raw!.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(3_601_000);
    }
    await a.close();
  });

  it('refuses to open when Redis is not there, naming the URL', async () => {
    const proxy = await startTcpProxy('127.0.0.1', 9);
    await proxy.close();
    await expect(openRedisLimits({ url: `redis://127.0.0.1:${proxy.port}`, connectTimeoutMs: 1000 }))
      .rejects.toThrow(`Redis at redis://127.0.0.1:${proxy.port}`);
  });

  it('leaves no timer or socket behind after refusing to open, so a failed start ends its process at once', async () => {
    const proxy = await startTcpProxy('127.0.0.1', 9);
    await proxy.close();
    // a fresh process, so only what the refused connection left behind is there to see
    const script = `
      import { openRedisLimits } from ${JSON.stringify(new URL('../../dist/src/limits/redis.js', import.meta.url).href)};
      await openRedisLimits({ url: 'redis://127.0.0.1:${proxy.port}', connectTimeoutMs: 1000 }).catch(() => {});
      setImmediate(() => console.log(JSON.stringify(process.getActiveResourcesInfo())));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    const left = JSON.parse(stdout) as string[];
    expect(left.filter((r) => r === 'Timeout' || r === 'TCPSocketWrap' || r === 'TCPWRAP')).toEqual([]);
  });

  it('fails fast while Redis is away and recovers by itself when it returns', async () => {
    const target = new URL(REDIS_URL);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const url = new URL(REDIS_URL);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const limits = await openRedisLimits({ url: url.toString(), prefix: `${prefix}${++n}:`, commandTimeoutMs: 1000 });
    expect((await limits.admit('k', 5, 50)).admitted).toBe(true);
    const token = await limits.acquireLock('k', 30_000);
    await proxy.cut();
    await expect(limits.admit('k', 5, 50)).rejects.toThrow();
    await expect(limits.ping()).rejects.toThrow();
    await proxy.restore();
    await waitFor('Redis to answer again', () => limits.ping().then(() => true, () => false), 10_000, 100);
    // the state survived the outage: one counted request, and the lock still ours to release
    expect((await limits.admit('k', 5, 50)).windows[0].remaining).toBe(3);
    await limits.releaseLock('k', token!);
    expect(await limits.acquireLock('k', 30_000)).not.toBeNull();
    await limits.close();
    await proxy.close();
  });
});
