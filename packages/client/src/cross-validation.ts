// The cross-validation call's public shapes and their mapping to and from the API's snake_case bodies.
import type { CrossValidationRequestBody, CrossValidationResponseBody } from '../../../src/common/backtest-types.js';
import type { RateLimitState } from './rate-limit.js';
import type { BatchParams, BatchRefusal, BatchSeries, ForecastInterval, ForecastParams } from './types.js';
import { batchBody, withDates, withRegressors } from './wire.js';
import type { BatchRequestBody } from '../../../src/common/types.js';

// the body's type as the server's schema has it (src/server/schemas/cross-validation-batch-request.ts)
interface CrossValidationBatchBody extends BatchRequestBody {
  windows?: number;
  step?: number;
}

export interface CrossValidateParams extends ForecastParams {
  /** Rolling-origin windows, 1 to 20; default 3. */
  windows?: number;
  /** Values between one window's cutoff and the next; default the horizon. */
  step?: number;
}

export interface BacktestWindow {
  /** Index of the last value the window's model saw (its timestamp when the request sent timestamps). */
  cutoff: number | string;
  forecast: number[];
  /** The values after the cutoff; null where the series was missing. */
  actual: Array<number | null>;
  intervals?: Record<string, ForecastInterval>;
  /** With quantiles: the window's forecast quantiles keyed by probability. */
  quantiles?: Record<string, number[]>;
}

export interface BacktestMetrics {
  /** Means over the windows; null when no window could be scored (a flat training part has no scale). */
  mase: number | null;
  smape: number | null;
  rmsse: number | null;
  /** Per level (`"80"`), the share of actual values inside the intervals, over every window. */
  coverage?: Record<string, number | null>;
  /** With quantiles: M5's scaled pinball loss, mean over the windows. */
  spl?: number | null;
}

export interface CrossValidateResult {
  windows: BacktestWindow[];
  metrics: BacktestMetrics;
  model?: string;
  /** The grid step as an ISO 8601 duration, when `timestamps` or `freq` was sent. */
  freq?: string;
  requestId: string | undefined;
  rateLimit: RateLimitState | undefined;
}

/** The request body for cross-validation params; optional fields are left out rather than sent as null. */
export function crossValidationBody(p: CrossValidateParams): CrossValidationRequestBody {
  const body: CrossValidationRequestBody = { series: [...p.series], horizon: p.horizon };
  if (p.windows !== undefined) body.windows = p.windows;
  if (p.step !== undefined) body.step = p.step;
  if (p.seasonLength !== undefined) body.season_length = p.seasonLength;
  if (p.level !== undefined) body.level = [...p.level];
  return withRegressors(withDates(body, p), p);
}

/** A cross-validation response body as a CrossValidateResult. */
export function crossValidateResult(b: CrossValidationResponseBody, requestId: string | undefined, rateLimit: RateLimitState | undefined): CrossValidateResult {
  const out: CrossValidateResult = { windows: b.windows, metrics: b.metrics, requestId, rateLimit };
  if (b.model !== undefined) out.model = b.model;
  if (b.freq !== undefined) out.freq = b.freq;
  return out;
}

/** A cross-validation batch: the batch's series and settings (no regressors) and the windows for every series. */
export interface CrossValidateBatchParams extends Omit<BatchParams, 'holidays' | 'series'> {
  series: ReadonlyArray<Omit<BatchSeries, 'regressors' | 'holidays'>>;
  /** Rolling-origin windows per series, 1 to 20; default 3. */
  windows?: number;
  /** Values between one window's cutoff and the next; default the horizon. */
  step?: number;
}

/** One series of a cross-validation batch: its windows and metrics, or why it was not backtested (see BatchRefusal). */
export type CrossValidateBatchItem =
  | { id: string; windows: BacktestWindow[]; metrics: BacktestMetrics; freq?: string }
  | BatchRefusal;

export interface CrossValidateBatchResult {
  model: string;
  /** In request order. */
  backtests: CrossValidateBatchItem[];
  requestId: string | undefined;
  rateLimit: RateLimitState | undefined;
}

/** The request body of a cross-validation batch (values checked as a batch's are). */
export function crossValidationBatchBody(p: CrossValidateBatchParams): CrossValidationBatchBody {
  const body: CrossValidationBatchBody = batchBody(p as BatchParams);
  if (p.windows !== undefined) body.windows = p.windows;
  if (p.step !== undefined) body.step = p.step;
  return body;
}
