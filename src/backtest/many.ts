// Backtests many series with one configuration: each series gets up to `windows` rolling-origin
// windows (as many as fit), and one MASE and sMAPE (means over its windows). Series travel packed
// in one Float64Array so a whole chunk crosses to a worker in one transfer.
import type { CoreConfig } from '@tempo-forecast/core';
import type { Caller } from '../compute/fair-share.js';
import { windowsThatFit } from './plan.js';
import { runBacktest, type BacktestWindow, type ForecastFn } from './run.js';

/** Many series in one buffer: series i is values[offsets[i] .. offsets[i+1]) (NaN = missing). */
export interface PackedSeries {
  values: Float64Array;
  offsets: number[];
}

/** Packs series end to end; null becomes NaN. */
export function packSeries(series: ReadonlyArray<ArrayLike<number | null>>): PackedSeries {
  const offsets = [0];
  for (const s of series) offsets.push(offsets[offsets.length - 1] + s.length);
  const values = new Float64Array(offsets[offsets.length - 1]);
  series.forEach((s, i) => {
    for (let j = 0; j < s.length; j++) values[offsets[i] + j] = s[j] ?? NaN;
  });
  return { values, offsets };
}

export interface ManyInput extends PackedSeries {
  horizon: number;
  /** Most windows per series; fewer where fewer fit. */
  windows: number;
  config?: CoreConfig;
  /** Per series: a season length told, as a dated request's calendar or model would tell it. */
  seasonLengths?: Array<number | undefined>;
  /** Per series: the calendar's periods, hints the core tests on each window's data. */
  periodHints?: Array<number[] | undefined>;
  /** Quantile probabilities to forecast as well (each series then gets its scaled pinball loss). */
  quantiles?: number[];
  /** Who the chunk is for (a gated pool shares its workers fairly between callers); never sent to a worker. */
  caller?: Caller;
}

/** Per series, in order: means over its windows; NaN where no window fits (MASE also where no scale exists). */
export interface ManyScores {
  mase: number[];
  smape: number[];
  /** Mean absolute error, unscaled: lets a caller put every config on one scale per series. */
  mae: number[];
  /** Mean squared error, unscaled (RMSSE's numerator, for the same reason). */
  mse: number[];
  /** The season length the model used in the series' last window (0 where no window fits). */
  season: number[];
  /** M5's scaled pinball loss of the quantiles asked for; NaN where not asked or no scale exists. */
  spl?: number[];
}

// the mean over windows of each window's mean absolute (power 1) or squared (power 2) error on its present actuals
function meanError(windows: BacktestWindow[], power: 1 | 2): number {
  let sum = 0;
  let n = 0;
  for (const w of windows) {
    let e = 0;
    let k = 0;
    w.actual.forEach((a, j) => { if (Number.isFinite(a)) { const d = Math.abs(a - w.forecast[j]); e += power === 1 ? d : d * d; k += 1; } });
    if (k > 0) { sum += e / k; n += 1; }
  }
  return n === 0 ? NaN : sum / n;
}

/** Scores every packed series with `forecast` under one config (windows step by the horizon). */
export function backtestMany(forecast: ForecastFn, input: ManyInput): ManyScores {
  const out: Required<ManyScores> = { mase: [], smape: [], mae: [], mse: [], season: [], spl: [] };
  for (let i = 0; i + 1 < input.offsets.length; i++) {
    const series = input.values.subarray(input.offsets[i], input.offsets[i + 1]);
    const windows = Math.min(input.windows, windowsThatFit(series.length, input.horizon, input.horizon));
    if (windows === 0) {
      out.mase.push(NaN);
      out.smape.push(NaN);
      out.mae.push(NaN);
      out.mse.push(NaN);
      out.season.push(0);
      out.spl.push(NaN);
      continue;
    }
    const r = runBacktest(forecast, {
      series, horizon: input.horizon, windows, step: input.horizon, config: input.config,
      seasonLength: input.seasonLengths?.[i], periodHints: input.periodHints?.[i],
      ...(input.quantiles && input.quantiles.length > 0 ? { quantiles: input.quantiles } : {}),
    });
    out.mase.push(r.metrics.mase ?? NaN);
    out.smape.push(r.metrics.smape ?? NaN);
    out.mae.push(meanError(r.windows, 1));
    out.mse.push(meanError(r.windows, 2));
    out.season.push(r.windows[r.windows.length - 1].seasonLength);
    out.spl.push(r.metrics.spl ?? NaN);
  }
  return out;
}
