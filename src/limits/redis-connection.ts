// One way to open a Redis connection for limits and invalidation: fail fast while Redis is away
// (so requests get 503 at once instead of queueing), reconnect forever in the background (so
// recovery needs no restart), and refuse to start when Redis is not there at all.
import { Redis } from 'ioredis';
import { redactUrl } from '../config/redact-url.js';

export interface RedisConnectOptions {
  /** How long one command may take before it fails (a hung Redis must not hang requests). */
  commandTimeoutMs?: number;
  /** How long the first connection may take before startup gives up. */
  connectTimeoutMs?: number;
  /** Told about connection errors (already throttled to changes of state). */
  onError?: (err: Error) => void;
}

/** Connects to `url` and resolves once Redis answers; rejects with a message naming the URL. */
export async function connectRedis(url: string, options: RedisConnectOptions = {}): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // a command in flight when the connection drops fails now; the caller answers 503
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    // once started, keep trying, at most every 2 s, so the service recovers by itself when Redis
    // returns; before that, one refusal ends the client, so nothing is left to stop (a client stopped
    // while reconnecting leaves ioredis's 2 s disconnect timer holding the process)
    retryStrategy: (attempt) => (started ? Math.min(100 * attempt, 2000) : null),
  });
  let lastError = '';
  let started = false;
  client.on('error', (err: Error) => {
    if (err.message === lastError) return;
    lastError = err.message;
    // before startup completes the failure is reported once, by the rejection below
    if (started) options.onError?.(err);
  });
  client.on('ready', () => { lastError = ''; });
  try {
    await client.connect();
    await client.ping();
    started = true;
  } catch (err) {
    if (client.status !== 'end') client.disconnect();
    // ioredis rejects with "Connection is closed."; the 'error' event said why (ECONNREFUSED, auth, DNS)
    const why = lastError || (err as Error).message;
    throw new Error(`Redis at ${redactUrl(url)} cannot be reached (${why}); `
      + 'start it or fix REDIS_URL (unset REDIS_URL to keep limits in memory on one instance)', { cause: err });
  }
  return client;
}

/** Closes a client politely when it is connected, at once otherwise. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    if (client.status === 'ready') await client.quit();
    else client.disconnect();
  } catch {
    client.disconnect();
  }
}
