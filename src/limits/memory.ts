// In-process limits: fixed windows and the running lock for a single instance. The Redis version
// must answer exactly the same way; test/limits/limits.test.ts runs one suite over both.
import { randomUUID } from 'node:crypto';
import type { AdmitResult, Limits, WindowState } from './types.js';

export interface MemoryLimitsOptions {
  /** Milliseconds since the epoch; injectable so window edges can be tested without waiting. */
  now?: () => number;
  /** How often expired windows and leases are swept, so memory stays bounded by active keys. */
  sweepIntervalMs?: number;
}

interface Counter {
  windowStart: number; // ms, a multiple of the window length
  count: number;
}

interface Lease {
  token: string;
  expiresAt: number;
}

const WINDOWS = [
  { name: 'minute' as const, seconds: 60 },
  { name: 'hour' as const, seconds: 3600 },
];

export interface MemoryLimits extends Limits {
  /** Drops windows that have rolled over and leases that have expired (also runs on a timer). */
  sweep(): void;
  /** Entries held (windows + leases): what the sweep keeps bounded. */
  size(): number;
}

/** Creates an in-memory Limits; windows align to epoch multiples, leases expire on their own. */
export function createMemoryLimits(options: MemoryLimitsOptions = {}): MemoryLimits {
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>(); // `${name}:${keyId}`
  const leases = new Map<string, Lease>();

  const sweep = () => {
    const t = now();
    for (const [k, c] of counters) {
      const seconds = k.startsWith('minute:') ? 60 : 3600;
      if (c.windowStart + seconds * 1000 <= t) counters.delete(k);
    }
    for (const [k, l] of leases) if (l.expiresAt <= t) leases.delete(k);
  };
  const timer = setInterval(sweep, options.sweepIntervalMs ?? 60_000);
  timer.unref();

  // current count of one window, treating a window that has rolled over as empty
  function current(name: string, seconds: number, keyId: string, t: number): Counter {
    const start = Math.floor(t / (seconds * 1000)) * seconds * 1000;
    const c = counters.get(`${name}:${keyId}`);
    return c && c.windowStart === start ? c : { windowStart: start, count: 0 };
  }

  function evaluate(keyId: string, perMinute: number, perHour: number, count: boolean): AdmitResult {
    const t = now();
    const limits = { minute: perMinute, hour: perHour };
    const states = WINDOWS.map((w) => ({ w, c: current(w.name, w.seconds, keyId, t), limit: limits[w.name] }));
    const violated = states.filter((s) => s.c.count >= s.limit).map((s) => s.w.name);
    const admitted = count && violated.length === 0;
    if (admitted) {
      for (const s of states) {
        s.c.count += 1;
        counters.set(`${s.w.name}:${keyId}`, s.c);
      }
    }
    const windows: WindowState[] = states.map((s) => ({
      name: s.w.name,
      limit: s.limit,
      remaining: Math.max(0, s.limit - s.c.count),
      resetSeconds: Math.max(1, Math.ceil((s.c.windowStart + s.w.seconds * 1000 - t) / 1000)),
      windowSeconds: s.w.seconds,
    }));
    // a refused request may retry when the latest-resetting violated window rolls over
    const retryAfterSeconds = count && !admitted
      ? Math.max(...windows.filter((w) => violated.includes(w.name)).map((w) => w.resetSeconds))
      : 0;
    return { admitted, windows, violated: count ? violated : [], retryAfterSeconds };
  }

  return {
    async admit(keyId, perMinute, perHour) {
      return evaluate(keyId, perMinute, perHour, true);
    },
    async peek(keyId, perMinute, perHour) {
      const r = evaluate(keyId, perMinute, perHour, false);
      // peek never counts; `admitted` says whether the next request would be
      return { ...r, admitted: r.windows.every((w) => w.remaining > 0) };
    },
    async acquireLock(keyId, leaseMs) {
      const t = now();
      const held = leases.get(keyId);
      if (held && held.expiresAt > t) return null;
      // randomUUID draws from Node's buffered entropy: no CSPRNG call per request
      const token = randomUUID();
      leases.set(keyId, { token, expiresAt: t + leaseMs });
      return token;
    },
    async renewLock(keyId, token, leaseMs) {
      const t = now();
      const held = leases.get(keyId);
      if (!held || held.token !== token || held.expiresAt <= t) return false;
      held.expiresAt = t + leaseMs;
      return true;
    },
    async releaseLock(keyId, token) {
      const held = leases.get(keyId);
      if (held && held.token === token) leases.delete(keyId);
    },
    sweep,
    size: () => counters.size + leases.size,
    async ping() {},
    async close() {
      clearInterval(timer);
      counters.clear();
      leases.clear();
    },
  };
}
