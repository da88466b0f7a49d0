// The `@tempo-forecast/client` entry: the client, its error tree and its types. Runs on any runtime with fetch.
export { TempoClient, DEFAULT_TIMEOUT_MS, DEFAULT_BATCH_SIZE, type WaitForJobOptions, type JobResultsOptions } from './client.js';
export * from './errors/index.js';
export { isRetryable, DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_AFTER_SECONDS } from './retry-policy.js';
export { parseRateLimit, parseRetryAfter, type RateLimitState, type RateLimitPolicy } from './rate-limit.js';
export type {
  TempoClientOptions, CallOptions, FetchLike, ForecastParams, ForecastResult, ForecastInterval, ValidateResult,
  ModelInfo, ModelsResult, BatchSeries, BatchSettings, BatchParams, BatchForecast, BatchRefusal, BatchItem, BatchResult,
  ForecastManyProgress, ForecastManyOptions, MethodInfo, DatedParams,
} from './types.js';
export type {
  CrossValidateParams, CrossValidateResult, BacktestWindow, BacktestMetrics, CrossValidateBatchParams, CrossValidateBatchItem, CrossValidateBatchResult,
} from './cross-validation.js';
export type { CreateModelParams, TunedModel } from './tuned-models.js';
export type { AnomaliesParams, AnomaliesResult, Anomaly } from './anomalies.js';
export type { Job, JobStatus, JobSettings, JobInput, CreateJobParams, UploadSource } from './jobs.js';
export { pollDelayMs } from './jobs.js';
