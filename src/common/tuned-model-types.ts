// The tuned-model endpoints' bodies, shared by server and client.

export interface TunedModelRequestBody {
  name: string;
  base?: string;
  training: {
    horizon: number;
    /** The step of every series; inferred from each series' timestamps when absent. */
    freq?: string;
    series: Array<{ id: string; values: Array<number | null>; timestamps?: string[] }>;
  };
}

export interface TunedModelScores { mase: number | null; rmsse?: number | null; smape: number | null; /** M5's scaled pinball loss over its nine quantiles (absent on models tuned before it was checked) */ spl?: number | null }

/** A config against the base on the same series and windows (below 1: better): `mase` is Σ MASE / Σ MASE of the base (what tuning decides on), `rmsse` the same for RMSSE (a check that must not be worse); `owa` is ½(Σ sMAPE / Σ sMAPE of the base + the MASE ratio), OWA with the base in Naive2's place, reported only; `mae` the geometric mean of the MAE ratio over (series, window) pairs (AvgRelMAE). `spl` the same for M5's scaled pinball loss of the quantiles (a check: not worse than the base beyond a tolerance). Models tuned before MASE decided lack `mase` and `rmsse`, before the pinball check `spl`. */
export interface TunedModelRelative { mase?: number | null; rmsse?: number | null; owa: number | null; mae: number | null; spl?: number | null }

/** GET /v1/models/{name} (and the 202 of POST /v1/models). */
export interface TunedModelBody {
  name: string;
  status: 'tuning' | 'ready' | 'failed';
  /** 0 to 1. */
  progress: number;
  base: string;
  /** The configuration chosen; null until ready. */
  config: Record<string, unknown> | null;
  /** null until ready; `holdout` compares the tuned config with the base on values tuning never saw. */
  report: {
    /** The metric the decision was made on (absent on models tuned before it was named). */
    metric?: 'MASE';
    windows: number;
    holdout: { tuned: TunedModelScores; base: TunedModelScores; relative?: TunedModelRelative };
    chosen: 'tuned' | 'base';
    [more: string]: unknown;
  } | null;
  /** Why it failed, when it did. */
  error?: string;
  created_at: string;
  updated_at: string;
}
