// Runs one model over every series, one at a time on this thread, scoring it against the held-out test.
import { performance } from 'node:perf_hooks';
import type { Forecaster, CoreModelName } from '@tempo-forecast/core';
import type { SeriesRow } from './csv.js';
import { calendarSeason } from './calendar.js';
import { smape, mase, msis, countInside, mase1, rmsse, anyNegative, scaledPinball, M5_QUANTILES, rmsseSeasonal } from '../src/metrics/index.js';

/** Interval levels every forecast is asked for: coverage at both, MSIS (M4) at 95%. */
export const LEVELS = [80, 95];
/** Quantiles every forecast is asked for: M5's nine, for its scaled pinball loss. */
export const QUANTILES = M5_QUANTILES;

export interface SeriesResult {
  id: string;
  group: string;
  /** sMAPE and MASE of the scored forecast (the Naive2 forecast when the model failed). */
  smape: number;
  mase: number;
  naive2Smape: number;
  naive2Mase: number;
  ms: number;
  failed: boolean;
  error?: string;
  method: string[];
  season_length: number;
  /** test values inside the 80% and 95% intervals, out of `points` (the horizon). */
  in80: number;
  in95: number;
  points: number;
  /** M4's MSIS of the 95% interval. */
  msis: number;
  /** lag-1 scaled errors (the intermittent sample's yardstick; NaN when the training part is constant). */
  mase1: number;
  rmsse: number;
  /** RMSSE scaled at the season's lag (the exogenous sample's definition). */
  rmsseSeasonal: number;
  /** M5's scaled pinball loss over QUANTILES (the Naive2 forecast's when the model failed). */
  spl: number;
  /** a point forecast below 0 / a lower bound (80% or 95%) below 0. */
  negForecast: boolean;
  negBound: boolean;
  /** components Naive2 reported (normally ["naive2"]; anything else means the benchmark itself fell back). */
  naive2Method: string[];
}

export interface RunOptions {
  model: CoreModelName;
  /** true: omit the season length so the core detects the period itself. */
  blind: boolean;
  /** with blind: hand the core the periods the series' synthesised dates imply */
  calendar?: boolean;
  /** send each row's regressors (rows of the exogenous format carry them) */
  regressors?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** "source/frequency", the finest group the report uses. */
export function groupOf(row: SeriesRow): string {
  return `${row.source}/${row.frequency}`;
}

function allFinite(xs: readonly number[], h: number): boolean {
  return xs.length === h && xs.every((v) => Number.isFinite(v));
}

/** Forecasts and scores one series; a throw or a non-finite value marks it failed and scores Naive2 instead. */
export function evaluateSeries(core: Forecaster, row: SeriesRow, opts: RunOptions): SeriesResult {
  const m = row.seasonLength;
  // the benchmark is always told the season length: it is the fixed yardstick of OWA
  const bench = core.forecast(row.train, row.horizon, { seasonLength: m, level: LEVELS, quantiles: QUANTILES, config: { model: 'naive2' } });
  if (!allFinite(bench.forecast, row.horizon)) throw new Error(`${row.id}: Naive2 gave a non-finite forecast`);

  let fc: number[] = bench.forecast;
  let intervals = bench.intervals!;
  let quantiles = bench.quantiles!;
  const regressors = opts.regressors && row.regressors ? { regressors: row.regressors } : {};
  let failed = false, error: string | undefined, method: string[] = [], seasonUsed = m;
  const t0 = performance.now();
  try {
    const res = core.forecast(row.train, row.horizon, opts.blind
      ? { level: LEVELS, quantiles: QUANTILES, config: { model: opts.model }, ...regressors, ...(opts.calendar ? calendarSeason(row) : {}) }
      : { seasonLength: m, level: LEVELS, quantiles: QUANTILES, config: { model: opts.model }, ...regressors });
    method = res.method.components;
    seasonUsed = res.method.season_length;
    if (allFinite(res.forecast, row.horizon)) { fc = res.forecast; intervals = res.intervals!; quantiles = res.quantiles!; }
    else { failed = true; error = 'non-finite forecast value'; }
  } catch (e) {
    failed = true;
    error = e instanceof Error ? e.message : String(e);
  }
  const ms = performance.now() - t0;

  const n2s = smape(row.test, bench.forecast), n2m = mase(row.train, row.test, bench.forecast, m);
  return {
    id: row.id, group: groupOf(row),
    smape: failed ? n2s : smape(row.test, fc),
    mase: failed ? n2m : mase(row.train, row.test, fc, m),
    naive2Smape: n2s, naive2Mase: n2m,
    ms, failed, error, method, season_length: seasonUsed, naive2Method: bench.method.components,
    in80: countInside(row.test, intervals['80'].lower, intervals['80'].upper),
    in95: countInside(row.test, intervals['95'].lower, intervals['95'].upper),
    points: row.horizon,
    msis: msis(row.train, row.test, intervals['95'].lower, intervals['95'].upper, m, 0.05),
    mase1: mase1(row.train, row.test, fc), rmsse: rmsse(row.train, row.test, fc),
    rmsseSeasonal: rmsseSeasonal(row.train, row.test, fc, m), spl: scaledPinball(row.train, row.test, quantiles),
    negForecast: anyNegative(fc), negBound: anyNegative(intervals['80'].lower) || anyNegative(intervals['95'].lower),
  };
}

/** Evaluates every row in order (single thread, one series at a time, so the timings are per series). */
export function evaluateAll(core: Forecaster, rows: readonly SeriesRow[], opts: RunOptions): SeriesResult[] {
  const out: SeriesResult[] = [];
  rows.forEach((row, i) => {
    out.push(evaluateSeries(core, row, opts));
    opts.onProgress?.(i + 1, rows.length);
  });
  return out;
}
