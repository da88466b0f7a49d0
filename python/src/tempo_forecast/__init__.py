"""Python client for Tempo, the self-hostable forecasting service.

``Tempo(api_key, base_url)`` makes the service's calls: ``forecast``, ``forecast_many`` (the batch
endpoint, streamed), ``cross_validation``, ``detect_anomalies``, ``validate``, ``models`` and the tuned
models, the background jobs (``create_job``, ``wait_for_job``, ``job_results_df``); and takes and answers long
pandas DataFrames (``forecast_df``, ``cross_validation_df``,
``detect_anomalies_df``). HTTP is the standard library's; pandas is needed only for the DataFrame calls.
"""
from .client import DEFAULT_BATCH_SIZE, DEFAULT_BATCH_VALUES, DEFAULT_TIMEOUT, Tempo, _version
from .errors import (
    APIConnectionError, APIError, APITimeoutError, ApiKeyExpiredError, ApiKeyInactiveError, ApiKeyInvalidError,
    AuthenticationError, ConflictError, FieldError, ForecastAlreadyRunningError, InternalServerError, JobExpiredError,
    JobFailedError, JobNotFinishedError, JobNotFoundError, ModelNameTakenError, ModelNotAvailableError, ModelNotReadyError, ModelTuningFailedError, RequestInvalidError,
    ServiceUnavailableError, TempoError, TempoWarning, UsageLimitError,
)
from .rate_limit import RateLimitPolicy, RateLimitState, parse_rate_limit, parse_retry_after
from .retry import DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_AFTER, is_retryable
from .types import (
    Anomaly, AnomaliesResult, BacktestMetrics, BacktestWindow, BatchForecast, BatchItem, BatchRefusal, BatchResult,
    BatchSeries, CrossValidationResult, FittedInterval, ForecastManyProgress, ForecastResult, Interval, Job, JobError,
    JobProgress, Method, ModelInfo, ModelsResult, SeriesError, TunedModel, ValidateResult,
)
__version__ = _version()

__all__ = [
    "Tempo", "DEFAULT_BATCH_SIZE", "DEFAULT_BATCH_VALUES", "DEFAULT_TIMEOUT", "DEFAULT_MAX_RETRIES",
    "DEFAULT_MAX_RETRY_AFTER", "is_retryable", "parse_rate_limit", "parse_retry_after",
    "TempoError", "APIError", "AuthenticationError", "ApiKeyInvalidError", "ApiKeyInactiveError", "ApiKeyExpiredError",
    "RequestInvalidError", "ModelNotAvailableError", "ConflictError", "ForecastAlreadyRunningError",
    "ModelNotReadyError", "ModelNameTakenError", "UsageLimitError", "ServiceUnavailableError", "InternalServerError",
    "ModelTuningFailedError", "APIConnectionError", "APITimeoutError", "FieldError", "TempoWarning",
    "RateLimitPolicy", "RateLimitState", "Anomaly", "AnomaliesResult", "BacktestMetrics", "BacktestWindow",
    "BatchForecast", "BatchItem", "BatchRefusal", "BatchResult", "BatchSeries", "CrossValidationResult",
    "FittedInterval", "ForecastManyProgress", "ForecastResult", "Interval", "Method", "ModelInfo", "ModelsResult",
    "SeriesError", "TunedModel", "ValidateResult", "Job", "JobError", "JobProgress", "JobNotFoundError",
    "JobNotFinishedError", "JobExpiredError", "JobFailedError",
]
