// Small request bodies built to be expensive, from a seed: short and odd series (spikes, counts,
// huge and tiny magnitudes, gaps), long horizons, many levels, fitted values, season lengths and
// calendars, on every computing route. Each body is a fresh draw or a mutation of an earlier one,
// so a search can climb towards the costliest; every body is valid JSON under `maxBytes`.
import { prng } from './fixtures.js';

/** The computing routes a body is sent to (under /tempo/v1/). */
export type FuzzRoute = 'forecast' | 'forecast/batch' | 'cross-validation' | 'anomalies';

export interface FuzzBody {
  route: FuzzRoute;
  body: Record<string, unknown>;
}

/** The draws the generator makes, from one seed. */
export interface FuzzSource {
  /** A body drawn afresh. */
  fresh(): FuzzBody;
  /** `parent` changed in one to three places. */
  mutate(parent: FuzzBody): FuzzBody;
}

const FREQS = ['PT15M', 'PT30M', 'PT1H', 'P1D', 'P1W', 'P1M', 'P3M', 'P1Y'];
const STEP_MS: Record<string, number> = { PT15M: 900_000, PT30M: 1_800_000, PT1H: 3_600_000, P1D: 86_400_000, P1W: 604_800_000 };

/** The JSON text of `b`'s body. */
export function bodyText(b: FuzzBody): string {
  return JSON.stringify(b.body);
}

/** A body source from `seed`; bodies are kept under `maxBytes` of JSON. */
export function fuzzSource(seed: number, maxBytes = 1023): FuzzSource {
  const u = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(u() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(u() * xs.length)];

  // values written short (a long decimal would spend the byte budget on digits, not on points)
  function values(n: number): Array<number | null> {
    const kind = int(0, 9);
    const big = pick([1, 9, 1e3, 1e6, 1e9, 1e15, 1e300, 1e-300, 5e-324]);
    const period = int(2, Math.max(2, Math.min(n, 24)));
    const out: Array<number | null> = [];
    let walk = 0;
    for (let t = 0; t < n; t++) {
      let v: number;
      switch (kind) {
        case 0: v = u() < 0.3 ? big * int(1, 9) : 0; break; // intermittent counts
        case 1: v = t % period === 0 ? big : 0; break; // regular spikes
        case 2: v = big; break; // constant
        case 3: walk += int(-1, 1); v = walk * big; break; // random walk
        case 4: v = (t % period) * big; break; // seasonal saw-tooth
        case 5: v = (t % 2 === 0 ? 1 : -1) * big; break; // alternating sign
        case 6: v = t * big; break; // trend
        case 7: v = int(0, 3); break; // small counts
        case 8: v = Number((big * u()).toPrecision(2)); break;
        default: v = t < n - 2 ? 0 : big; // zeros then a jump at the end
      }
      out.push(u() < 0.05 ? null : v);
    }
    // a series needs one finite value
    if (!out.some((v) => v !== null)) out[0] = 1;
    return out;
  }

  function levels(): number[] {
    const k = pick([0, 1, 2, 5, 10, 10, 10]);
    const pool = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50, 80, 90, 95, 99, 99.9, 99.99, 0.01, 0.5];
    const out = new Set<number>();
    while (out.size < k) out.add(pick(pool));
    return [...out];
  }

  function dates(n: number, freq: string): string[] | undefined {
    const step = STEP_MS[freq];
    if (step === undefined) return undefined;
    const start = Date.UTC(2024, 0, 1);
    const day = step >= 86_400_000;
    return Array.from({ length: n }, (_, t) => {
      const iso = new Date(start + t * step).toISOString();
      return day ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
    });
  }

  // a series length that leaves room for dates when it carries them
  const length = (dated: boolean) => (dated ? int(1, 36) : pick([1, 2, 3, 5, 7, int(1, 60), int(60, 240)]));
  const horizon = () => pick([1, 7, 48, 500, 1000, 1000, 1000]);
  const season = (n: number) => pick([undefined, undefined, 1, 2, 7, 12, 24, 52, 96, 168, 365, 672, 1000, n, Math.max(1, n - 1), Math.max(1, n >> 1), int(1, 5000)]);

  function forecastBody(route: 'forecast' | 'cross-validation' | 'anomalies'): Record<string, unknown> {
    const freq = u() < 0.4 ? pick(FREQS) : undefined;
    const dated = freq !== undefined && u() < 0.3;
    const n = length(dated);
    const body: Record<string, unknown> = { series: values(n) };
    if (route !== 'anomalies') body.horizon = horizon();
    const lv = levels();
    if (lv.length > 0) body.level = route === 'anomalies' ? lv.slice(0, 1) : lv;
    if (route === 'forecast' && u() < 0.5) body.fitted = true;
    const m = season(n);
    if (m !== undefined && route !== 'anomalies') body.season_length = m;
    if (freq !== undefined) body.freq = freq;
    const ts = dated && freq !== undefined ? dates(n, freq) : undefined;
    if (ts !== undefined) body.timestamps = ts;
    if (route === 'cross-validation') {
      body.windows = int(1, 20);
      body.step = pick([1, 2, int(1, 10)]);
      body.horizon = int(1, 40);
    }
    return body;
  }

  function batchBody(): Record<string, unknown> {
    const count = int(1, 12);
    const series = Array.from({ length: count }, (_, i) => ({ id: String(i), values: values(int(1, 40)) }));
    const body: Record<string, unknown> = { horizon: horizon(), series };
    const lv = levels();
    if (lv.length > 0) body.level = lv;
    if (u() < 0.3) body.freq = pick(FREQS);
    const m = season(20);
    if (m !== undefined) body.season_length = m;
    return body;
  }

  // drops series values (and dates with them) until the body fits
  function fit(b: FuzzBody): FuzzBody {
    for (let i = 0; i < 2000 && bodyText(b).length > maxBytes; i++) {
      const body = b.body;
      if (Array.isArray(body.level) && body.level.length > 0 && u() < 0.1) { body.level = body.level.slice(1); continue; }
      if (b.route === 'forecast/batch') {
        const series = body.series as Array<{ values: unknown[] }>;
        const longest = series.reduce((a, s) => (s.values.length > a.values.length ? s : a), series[0]);
        if (longest.values.length > 1) longest.values.pop();
        else series.pop();
      } else {
        const s = body.series as unknown[];
        if (s.length > 1) s.pop();
        if (Array.isArray(body.timestamps)) body.timestamps = body.timestamps.slice(0, s.length);
        if (s.length <= 1 && !Array.isArray(body.timestamps)) break;
      }
    }
    return b;
  }

  function fresh(): FuzzBody {
    const route = pick<FuzzRoute>(['forecast', 'forecast', 'forecast', 'forecast/batch', 'cross-validation', 'anomalies']);
    return fit({ route, body: route === 'forecast/batch' ? batchBody() : forecastBody(route) });
  }

  function mutate(parent: FuzzBody): FuzzBody {
    const child: FuzzBody = { route: parent.route, body: structuredClone(parent.body) };
    const b = child.body;
    for (let i = int(1, 3); i > 0; i--) {
      switch (int(0, 7)) {
        case 0: if ('horizon' in b) b.horizon = horizon(); break;
        case 1: if ('level' in b || child.route !== 'anomalies') b.level = levels(); break;
        case 2: if (child.route === 'forecast') b.fitted = !(b.fitted === true); break;
        case 3: if (child.route !== 'anomalies' && child.route !== 'forecast/batch') b.season_length = season((b.series as unknown[]).length); break;
        case 4: if (child.route === 'forecast/batch') {
          const series = b.series as Array<{ id: string; values: unknown[] }>;
          series[int(0, series.length - 1)].values = values(int(1, 40));
        } else if (!Array.isArray(b.timestamps)) b.series = values(Math.max(1, (b.series as unknown[]).length + int(-5, 20)));
          break;
        case 5: if (!Array.isArray(b.timestamps)) b.freq = pick(FREQS); break;
        case 6: delete b.season_length; break;
        default: if (Array.isArray(b.series) && !Array.isArray(b.timestamps) && child.route !== 'forecast/batch') {
          // the same values scaled: counts into huge counts, or into fractions
          const k = pick([1e3, 1e6, 1e-3, 7]);
          b.series = (b.series as Array<number | null>).map((v) => (v === null ? null : Number((v * k).toPrecision(3))));
        }
      }
    }
    if (Array.isArray(b.level) && b.level.length === 0) delete b.level;
    return fit(child);
  }

  return { fresh, mutate };
}
