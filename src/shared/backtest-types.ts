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
}

export interface BacktestWindowBody {
  /** Index of the last value the window's model saw. */
  cutoff: number | string;
  forecast: number[];
  /** The values that followed the cutoff; null where the series was missing. */
  actual: Array<number | null>;
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
}

export interface BacktestMetricsBody {
  /** Means over the windows; null when no window could be scored (e.g. a flat training part gives no scale). */
  mase: number | null;
  smape: number | null;
  rmsse: number | null;
  /** Per level: the share of actual values inside that level's intervals, over every window. */
  coverage?: Record<string, number | null>;
}

export interface CrossValidationResponseBody {
  windows: BacktestWindowBody[];
  metrics: BacktestMetricsBody;
  model?: string;
  /** The grid step as an ISO 8601 duration, when timestamps or freq were sent. */
  freq?: string;
}
