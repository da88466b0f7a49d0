// Request and response shapes of the public API, shared by server and client.
import type { TunedModelBody } from './tuned-model-types.js';
import type { FieldError } from './codes.js';

/**
 * `method` in an answer: what the core fitted, as the core reports it (its ForecastMethod). Written out
 * rather than imported, so the client's declarations, which include this file, name no core package;
 * test/types/method-body.ts fails the type check when the two drift apart.
 */
export interface MethodBody {
  components: string[];
  season_length: number;
  /** present only when more than one seasonal period was used, shortest first */
  seasonal_periods?: number[];
  regressors?: Array<{ name: string; coefficient: number; terms?: Array<{ term: 'hinge'; knot: number; coefficient: number }> }>;
  regressors_dropped?: string[];
  regressors_dropped_reason?: Record<string, 'constant' | 'collinear' | 'unused'>;
  /** the ARIMA model of the regression's errors, e.g. "arima(1,0,1)(0,0,0)" */
  regression_errors?: string;
  /** with fill_missing: how many dates absent from the series' timestamps became missing values */
  filled?: number;
}

export interface ForecastRequestBody {
  series: Array<number | null>;
  horizon: number;
  season_length?: number;
  level?: number[];
  /** RFC 3339 dates or date-times with offsets, one per series value */
  timestamps?: string[];
  /** the grid step: an ISO 8601 duration or an alias */
  freq?: string;
  fitted?: boolean;
  /** known future covariates: name → series length + horizon numbers (the history, then the future values) */
  regressors?: Record<string, number[]>;
  /** a country or region code ("AU", "AU-VIC", "US-CA"): with timestamps, adds the public holidays as a regressor */
  holidays?: string;
  /** probabilities strictly between 0 and 1; the answer adds `quantiles` */
  quantiles?: number[];
  /** true: dates absent from `timestamps` become missing values (the answer's `method.filled` counts them) */
  fill_missing?: boolean;
}

export interface ForecastResponseBody {
  forecast: number[];
  intervals?: Record<string, { lower: number[]; upper: number[] }>;
  /** one per series value: the one-step-ahead in-sample prediction, null where the model has none */
  fitted?: Array<number | null>;
  fitted_intervals?: Record<string, { lower: Array<number | null>; upper: Array<number | null> }>;
  /** the forecast's quantiles, keyed by the probabilities as sent ("0.1", "0.9") */
  quantiles?: Record<string, number[]>;
  model?: string;
  method?: MethodBody;
  /** the forecast's future dates, when the request sent timestamps */
  timestamps?: string[];
  /** the grid step as an ISO 8601 duration, when the request sent timestamps or freq */
  freq?: string;
}

export type KeyStatus = 'active' | 'inactive';
export type KeyEnv = 'live' | 'test';

export interface ValidateResponseBody {
  valid: boolean;
  key_id: string;
  status: KeyStatus;
  env: KeyEnv;
  project_id: string;
  organization_id: string;
  user_id: string;
  product_id: string;
  name: string;
  expires_at: string | null;
  rate_limit_per_minute: number;
  rate_limit_per_hour: number;
}

export interface ModelInfo {
  name: string;
  default: boolean;
  base: string;
  config: Record<string, unknown>;
  created_at: string;
}

export interface ModelsResponseBody {
  organization_id: string;
  models: ModelInfo[];
  /** The organization's tuned models in every state (tuning, ready, failed), by name. */
  tuned?: TunedModelBody[];
}

/** One series of a batch request. */
export interface BatchSeriesBody {
  id: string;
  values: Array<number | null>;
  timestamps?: string[];
  season_length?: number;
  /** this series' known future covariates: name → values length + horizon numbers */
  regressors?: Record<string, number[]>;
  /** this series' holiday region, instead of the batch's */
  holidays?: string;
}

export interface BatchRequestBody {
  horizon: number;
  level?: number[];
  freq?: string;
  season_length?: number;
  /** the holiday region of every dated series that names none of its own */
  holidays?: string;
  quantiles?: number[];
  /** "skip": each invalid series is answered in its place as an error item, the rest are forecast */
  on_invalid?: 'fail' | 'skip';
  /** true: in each dated series, dates absent from its timestamps become missing values */
  fill_missing?: boolean;
  /** true: each series' answer adds its one-step-ahead in-sample predictions (and with level their intervals) */
  fitted?: boolean;
  series: BatchSeriesBody[];
}

/** One answered series of a batch: a forecast, or the model's refusal of that series alone. */
export type BatchItemBody =
  | {
    id: string; forecast: number[]; intervals?: Record<string, { lower: number[]; upper: number[] }>; quantiles?: Record<string, number[]>; timestamps?: string[]; freq?: string; method: MethodBody;
    fitted?: Array<number | null>; fitted_intervals?: Record<string, { lower: Array<number | null>; upper: Array<number | null> }>;
  }
  | { id: string | null; error: { code: 'REQUEST_INVALID'; detail: string; pointer: string; errors?: FieldError[] } };

export interface BatchResponseBody {
  model: string;
  forecasts: BatchItemBody[];
}

/** The last line of an x-ndjson batch answer that the server could not finish. */
export interface BatchStreamFailure {
  error: { code: string; detail: string; request_id: string };
}
