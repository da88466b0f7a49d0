// The client's public shapes, in camelCase; wire.ts is the one place they meet the API's snake_case.
import type { KeyEnv, KeyStatus } from '../../../src/common/types.js';
import type { RateLimitState } from './rate-limit.js';

/** A `fetch` the client can call: the global one or any compatible implementation. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TempoClientOptions {
  /** `tempo-<key_id>-<secret>`; kept in a private field and never put in a message. */
  apiKey: string;
  /** Where the service answers, e.g. `https://tempo.example.com` or `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** Model name used in the path (`/{model}/v1/...`); default `tempo`. */
  model?: string;
  /** Per-attempt timeout in milliseconds (headers and body); default 60,000; `Infinity` for none. */
  timeout?: number;
  /** Retries after the first attempt for retryable failures; default 2. */
  maxRetries?: number;
  /** Longest wait a Retry-After may impose, in seconds; default 60 (longer answers are capped to it). */
  maxRetryAfter?: number;
  /** A fetch to use instead of the global one. */
  fetch?: FetchLike;
  /** First backoff step in ms for retries without Retry-After; default 500 (then 1 s, 2 s, … up to 8 s, fully jittered). */
  backoffBaseMs?: number;
  /** Wait used between retries; inject only to observe waits in tests. Must reject with the signal's reason on abort. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** Uniform [0, 1) source for jitter; default Math.random. */
  random?: () => number;
}

/** Per-call overrides. */
export interface CallOptions {
  /** The caller's cancellation: aborting stops the request or the wait at once with AbortError. */
  signal?: AbortSignal;
  /** Per-attempt timeout in ms for this call. */
  timeout?: number;
  /** Retries for this call. */
  maxRetries?: number;
  /** Model name for this call. */
  model?: string;
}

/** Known future covariates and quantiles of a forecasting call; see docs/regressors.md. */
export interface RegressorParams {
  /** Regressors: name (1–64 of `A-Za-z0-9_.-`, at most 50) → one value per series value, then one per forecast step. */
  regressors?: Readonly<Record<string, ReadonlyArray<number>>>;
  /** A country or region code (`AU`, `AU-VIC`, `US-CA`): with timestamps, the public holidays become a regressor. */
  holidays?: string;
  /** Probabilities strictly between 0 and 1 (at most 20): the answer adds `quantiles`, keyed by them. */
  quantiles?: readonly number[];
}

/** Dates of a single-series call (forecast, crossValidate, anomalies); see docs/dates.md. */
export interface DatedParams {
  /** One RFC 3339 date (`2024-01-31`) or date-time with an offset per series value, on one regular grid. */
  timestamps?: ReadonlyArray<string>;
  /** The grid step: an ISO 8601 duration (`P1M`) or alias (`M`); inferred from `timestamps` when left out. Alone it only tells the calendar. */
  freq?: string;
}

export interface ForecastParams extends DatedParams, RegressorParams {
  /** Observations in time order; `null` marks a missing value. */
  series: ReadonlyArray<number | null>;
  /** Steps to forecast. */
  horizon: number;
  /** The seasonal period when known (12 for monthly data with a yearly cycle). */
  seasonLength?: number;
  /** Prediction-interval coverages in (0, 100), e.g. `[80, 95]`. */
  level?: readonly number[];
  /** Also return the one-step-ahead in-sample predictions (`fitted`, and with `level` `fittedIntervals`). */
  fitted?: boolean;
  /** With `timestamps`: dates absent from the grid become missing values; `method.filled` counts them. */
  fillMissing?: boolean;
}

/** What the model chose for a series. */
export interface MethodInfo {
  components: string[];
  /** The season length used (the shorter period when two were); 1 when none. */
  seasonLength: number;
  /** Every seasonal period used, shortest first, present only when more than one was (hourly data: `[24, 168]`). */
  seasonalPeriods?: number[];
  /** With regressors: each one used, its coefficient (series units per unit of it) and any bends above a knot. */
  regressors?: Array<{ name: string; coefficient: number; terms?: Array<{ term: 'hinge'; knot: number; coefficient: number }> }>;
  /** With regressors: the names of those not used. */
  regressorsDropped?: string[];
  /** Why each dropped regressor was not used. */
  regressorsDroppedReason?: Record<string, 'constant' | 'collinear' | 'unused'>;
  /** The ARIMA model of the regression's errors. */
  regressionErrors?: string;
  /** With fillMissing: how many dates absent from the series' timestamps became missing values. */
  filled?: number;
}

export interface ForecastInterval {
  lower: number[];
  upper: number[];
}

export interface ForecastResult {
  forecast: number[];
  /** Keyed by the level as the server wrote it (`"80"`, `"95"`), when levels were asked for. */
  intervals?: Record<string, ForecastInterval>;
  /** Keyed by the probability as the server wrote it (`"0.1"`), when quantiles were asked for. */
  quantiles?: Record<string, number[]>;
  /** The model that answered. */
  model?: string;
  /** What the model chose for this series. */
  method?: MethodInfo;
  /** With `fitted: true`: one per series value, the one-step-ahead prediction; null where the model has none. */
  fitted?: Array<number | null>;
  /** With `fitted: true` and `level`: the predictions' intervals keyed like `intervals`; null where `fitted` is null. */
  fittedIntervals?: Record<string, { lower: Array<number | null>; upper: Array<number | null> }>;
  /** The forecast's future dates, in the form of the request's `timestamps`, when they were sent. */
  timestamps?: string[];
  /** The grid step as an ISO 8601 duration, when `timestamps` or `freq` was sent. */
  freq?: string;
  requestId: string | undefined;
  rateLimit: RateLimitState | undefined;
}

export interface ValidateResult {
  valid: boolean;
  keyId: string;
  status: KeyStatus;
  env: KeyEnv;
  projectId: string;
  organizationId: string;
  userId: string;
  productId: string;
  name: string;
  /** null when the key never expires. */
  expiresAt: Date | null;
  rateLimitPerMinute: number;
  rateLimitPerHour: number;
  requestId: string | undefined;
}

export interface ModelInfo {
  name: string;
  default: boolean;
  base: string;
  config: Record<string, unknown>;
  createdAt: Date;
}

export interface ModelsResult {
  organizationId: string;
  models: ModelInfo[];
  requestId: string | undefined;
}

/** One series of a batch: a caller-chosen id (unique in its batch, 1–128 characters) and its values. */
export interface BatchSeries {
  id: string;
  /** Observations in time order; `null` marks a missing value (NaN is refused). */
  values: ReadonlyArray<number | null>;
  /** One RFC 3339 date or date-time per value; the answer then carries the forecast's future dates. */
  timestamps?: ReadonlyArray<string>;
  /** This series' seasonal period, over the batch's. */
  seasonLength?: number;
  /** This series' regressors: name → one value per value, then one per forecast step. */
  regressors?: Readonly<Record<string, ReadonlyArray<number>>>;
  /** This series' holiday region, over the batch's. */
  holidays?: string;
}

/** What every series of a batch shares. */
export interface BatchSettings {
  horizon: number;
  level?: readonly number[];
  /** The grid step of every series (ISO 8601 duration or alias); inferred from each series' timestamps when left out. */
  freq?: string;
  /** The seasonal period of every series that does not give its own. */
  seasonLength?: number;
  /** The holiday region of every dated series that gives none of its own. */
  holidays?: string;
  /** Quantile probabilities for every series. */
  quantiles?: readonly number[];
  /** "skip": each invalid series is answered in its place as a BatchRefusal and the rest are forecast (default "fail": one refuses the batch). */
  onInvalid?: 'fail' | 'skip';
  /** Also return each series' one-step-ahead in-sample predictions (`fitted`, and with `level` `fittedIntervals`). */
  fitted?: boolean;
  /** In each series with `timestamps`, dates absent from the grid become missing values; `method.filled` counts them. */
  fillMissing?: boolean;
}

export interface BatchParams extends BatchSettings {
  series: ReadonlyArray<BatchSeries>;
}

/** One forecast series of a batch answer. */
export interface BatchForecast {
  id: string;
  forecast: number[];
  intervals?: Record<string, ForecastInterval>;
  quantiles?: Record<string, number[]>;
  /** The forecast's future dates, when the series sent timestamps. */
  timestamps?: string[];
  /** The grid step as an ISO 8601 duration, when the series sent timestamps or the batch a freq. */
  freq?: string;
  method?: MethodInfo;
  /** With `fitted: true`: one per series value, the one-step-ahead prediction; null where the model has none. */
  fitted?: Array<number | null>;
  /** With `fitted: true` and `level`: the predictions' intervals keyed like `intervals`. */
  fittedIntervals?: Record<string, { lower: Array<number | null>; upper: Array<number | null> }>;
}

/** A series the batch did not forecast (the model could not, or with onInvalid "skip" it was invalid); the rest of the batch is answered. */
export interface BatchRefusal {
  /** null only for a series set aside by "skip" that had no string id */
  id: string | null;
  /** `pointer` is into the request as sent; with "skip", `errors` lists every problem of the series */
  error: { code: string; detail: string; pointer: string; errors?: Array<{ pointer: string; detail: string }> };
}

export type BatchItem = BatchForecast | BatchRefusal;

export interface BatchResult {
  model: string;
  /** In request order. */
  forecasts: BatchItem[];
  requestId: string | undefined;
  rateLimit: RateLimitState | undefined;
}

/** Progress of forecastMany, after every answered series. */
export interface ForecastManyProgress {
  /** Series answered so far. */
  done: number;
  /** Batches sent and fully answered so far. */
  batches: number;
}

export interface ForecastManyOptions extends BatchSettings, CallOptions {
  /** Series per request; default 1000 (at most the server's batch bound, 10,000 by default). */
  batchSize?: number;
  onProgress?: (progress: ForecastManyProgress) => void;
}
