// The last look at a computed answer before it leaves: every number finite, and every interval
// ordered lower ≤ forecast ≤ upper. Pure, so the fuzzer and the middleware share one rule.

export type ResultProblem = { kind: 'non-finite' } | { kind: 'unordered'; level: string };

interface Forecastish {
  forecast?: unknown;
  intervals?: Record<string, { lower?: unknown; upper?: unknown }>;
}

function hasNonFinite(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  // JSON.stringify turns NaN and ±Infinity into null; a null where a number should be is the same fault
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((v) => v === null || hasNonFinite(v, depth + 1));
  return Object.values(value).some((v) => hasNonFinite(v, depth + 1));
}

function hasNonFiniteNumber(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  return Object.values(value).some((v) => hasNonFiniteNumber(v, depth + 1));
}

function unorderedLevel(f: Forecastish): string | null {
  if (!Array.isArray(f.forecast) || f.intervals === undefined || f.intervals === null) return null;
  for (const [level, band] of Object.entries(f.intervals)) {
    const { lower, upper } = band ?? {};
    if (!Array.isArray(lower) || !Array.isArray(upper)) continue;
    for (let i = 0; i < f.forecast.length; i++) {
      if (!(lower[i] <= f.forecast[i] && f.forecast[i] <= upper[i])) return level;
    }
  }
  return null;
}

/** The first problem with a computed response body (its forecast-shaped parts, at any depth), or null. */
export function resultProblem(body: unknown): ResultProblem | null {
  // only JSON-shaped answers are checked: a stream (ndjson) or a string is not walked
  if (body === null || typeof body !== 'object') return null;
  const proto = Object.getPrototypeOf(body);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return null;
  const parts: Forecastish[] = [];
  const collect = (v: unknown, depth: number) => {
    if (v === null || typeof v !== 'object' || depth > 4 || ArrayBuffer.isView(v)) return;
    if (Array.isArray(v)) { for (const x of v) if (x !== null && typeof x === 'object') collect(x, depth + 1); return; }
    const o = v as Record<string, unknown>;
    if ('forecast' in o) parts.push(o as Forecastish);
    for (const [k, x] of Object.entries(o)) if (k !== 'forecast' && k !== 'intervals' && k !== 'method') collect(x, depth + 1);
  };
  collect(body, 0);
  for (const p of parts) {
    const numbers = [p.forecast, p.intervals, (p as Record<string, unknown>).quantiles];
    if (numbers.some((n) => n !== undefined && hasNonFinite(n, 0))) return { kind: 'non-finite' };
    // in-sample answers say null where the model has no prediction; every number given must be finite
    const own = p as Record<string, unknown>;
    if ([own.fitted, own.fitted_intervals].some((n) => n !== undefined && hasNonFiniteNumber(n, 0))) return { kind: 'non-finite' };
    const level = unorderedLevel(p);
    if (level !== null) return { kind: 'unordered', level };
  }
  return null;
}
