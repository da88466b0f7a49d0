"""The client's public shapes: what each call takes and answers, in Python's snake_case.

``_wire.py`` is the one place these meet the API's JSON bodies.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Dict, List, Optional, Sequence, Union

from .rate_limit import RateLimitState


@dataclass(frozen=True)
class Interval:
    """A prediction interval at one level: ``lower`` and ``upper``, one number per step."""

    lower: List[float]
    upper: List[float]


@dataclass(frozen=True)
class FittedInterval:
    """An interval around the in-sample predictions; None where the model has no prediction."""

    lower: List[Optional[float]]
    upper: List[Optional[float]]


@dataclass(frozen=True)
class Method:
    """What the model chose for a series; ``raw`` is the answer's whole ``method`` object."""

    components: List[str]
    #: the season length used (the shorter period when two were); 1 when none
    season_length: int
    #: every seasonal period used, shortest first, only when more than one was
    seasonal_periods: Optional[List[float]] = None
    raw: Dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ForecastResult:
    """One series' forecast: the point forecast, and what else was asked for."""

    forecast: List[float]
    #: keyed by the level as the server wrote it (``"80"``, ``"95"``)
    intervals: Dict[str, Interval]
    model: Optional[str]
    method: Optional[Method]
    #: with ``fitted=True``: one one-step-ahead prediction per series value, None where the model has none
    fitted: Optional[List[Optional[float]]]
    fitted_intervals: Optional[Dict[str, FittedInterval]]
    #: the forecast's future dates, in the form of the timestamps sent
    timestamps: Optional[List[str]]
    #: the grid step as an ISO 8601 duration, when timestamps or freq were sent
    freq: Optional[str]
    request_id: Optional[str]
    rate_limit: Optional[RateLimitState]


@dataclass(frozen=True)
class ValidateResult:
    """The key's metadata, as ``GET /{model}/v1/validate`` answers it."""

    valid: bool
    key_id: str
    status: str
    env: str
    project_id: str
    organization_id: str
    user_id: str
    product_id: str
    name: str
    #: None when the key never expires
    expires_at: Optional[datetime]
    rate_limit_per_minute: int
    rate_limit_per_hour: int
    request_id: Optional[str]


@dataclass(frozen=True)
class TunedModel:
    """A model tuned on the organization's series: its status, progress, and once ready its config and report."""

    name: str
    #: ``tuning``, ``ready`` or ``failed``
    status: str
    #: 0 to 1
    progress: float
    base: str
    config: Optional[Dict[str, Any]]
    report: Optional[Dict[str, Any]]
    #: why tuning failed, when it did
    error: Optional[str]
    created_at: datetime
    updated_at: datetime
    request_id: Optional[str]


@dataclass(frozen=True)
class ModelInfo:
    """A model the key's organization may use."""

    name: str
    default: bool
    base: str
    config: Dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class ModelsResult:
    """The models the key's organization may use (``tempo`` first), and its tuned models in every state."""

    organization_id: str
    models: List[ModelInfo]
    tuned: List[TunedModel]
    request_id: Optional[str]


@dataclass(frozen=True)
class BatchSeries:
    """One series of a batch: an id unique in its batch (1 to 128 characters) and its values.

    ``values`` may hold None or NaN for a missing value; ``timestamps`` one RFC 3339 date or
    date-time per value; ``season_length`` this series' period, over the batch's.
    """

    id: str
    values: Sequence[Optional[float]]
    timestamps: Optional[Sequence[str]] = None
    season_length: Optional[int] = None


@dataclass(frozen=True)
class BatchForecast:
    """One forecast series of a batch answer."""

    id: str
    forecast: List[float]
    intervals: Dict[str, Interval]
    timestamps: Optional[List[str]]
    freq: Optional[str]
    method: Optional[Method]
    #: per probability asked for, keyed as the server wrote it back ("0.1")
    quantiles: Optional[Dict[str, List[float]]] = None


@dataclass(frozen=True)
class SeriesError:
    """Why the model refused one series of a batch: a code, what to change, and a pointer into the request."""

    code: str
    detail: str
    pointer: str


@dataclass(frozen=True)
class BatchRefusal:
    """A series of a valid batch that the model could not forecast; the rest of the batch is answered."""

    id: str
    error: SeriesError


BatchItem = Union[BatchForecast, BatchRefusal]


@dataclass(frozen=True)
class BatchResult:
    """A whole batch answer, in request order."""

    model: str
    forecasts: List[BatchItem]
    request_id: Optional[str]
    rate_limit: Optional[RateLimitState]


@dataclass(frozen=True)
class ForecastManyProgress:
    """Progress of ``forecast_many``, after every answered series."""

    #: series answered so far
    done: int
    #: batches sent and fully answered so far
    batches: int


@dataclass(frozen=True)
class BacktestWindow:
    """One rolling-origin window: its cutoff (an index, or the timestamp sent), forecast, actuals and intervals."""

    cutoff: Union[int, str]
    forecast: List[float]
    #: the values after the cutoff; None where the series was missing
    actual: List[Optional[float]]
    intervals: Dict[str, Interval]


@dataclass(frozen=True)
class BacktestMetrics:
    """Means over the windows; None when no window could be scored (a flat training part has no scale)."""

    mase: Optional[float]
    smape: Optional[float]
    rmsse: Optional[float]
    #: per level (``"80"``), the share of actual values inside the intervals over every window
    coverage: Optional[Dict[str, Optional[float]]]


@dataclass(frozen=True)
class CrossValidationResult:
    """A backtest of one series."""

    windows: List[BacktestWindow]
    metrics: BacktestMetrics
    model: Optional[str]
    freq: Optional[str]
    request_id: Optional[str]
    rate_limit: Optional[RateLimitState]


@dataclass(frozen=True)
class Anomaly:
    """A value outside its one-step-ahead interval: its position, value, prediction and interval (and date when sent)."""

    index: int
    value: float
    expected: float
    lower: float
    upper: float
    timestamp: Optional[str] = None


@dataclass(frozen=True)
class AnomaliesResult:
    """The anomalies of one series, in series order, at the level the server used."""

    anomalies: List[Anomaly]
    level: float
    model: Optional[str]
    freq: Optional[str]
    request_id: Optional[str]
    rate_limit: Optional[RateLimitState]
