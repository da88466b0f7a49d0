// Opens the limits the configuration asks for: in memory (one instance) by default, Redis (shared
// by every instance) when REDIS_URL is set.
import type { Config } from '../config/config.js';
import type { Limits } from './types.js';
import { createMemoryLimits } from './memory.js';
import { openRedisLimits } from './redis.js';

/** Memory limits, or Redis limits when `redisUrl` is set; rejects with a clear message if Redis is unreachable. */
export async function openLimits(
  config: Pick<Config, 'redisUrl'> & Partial<Pick<Config, 'backendCommandTimeoutMs' | 'backendConnectTimeoutMs'>>,
  onError?: (err: Error) => void,
): Promise<Limits> {
  if (config.redisUrl === null) return createMemoryLimits();
  return openRedisLimits({
    url: config.redisUrl,
    onError,
    commandTimeoutMs: config.backendCommandTimeoutMs,
    connectTimeoutMs: config.backendConnectTimeoutMs,
  });
}
