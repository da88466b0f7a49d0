// Runs a rolling-origin backtest with any forecast function: each window's model sees the series
// up to its cutoff and forecasts the next `horizon` values.
import type { CoreConfig, ForecastResult } from '@tempo-forecast/core';
import { windowCutoffs } from './plan.js';
import { scoreWindows, type BacktestMetrics } from './score.js';

/** A forecast call as the core offers it (NaN = missing). */
export type ForecastFn = (series: Float64Array, horizon: number, options: {
  seasonLength?: number; periodHints?: number[]; level?: number[]; config?: CoreConfig;
  regressors?: Record<string, ArrayLike<number>>; quantiles?: number[];
}) => ForecastResult;

export interface BacktestInput {
  /** The whole series (NaN = missing). */
  series: Float64Array;
  horizon: number;
  windows: number;
  step: number;
  seasonLength?: number;
  /** the calendar's candidate periods, tested on each window's data when no season length is told */
  periodHints?: number[];
  level?: number[];
  config?: CoreConfig;
  /** regressors over the whole series and its horizon (name → n + horizon values); each window gets the rows up to its last forecast step */
  regressors?: Record<string, ArrayLike<number>>;
  quantiles?: number[];
}

export interface BacktestWindow {
  cutoff: number;
  forecast: number[];
  /** NaN where the series was missing. */
  actual: number[];
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
  quantiles?: Record<string, number[]>;
  /** The season length the model used in this window. */
  seasonLength: number;
}

export interface BacktestResult {
  windows: BacktestWindow[];
  metrics: BacktestMetrics;
}

/** Forecasts every window with `forecast` and scores them; windows must fit (see windowsThatFit). */
export function runBacktest(forecast: ForecastFn, input: BacktestInput): BacktestResult {
  const { series, horizon } = input;
  const windows: BacktestWindow[] = [];
  const scored = [];
  for (const cutoff of windowCutoffs(series.length, horizon, input.windows, input.step)) {
    const train = series.subarray(0, cutoff + 1);
    const regressors = input.regressors === undefined ? undefined
      : Object.fromEntries(Object.entries(input.regressors).map(([name, col]) => [name, Array.prototype.slice.call(col, 0, cutoff + 1 + horizon) as number[]]));
    const r = forecast(train, horizon, {
      seasonLength: input.seasonLength, periodHints: input.periodHints, level: input.level, config: input.config,
      ...(regressors ? { regressors } : {}), ...(input.quantiles ? { quantiles: input.quantiles } : {}),
    });
    const actual = Array.from(series.subarray(cutoff + 1, cutoff + 1 + horizon));
    const seasonLength = input.seasonLength ?? r.method.season_length;
    windows.push({ cutoff, forecast: r.forecast, actual, ...(r.intervals ? { intervals: r.intervals } : {}), ...(r.quantiles ? { quantiles: r.quantiles } : {}), seasonLength });
    scored.push({ train, forecast: r.forecast, actual, intervals: r.intervals, quantiles: r.quantiles, seasonLength: Math.max(1, seasonLength) });
  }
  return { windows, metrics: scoreWindows(scored) };
}
