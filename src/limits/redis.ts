// Limits shared by every instance through one Redis: both windows checked and counted in one Lua
// script, the running lock a lease with a random token (compare-and-delete release, compare-and-
// extend renewal). Answers exactly like the memory version; test/limits/limits.test.ts runs both.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AdmitResult, Limits, WindowState } from './types.js';
import { ACQUIRE_SCRIPT, ADMIT_SCRIPT, RELEASE_SCRIPT, RENEW_SCRIPT } from './redis-scripts.js';
import { closeRedis, connectRedis, type RedisConnectOptions } from './redis-connection.js';

export interface RedisLimitsOptions extends RedisConnectOptions {
  url: string;
  /** Prepended to every Redis key, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
  /** Test clock in epoch ms; by default Redis's own clock, the one every instance agrees on. */
  now?: () => number;
}

export interface RedisLimits extends Limits {
  /** The underlying client (for tests and for sharing the connection settings). */
  readonly client: Redis;
}

type WindowReply = [number, number, number, number, number, number, number];

interface ScriptCommands {
  tempoAdmit(key: string, perMinute: number, perHour: number, count: string, now: string): Promise<WindowReply>;
  tempoAcquire(key: string, token: string, leaseMs: number, now: string): Promise<number>;
  tempoRenew(key: string, token: string, leaseMs: number, now: string): Promise<number>;
  tempoRelease(key: string, token: string): Promise<number>;
}

/** The default key prefix of a deployment. */
export const DEFAULT_REDIS_PREFIX = 'tempo:';

/** Connects to Redis and returns Limits backed by it; rejects with a clear message if Redis is unreachable. */
export async function openRedisLimits(options: RedisLimitsOptions): Promise<RedisLimits> {
  const client = await connectRedis(options.url, options);
  return createRedisLimits(client, options);
}

/** Limits on an already connected client (closing them closes the client). */
export function createRedisLimits(client: Redis, options: Omit<RedisLimitsOptions, 'url'> = {}): RedisLimits {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const now = () => (options.now ? String(Math.floor(options.now())) : '');
  // defineCommand sends EVALSHA and falls back to EVAL once per connection, so scripts survive a Redis restart
  client.defineCommand('tempoAdmit', { numberOfKeys: 1, lua: ADMIT_SCRIPT });
  client.defineCommand('tempoAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
  client.defineCommand('tempoRenew', { numberOfKeys: 1, lua: RENEW_SCRIPT });
  client.defineCommand('tempoRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  const scripts = client as unknown as ScriptCommands;
  // the {braces} are a hash tag: one key's windows and lock stay on one Redis Cluster slot
  const windowsKey = (keyId: string) => `${prefix}rl:{${keyId}}`;
  const lockKey = (keyId: string) => `${prefix}lock:{${keyId}}`;

  async function evaluate(keyId: string, perMinute: number, perHour: number, count: boolean): Promise<AdmitResult> {
    const r = await scripts.tempoAdmit(windowsKey(keyId), perMinute, perHour, count ? '1' : '0', now());
    const admitted = r[0] === 1;
    const raw = [
      { name: 'minute' as const, limit: perMinute, count: r[1], resetMs: r[2], full: r[3] === 1, seconds: 60 },
      { name: 'hour' as const, limit: perHour, count: r[4], resetMs: r[5], full: r[6] === 1, seconds: 3600 },
    ];
    const windows: WindowState[] = raw.map((w) => ({
      name: w.name,
      limit: w.limit,
      remaining: Math.max(0, w.limit - w.count),
      resetSeconds: Math.max(1, Math.ceil(w.resetMs / 1000)),
      windowSeconds: w.seconds,
    }));
    const violated = count ? raw.filter((w) => w.full).map((w) => w.name) : [];
    // a refused request may retry when the latest-resetting violated window rolls over
    const retryAfterSeconds = count && !admitted
      ? Math.max(...windows.filter((w) => violated.includes(w.name)).map((w) => w.resetSeconds))
      : 0;
    return { admitted, windows, violated, retryAfterSeconds };
  }

  return {
    client,
    admit: (keyId, perMinute, perHour) => evaluate(keyId, perMinute, perHour, true),
    async peek(keyId, perMinute, perHour) {
      const r = await evaluate(keyId, perMinute, perHour, false);
      // peek never counts; `admitted` says whether the next request would be
      return { ...r, admitted: r.windows.every((w) => w.remaining > 0) };
    },
    async acquireLock(keyId, leaseMs) {
      const token = randomBytes(16).toString('hex');
      const taken = await scripts.tempoAcquire(lockKey(keyId), token, Math.max(1, Math.floor(leaseMs)), now());
      return taken === 1 ? token : null;
    },
    async renewLock(keyId, token, leaseMs) {
      return (await scripts.tempoRenew(lockKey(keyId), token, Math.max(1, Math.floor(leaseMs)), now())) === 1;
    },
    async releaseLock(keyId, token) {
      await scripts.tempoRelease(lockKey(keyId), token);
    },
    async ping() {
      await client.ping();
    },
    close: () => closeRedis(client),
  };
}
