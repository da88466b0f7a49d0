// Scores backtest windows with the shared metrics: means over windows of MASE, sMAPE, RMSSE and the
// scaled pinball loss of the quantiles, and pooled interval coverage per level.
import { mase, rmsse, scaledPinball, smape } from '../metrics/index.js';

/** One window ready to score: what the model saw, what it forecast, what then happened. */
export interface ScoredWindow {
  /** The values the model saw (NaN = missing). */
  train: ArrayLike<number>;
  forecast: number[];
  /** NaN where the series was missing; those steps are left out of every measure. */
  actual: ArrayLike<number>;
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
  /** the quantiles forecast, keyed by probability */
  quantiles?: Record<string, number[]>;
  /** Seasonal lag for MASE's scale (1 when the model saw no season). */
  seasonLength: number;
}

export interface BacktestMetrics {
  mase: number | null;
  smape: number | null;
  rmsse: number | null;
  coverage?: Record<string, number | null>;
  /** M5's scaled pinball loss over the quantiles asked for (present when they were) */
  spl?: number | null;
}

// the mean of the finite values, or null when there is none
function finiteMean(xs: number[]): number | null {
  const ok = xs.filter(Number.isFinite);
  if (ok.length === 0) return null;
  return ok.reduce((a, b) => a + b, 0) / ok.length;
}

/** Metrics over the windows; a window whose scale is zero or undefined is left out of that measure. */
export function scoreWindows(windows: ScoredWindow[]): BacktestMetrics {
  const m: number[] = [], s: number[] = [], r: number[] = [], p: number[] = [];
  let quantiles = false;
  const inside = new Map<string, { hit: number; total: number }>();
  for (const w of windows) {
    const idx: number[] = [];
    for (let i = 0; i < w.actual.length; i++) if (Number.isFinite(w.actual[i])) idx.push(i);
    for (const key of Object.keys(w.intervals ?? {})) if (!inside.has(key)) inside.set(key, { hit: 0, total: 0 });
    if (idx.length === 0) continue;
    const a = idx.map((i) => w.actual[i]);
    const f = idx.map((i) => w.forecast[i]);
    m.push(mase(w.train, a, f, w.seasonLength));
    s.push(smape(a, f));
    r.push(rmsse(w.train, a, f));
    if (w.quantiles !== undefined) {
      quantiles = true;
      p.push(scaledPinball(w.train, a, Object.fromEntries(Object.entries(w.quantiles).map(([k, q]) => [k, idx.map((i) => q[i])]))));
    }
    for (const [key, band] of Object.entries(w.intervals ?? {})) {
      const c = inside.get(key)!;
      for (const i of idx) {
        c.total++;
        if (w.actual[i] >= band.lower[i] && w.actual[i] <= band.upper[i]) c.hit++;
      }
    }
  }
  const out: BacktestMetrics = { mase: finiteMean(m), smape: finiteMean(s), rmsse: finiteMean(r), ...(quantiles ? { spl: finiteMean(p) } : {}) };
  if (inside.size > 0) {
    out.coverage = {};
    for (const [key, c] of inside) out.coverage[key] = c.total === 0 ? null : c.hit / c.total;
  }
  return out;
}
