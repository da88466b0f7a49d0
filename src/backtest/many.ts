// Backtests many series with one configuration: each series gets up to `windows` rolling-origin
// windows (as many as fit), and one MASE and sMAPE (means over its windows). Series travel packed
// in one Float64Array so a whole chunk crosses to a worker in one transfer.
import type { CoreConfig } from '../core/index.js';
import { windowsThatFit } from './plan.js';
import { runBacktest, type ForecastFn } from './run.js';

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
}

/** Per series, in order: mean MASE and sMAPE over its windows; NaN where no window fits or no scale exists. */
export interface ManyScores {
  mase: number[];
  smape: number[];
}

/** Scores every packed series with `forecast` under one config (windows step by the horizon). */
export function backtestMany(forecast: ForecastFn, input: ManyInput): ManyScores {
  const out: ManyScores = { mase: [], smape: [] };
  for (let i = 0; i + 1 < input.offsets.length; i++) {
    const series = input.values.subarray(input.offsets[i], input.offsets[i + 1]);
    const windows = Math.min(input.windows, windowsThatFit(series.length, input.horizon, input.horizon));
    if (windows === 0) {
      out.mase.push(NaN);
      out.smape.push(NaN);
      continue;
    }
    const r = runBacktest(forecast, { series, horizon: input.horizon, windows, step: input.horizon, config: input.config });
    out.mase.push(r.metrics.mase ?? NaN);
    out.smape.push(r.metrics.smape ?? NaN);
  }
  return out;
}
