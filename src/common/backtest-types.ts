// The cross-validation endpoint's bodies, shared by server and client.

export interface CrossValidationRequestBody {
  series: Array<number | null>;
  horizon: number;
  windows?: number;
  step?: number;
  season_length?: number;
  level?: number[];
  timestamps?: string[];
  freq?: string;
  /** known covariates: name → series length + horizon numbers; each window uses the rows up to its last forecast step */
  regressors?: Record<string, number[]>;
  /** a country or region code: with timestamps, adds the public holidays as a regressor */
  holidays?: string;
  /** each window's forecast quantiles, and their scaled pinball loss in the metrics */
  quantiles?: number[];
}

export interface BacktestWindowBody {
  /** Index of the last value the window's model saw. */
  cutoff: number | string;
  forecast: number[];
  /** The values that followed the cutoff; null where the series was missing. */
  actual: Array<number | null>;
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
  quantiles?: Record<string, number[]>;
}

export interface BacktestMetricsBody {
  /** Means over the windows; null when no window could be scored (e.g. a flat training part gives no scale). */
  mase: number | null;
  smape: number | null;
  rmsse: number | null;
  /** Per level: the share of actual values inside that level's intervals, over every window. */
  coverage?: Record<string, number | null>;
  /** M5's scaled pinball loss of the quantiles, mean over the windows (present when quantiles were sent) */
  spl?: number | null;
}

export interface CrossValidationResponseBody {
  windows: BacktestWindowBody[];
  metrics: BacktestMetricsBody;
  model?: string;
  /** The grid step as an ISO 8601 duration, when timestamps or freq were sent. */
  freq?: string;
}

/** One series of a cross-validation batch answer: its windows and metrics, or the refusal of that series alone. */
export type CrossValidationBatchItemBody =
  | { id: string; windows: BacktestWindowBody[]; metrics: BacktestMetricsBody; freq?: string }
  | { id: string | null; error: { code: 'REQUEST_INVALID'; detail: string; pointer: string; errors?: Array<{ pointer: string; detail: string; id?: string }> } };

/** The JSON cross-validation batch answer (with Accept: application/x-ndjson, one item per line instead). */
export interface CrossValidationBatchResponseBody {
  model: string;
  backtests: CrossValidationBatchItemBody[];
}
