// Reads a response's rate-limit headers (RateLimit-Policy, RateLimit, X-RateLimit-*; docs/api.md)
// into one typed state, so a caller can pace itself before the server has to refuse it.

/** One window the server enforces, from RateLimit-Policy (`"minute";q=60;w=60`). */
export interface RateLimitPolicy {
  name: string;
  /** Requests allowed per window. */
  quota: number;
  windowSeconds: number;
}

/** The tighter window's state after one response, plus every policy the server announced. */
export interface RateLimitState {
  /** Name of the window described below (e.g. `minute`), when the server named it. */
  window: string | undefined;
  limit: number | undefined;
  remaining: number | undefined;
  /** Seconds until the window resets, as of `observedAt`. */
  resetSeconds: number | undefined;
  /** Epoch milliseconds when the response was read, so `resetSeconds` can be turned into a time. */
  observedAt: number;
  policies: RateLimitPolicy[];
}

/** Header lookup: a fetch `Headers` or anything with the same `get`. */
export interface HeaderSource {
  get(name: string): string | null;
}

// Structured-field parameters: `"name";k=v;k=v`, comma-separated members; tolerant of spaces.
function members(value: string): Array<{ name: string; params: Record<string, string> }> {
  return value.split(',').map((member) => {
    const [first, ...rest] = member.split(';').map((s) => s.trim());
    const params: Record<string, string> = {};
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim();
    }
    return { name: (first ?? '').replace(/^"|"$/g, ''), params };
  }).filter((m) => m.name !== '' || Object.keys(m.params).length > 0);
}

function nonNegative(text: string | null | undefined): number | undefined {
  if (text == null || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Number(text);
}

/** The rate-limit state the headers describe, or undefined when the response carried none. */
export function parseRateLimit(headers: HeaderSource, now: number = Date.now()): RateLimitState | undefined {
  const policyHeader = headers.get('ratelimit-policy');
  const stateHeader = headers.get('ratelimit');
  const xLimit = nonNegative(headers.get('x-ratelimit-limit'));
  const xRemaining = nonNegative(headers.get('x-ratelimit-remaining'));
  const xReset = nonNegative(headers.get('x-ratelimit-reset'));
  if (policyHeader === null && stateHeader === null && xLimit === undefined && xRemaining === undefined && xReset === undefined) {
    return undefined;
  }
  const policies: RateLimitPolicy[] = [];
  for (const m of policyHeader ? members(policyHeader) : []) {
    const quota = nonNegative(m.params.q);
    const windowSeconds = nonNegative(m.params.w);
    if (quota !== undefined && windowSeconds !== undefined) policies.push({ name: m.name, quota, windowSeconds });
  }
  const state = stateHeader ? members(stateHeader)[0] : undefined;
  const window = state?.name || undefined;
  const limit = xLimit ?? policies.find((p) => p.name === window)?.quota;
  return {
    window,
    limit,
    remaining: nonNegative(state?.params.r) ?? xRemaining,
    resetSeconds: nonNegative(state?.params.t) ?? xReset,
    observedAt: now,
    policies,
  };
}

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const seconds = nonNegative(value);
  if (seconds !== undefined) return seconds;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, (at - now) / 1000) : undefined;
}
