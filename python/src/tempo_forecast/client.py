"""``Tempo``: the service's calls as typed Python methods, with a timeout per attempt, retries only where
another attempt can help, and the API key kept out of every message, repr and log."""
from __future__ import annotations

import json
import logging
import random as _random
import re
import sys
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, Generator, Iterable, Iterator, List, Mapping, Optional, Sequence, TypeVar, Union
from urllib.parse import quote

from . import _frames
from ._error_from_response import error_from_response, stream_failure
from ._http import Transport
from ._redact import Secret, scrubber
from ._wire import (
    anomalies_body, anomalies_result, batch_body, batch_item, batch_series_body, cross_validation_body,
    cross_validation_result, forecast_body, forecast_result, json_bytes, models_result, tuned_model_body,
    tuned_model_result, validate_result,
)
from .errors import APIConnectionError, APIError, ModelTuningFailedError, TempoError
from .rate_limit import RateLimitState, parse_rate_limit
from .retry import DEFAULT_BACKOFF_BASE, DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_AFTER, is_retryable, retry_delay
from .types import (
    AnomaliesResult, BatchItem, BatchResult, BatchSeries, CrossValidationResult, ForecastManyProgress, ForecastResult,
    ModelsResult, TunedModel, ValidateResult,
)

#: seconds per attempt (headers and body) unless told otherwise
DEFAULT_TIMEOUT = 60.0
#: series per request in forecast_many and forecast_df unless told otherwise
DEFAULT_BATCH_SIZE = 1000
#: values per request in forecast_many, half the server's default bound, so no default-sized batch is refused for it
DEFAULT_BATCH_VALUES = 1_000_000

logger = logging.getLogger("tempo_forecast")
E = TypeVar("E", bound=TempoError)

# A header value must be visible ASCII; checking here keeps http.client from quoting a bad key in its error.
_KEY_SHAPE = re.compile(r"^[\x21-\x7e]+$")
_MODEL_SHAPE = re.compile(r"^[A-Za-z0-9._~-]+$")
_NOT_GIVEN: Any = object()
_SERIES_POINTER = re.compile(r"^/series/(\d+)(?:/|$)")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("tempo-forecast")
    except Exception:  # not installed (run from the source tree)
        return "0+unknown"


def _check_timeout(value: Optional[float], what: str) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{what} must be a positive number of seconds, or None for no limit")
    return float(value)


def _check_retries(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number >= 0")
    return value


def _check_model(value: str, what: str) -> str:
    if not isinstance(value, str) or not _MODEL_SHAPE.match(value):
        raise ValueError(f"{what} must be a model name of letters, digits, '.', '_', '~' or '-'")
    return value


@dataclass
class _Success:
    json: Any
    request_id: Optional[str]
    rate_limit: Optional[RateLimitState]


class Tempo:
    """A client for one Tempo server and one API key.

    Safe to share between threads. ``timeout`` is seconds per attempt (None for no limit);
    ``max_retries`` the retries after a first attempt for failures another attempt can fix
    (409, 429, 5xx, no answer, a timeout); ``max_retry_after`` caps the wait a ``Retry-After`` may
    impose. Every call takes ``model``, ``timeout`` and ``max_retries`` to override them once.
    """

    def __init__(self, api_key: str, base_url: str, *, model: str = "tempo", timeout: Optional[float] = DEFAULT_TIMEOUT,
                 max_retries: int = DEFAULT_MAX_RETRIES, max_retry_after: float = DEFAULT_MAX_RETRY_AFTER,
                 backoff_base: float = DEFAULT_BACKOFF_BASE, ssl_context: Any = None,
                 sleep: Callable[[float], None] = time.sleep, random: Callable[[], float] = _random.random) -> None:
        if not isinstance(api_key, str) or not _KEY_SHAPE.match(api_key):
            raise TypeError("api_key must be a non-empty string of printable characters without spaces (tempo-<key_id>-<secret>)")
        if not isinstance(base_url, str):
            raise TypeError("base_url must be an absolute http(s) URL, e.g. http://127.0.0.1:8080")
        self._key = Secret(api_key)
        self._scrub = scrubber(api_key)
        user_agent = f"tempo-forecast-python/{_version()} Python/{sys.version_info[0]}.{sys.version_info[1]}"
        self._transport = Transport(base_url, self._key, self._scrub, user_agent, ssl_context)
        self.base_url: str = self._transport.base_url
        self.model: str = _check_model(model, "model")
        self.timeout: Optional[float] = _check_timeout(timeout, "timeout")
        self.max_retries: int = _check_retries(max_retries, "max_retries")
        if isinstance(max_retry_after, bool) or not isinstance(max_retry_after, (int, float)) or not 0 <= max_retry_after < float("inf"):
            raise ValueError("max_retry_after must be a finite number of seconds >= 0")
        self.max_retry_after: float = float(max_retry_after)
        self.backoff_base: float = float(backoff_base)
        self._sleep = sleep
        self._random = random
        #: rate-limit state from the latest answer that carried rate-limit headers
        self.last_rate_limit: Optional[RateLimitState] = None

    @property
    def key_hint(self) -> str:
        """The key as it may be shown: ``tempo-<key_id>-…<last4>``."""
        return self._key.hint

    def __repr__(self) -> str:
        return f"Tempo(base_url={self.base_url!r}, model={self.model!r}, key={self.key_hint!r})"

    def close(self) -> None:
        """Closes the kept-alive connections."""
        self._transport.close()

    def __enter__(self) -> "Tempo":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- single series ---------------------------------------------------------------------------

    def forecast(self, series: Sequence[Optional[float]], h: int, *, level: Optional[Sequence[float]] = None,
                 season_length: Optional[int] = None, timestamps: Optional[Sequence[str]] = None, freq: Optional[str] = None,
                 fitted: Optional[bool] = None, model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                 max_retries: Optional[int] = None) -> ForecastResult:
        """Forecasts ``h`` steps after ``series`` (None or NaN marks a missing value).

        ``level`` adds prediction intervals (``[80, 95]``); ``timestamps`` (one RFC 3339 date or date-time per value)
        add the future dates; ``fitted=True`` adds the one-step-ahead in-sample predictions.
        """
        body = forecast_body(series, h, level=level, season_length=season_length, timestamps=timestamps, freq=freq, fitted=fitted)
        res = self._call("POST", f"/{self._model(model)}/v1/forecast", body, timeout, max_retries)
        return forecast_result(res.json, res.request_id, res.rate_limit)

    def cross_validation(self, series: Sequence[Optional[float]], h: int, *, n_windows: Optional[int] = None,
                         step_size: Optional[int] = None, level: Optional[Sequence[float]] = None,
                         season_length: Optional[int] = None, timestamps: Optional[Sequence[str]] = None,
                         freq: Optional[str] = None, model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                         max_retries: Optional[int] = None) -> CrossValidationResult:
        """Backtests the model on ``series``: ``n_windows`` rolling-origin windows (server default 3) of ``h`` values,
        ``step_size`` apart (default ``h``), with their forecasts, actuals and the metrics over them."""
        body = cross_validation_body(series, h, n_windows=n_windows, step_size=step_size, level=level,
                                     season_length=season_length, timestamps=timestamps, freq=freq)
        res = self._call("POST", f"/{self._model(model)}/v1/cross-validation", body, timeout, max_retries)
        return cross_validation_result(res.json, res.request_id, res.rate_limit)

    def detect_anomalies(self, series: Sequence[Optional[float]], *, level: Optional[float] = None,
                         season_length: Optional[int] = None, timestamps: Optional[Sequence[str]] = None,
                         freq: Optional[str] = None, model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                         max_retries: Optional[int] = None) -> AnomaliesResult:
        """The values of ``series`` outside their one-step-ahead interval at ``level`` (server default 99)
        of the model fitted on the whole series."""
        body = anomalies_body(series, level=level, season_length=season_length, timestamps=timestamps, freq=freq)
        res = self._call("POST", f"/{self._model(model)}/v1/anomalies", body, timeout, max_retries)
        return anomalies_result(res.json, res.request_id, res.rate_limit)

    # -- many series -----------------------------------------------------------------------------

    def forecast_batch(self, series: Sequence[Union[BatchSeries, Mapping[str, Any]]], h: int, *,
                       level: Optional[Sequence[float]] = None, freq: Optional[str] = None,
                       season_length: Optional[int] = None, model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                       max_retries: Optional[int] = None) -> BatchResult:
        """Forecasts many series in one request, answered whole in request order. One invalid series refuses the batch."""
        wire = [batch_series_body(s, i) for i, s in enumerate(series)]
        body = batch_body(wire, h, level=level, freq=freq, season_length=season_length)
        failure: Optional[APIError] = None
        try:
            res = self._call("POST", f"/{self._model(model)}/v1/forecast/batch", body, timeout, max_retries)
        except APIError as error:
            failure = _name_series(error, [s["id"] for s in wire])
        if failure is not None:
            raise failure
        return BatchResult(res.json["model"], [batch_item(b) for b in res.json["forecasts"]], res.request_id, res.rate_limit)

    def forecast_many(self, series: Iterable[Union[BatchSeries, Mapping[str, Any]]], h: int, *,
                      level: Optional[Sequence[float]] = None, freq: Optional[str] = None,
                      season_length: Optional[int] = None, batch_size: int = DEFAULT_BATCH_SIZE,
                      batch_values: int = DEFAULT_BATCH_VALUES,
                      on_progress: Optional[Callable[[ForecastManyProgress], None]] = None,
                      model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                      max_retries: Optional[int] = None) -> Iterator[BatchItem]:
        """Forecasts every series ``series`` yields and yields each answer as it arrives, in source order.

        Series go ``batch_size`` at a time (fewer when they hold more than ``batch_values`` values) to the batch
        endpoint, whose answer streams as NDJSON; one batch is held at a time. A batch that fails is retried as the
        retry policy says, from its first unanswered series. ``timeout`` is the longest wait for the next answer.
        Closing the iterator early closes the connection, and the server stops that batch.
        """
        for name, value in (("batch_size", batch_size), ("batch_values", batch_values)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1")
        settings = {"level": level, "freq": freq, "season_length": season_length}
        path = f"/{self._model(model)}/v1/forecast/batch"
        per_attempt = self._timeout(timeout)
        retries = self._retries(max_retries)
        return self._many(series, batch_series_body, h, settings, batch_size, batch_values, on_progress, path,
                          per_attempt, retries)

    def _many(self, series: Iterable[Any], to_wire: Callable[[Any, int], Dict[str, Any]], h: int,
              settings: Dict[str, Any], batch_size: int, batch_values: int,
              on_progress: Optional[Callable[[ForecastManyProgress], None]], path: str, timeout: Optional[float],
              retries: int) -> Iterator[BatchItem]:
        done = 0
        batches = 0
        chunk: List[Dict[str, Any]] = []
        values = 0

        def send(pending: List[Dict[str, Any]]) -> Iterator[BatchItem]:
            nonlocal done, batches
            for k, item in enumerate(self._stream_batch(pending, h, settings, path, timeout, retries), 1):
                done += 1
                if k == len(pending):
                    batches += 1
                if on_progress is not None:
                    on_progress(ForecastManyProgress(done, batches))
                yield item

        for i, item in enumerate(series):
            wire = to_wire(item, i)
            if chunk and values + len(wire["values"]) > batch_values:
                yield from send(chunk)
                chunk, values = [], 0
            chunk.append(wire)
            values += len(wire["values"])
            if len(chunk) == batch_size:
                yield from send(chunk)
                chunk, values = [], 0
        if chunk:
            yield from send(chunk)

    def _stream_batch(self, items: List[Dict[str, Any]], h: int, settings: Dict[str, Any], path: str,
                      timeout: Optional[float], retries: int) -> Iterator[BatchItem]:
        # one batch as NDJSON, retried from its first unanswered series while the retry policy allows
        pending = items
        attempt = 0
        while True:
            attempt += 1
            body = json_bytes(batch_body(pending, h, **settings))
            answered = 0
            failure: Optional[TempoError] = None
            lines = self._stream_attempt(path, body, timeout)
            try:
                for line in lines:
                    # anything but the next id in order means the answer cannot be matched to the request
                    if line.get("id") != pending[answered]["id"]:
                        failure = APIConnectionError(f"the batch answer from {self._transport.display(path)} is out of order")
                        break
                    answered += 1
                    yield batch_item(line)
                else:
                    if answered == len(pending):
                        return
                    failure = APIConnectionError(
                        f"the batch answer from {self._transport.display(path)} ended after {answered} of {len(pending)} series")
            except TempoError as error:
                failure = error
            finally:
                lines.close()
            assert failure is not None
            failure = _name_series(failure, [p["id"] for p in pending])
            pending = pending[answered:]
            self._after_failure(failure, attempt, retries)

    def _stream_attempt(self, path: str, body: bytes, timeout: Optional[float]) -> Generator[Dict[str, Any], None, None]:
        streamed = self._transport.stream("POST", path, body, timeout)
        try:
            rate_limit = parse_rate_limit(streamed.headers)
            if rate_limit is not None:
                self.last_rate_limit = rate_limit
            if not 200 <= streamed.status < 300:
                raise error_from_response(streamed.status, streamed.headers, streamed.read_all(), self._scrub, rate_limit)
            for raw in streamed.lines():
                parsed = _json_or_none(raw)
                if not isinstance(parsed, dict):
                    raise APIConnectionError(f"the batch answer from {self._transport.display(path)} holds a line that is not a series")
                if "id" not in parsed:
                    raise stream_failure(parsed, streamed.headers, self._scrub)
                yield parsed
        finally:
            # a caller that stops early closes the connection, so the server cancels the rest
            streamed.close()

    # -- keys and models -------------------------------------------------------------------------

    def validate(self, *, model: Optional[str] = None, timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> ValidateResult:
        """The key's metadata (status, organization, expiry, limits); does not count against the quota."""
        res = self._call("GET", f"/{self._model(model)}/v1/validate", None, timeout, max_retries)
        return validate_result(res.json, res.request_id)

    def models(self, *, timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> ModelsResult:
        """The models the key's organization may use, ``tempo`` first, and its tuned models in every state."""
        res = self._call("GET", "/v1/models", None, timeout, max_retries)
        return models_result(res.json, res.request_id)

    def create_model(self, name: str, training: Any, h: int, *, base: Optional[str] = None, freq: Optional[str] = None,
                     id_col: str = "unique_id", time_col: str = "ds", target_col: str = "y",
                     timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> TunedModel:
        """Starts tuning a model of the organization on ``training`` and returns at once (status ``tuning``).

        ``training`` is a long DataFrame (``unique_id, ds, y``) or a sequence of series (``BatchSeries`` or
        mappings with ``id``, ``values`` and optional ``timestamps``); ``h`` the horizon the model will forecast.
        A taken name raises ModelNameTakenError and is never retried.
        """
        if _frames.is_dataframe(training):
            series: List[Any] = _frames.training_series(training, id_col, time_col, target_col)
        else:
            series = list(training)
        body = tuned_model_body(name, series, h, base=base, freq=freq)
        res = self._call("POST", "/v1/models", body, timeout, max_retries)
        return tuned_model_result(res.json, res.request_id)

    def get_model(self, name: str, *, timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> TunedModel:
        """The organization's tuned model: status, progress, and once ready its config and report."""
        res = self._call("GET", f"/v1/models/{quote(_check_model(name, 'name'), safe='')}", None, timeout, max_retries)
        return tuned_model_result(res.json, res.request_id)

    def delete_model(self, name: str, *, timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> None:
        """Deletes the organization's tuned model, stopping its tuning."""
        self._call("DELETE", f"/v1/models/{quote(_check_model(name, 'name'), safe='')}", None, timeout, max_retries)

    def wait_for_model(self, name: str, *, interval: float = 1.0,
                       on_progress: Optional[Callable[[TunedModel], None]] = None,
                       timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> TunedModel:
        """Looks at the model every ``interval`` seconds until it is ready and returns it;
        raises ModelTuningFailedError when its tuning failed."""
        if isinstance(interval, bool) or not isinstance(interval, (int, float)) or not interval >= 0:
            raise ValueError("interval must be a number of seconds >= 0")
        while True:
            m = self.get_model(name, timeout=timeout, max_retries=max_retries)
            if on_progress is not None:
                on_progress(m)
            if m.status == "ready":
                return m
            if m.status == "failed":
                raise ModelTuningFailedError(name, m.error)
            self._sleep(interval)

    # -- DataFrames ------------------------------------------------------------------------------

    def forecast_df(self, df: Any, h: int, *, level: Optional[Sequence[float]] = None,
                    quantiles: Optional[Sequence[float]] = None, X_df: Any = None, holidays: Optional[str] = None,
                    freq: Optional[str] = None, season_length: Optional[int] = None, id_col: str = "unique_id",
                    time_col: str = "ds", target_col: str = "y", batch_size: int = DEFAULT_BATCH_SIZE,
                    on_progress: Optional[Callable[[ForecastManyProgress], None]] = None, model: Optional[str] = None,
                    timeout: Any = _NOT_GIVEN, max_retries: Optional[int] = None) -> Any:
        """Forecasts every series of a long DataFrame (``unique_id, ds, y``) ``h`` steps ahead.

        Answers a long DataFrame keyed by ``unique_id, ds`` (the series in the order they first appear, each's
        future dates in order) with the model's name as the forecast column (``tempo``) and, per level,
        ``tempo-lo-95`` and ``tempo-hi-95``; per probability in ``quantiles``, ``tempo-q-10`` (for 0.1: the
        probability in percent, as Nixtla's clients name them). ``ds`` may be dates or date-times (naive, read as
        UTC wall time, or tz-aware) or integers (then ``freq`` is the integer step, default 1). NaN in ``y`` is a
        missing value.

        Any further column of ``df`` is a regressor (statsforecast's exogenous columns), with a number in every row:
        its future is ``X_df`` (``unique_id, ds`` and the same columns, ``h`` rows per series after its history, as
        statsforecast's ``X_df``) or, without ``X_df``, each series' last ``h`` rows, whose ``y`` is empty.
        ``holidays`` (``"AU-VIC"``, with dates in ``ds``) adds the region's public holidays as a regressor.
        Sent through the batch endpoint ``batch_size`` series at a time, streamed. Needs pandas.
        """
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError("batch_size must be a whole number >= 1")
        if isinstance(h, bool) or not isinstance(h, int) or h < 1:
            raise ValueError(f"h must be a whole number >= 1 (got {h!r})")
        frame = _frames.long_frame(df, id_col, time_col, target_col, freq, h, X_df)
        if holidays is not None and not frame.dated:
            raise ValueError(f"holidays needs dates in {time_col!r} (the calendar is by date); {time_col!r} holds integers")
        name = self._model(model)
        settings = {"level": level, "freq": frame.wire_freq, "season_length": season_length, "quantiles": quantiles,
                    "holidays": holidays}
        # the frame's series are in wire form already (checked, NaN as None), so they are not checked again
        items = self._many(frame.series(), _prepared, h, settings, batch_size, DEFAULT_BATCH_VALUES, on_progress,
                           f"/{name}/v1/forecast/batch", self._timeout(timeout), self._retries(max_retries))
        return frame.forecasts(items, h, name, level, quantiles)

    def cross_validation_df(self, df: Any, h: int, *, n_windows: Optional[int] = None, step_size: Optional[int] = None,
                            level: Optional[Sequence[float]] = None, freq: Optional[str] = None,
                            season_length: Optional[int] = None, id_col: str = "unique_id", time_col: str = "ds",
                            target_col: str = "y", model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                            max_retries: Optional[int] = None) -> Any:
        """Backtests every series of a long DataFrame; answers ``unique_id, ds, cutoff, y, tempo[, tempo-lo-95, …]``.

        One request per series (each counts against the key's quota). Needs pandas.
        """
        frame = _frames.long_frame(df, id_col, time_col, target_col, freq)
        name = self._model(model)
        results = frame.each(lambda s: self.cross_validation(
            s["values"], h, n_windows=n_windows, step_size=step_size, level=level, season_length=season_length,
            timestamps=s.get("timestamps"), freq=frame.wire_freq, model=name, timeout=timeout, max_retries=max_retries))
        return frame.backtests(results, name, level)

    def detect_anomalies_df(self, df: Any, *, level: Optional[float] = None, freq: Optional[str] = None,
                            season_length: Optional[int] = None, id_col: str = "unique_id", time_col: str = "ds",
                            target_col: str = "y", model: Optional[str] = None, timeout: Any = _NOT_GIVEN,
                            max_retries: Optional[int] = None) -> Any:
        """The anomalous rows of every series of a long DataFrame: ``unique_id, ds, y, tempo, tempo-lo-99, tempo-hi-99``
        (the one-step-ahead prediction and its interval at ``level``, server default 99).

        One request per series (each counts against the key's quota). Needs pandas.
        """
        frame = _frames.long_frame(df, id_col, time_col, target_col, freq)
        name = self._model(model)
        results = frame.each(lambda s: self.detect_anomalies(
            s["values"], level=level, season_length=season_length, timestamps=s.get("timestamps"),
            freq=frame.wire_freq, model=name, timeout=timeout, max_retries=max_retries))
        return frame.anomalies(results, name)

    # -- the retry loop --------------------------------------------------------------------------

    def _model(self, model: Optional[str]) -> str:
        return self.model if model is None else _check_model(model, "model")

    def _timeout(self, timeout: Any) -> Optional[float]:
        return self.timeout if timeout is _NOT_GIVEN else _check_timeout(timeout, "timeout")

    def _retries(self, max_retries: Optional[int]) -> int:
        return self.max_retries if max_retries is None else _check_retries(max_retries, "max_retries")

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]], timeout: Any,
              max_retries: Optional[int]) -> _Success:
        # stops on success, on a final error, or when the retries are used up
        per_attempt = self._timeout(timeout)
        retries = self._retries(max_retries)
        data = None if body is None else json_bytes(body)
        attempt = 0
        while True:
            attempt += 1
            outcome = self._attempt(method, path, data, per_attempt)
            if isinstance(outcome, _Success):
                return outcome
            self._after_failure(outcome, attempt, retries)

    def _after_failure(self, error: TempoError, attempt: int, retries: int) -> None:
        # raises the error when it is final; otherwise waits as the retry policy says
        error.attempts = attempt
        if attempt > retries or not is_retryable(error):
            raise error
        delay = retry_delay(error, attempt - 1, max_retry_after=self.max_retry_after, backoff_base=self.backoff_base,
                            random=self._random)
        logger.debug("retrying in %.2f s after attempt %d of %d: %s", delay, attempt, retries + 1, error)
        self._sleep(delay)

    def _attempt(self, method: str, path: str, data: Optional[bytes], timeout: Optional[float]) -> Union[_Success, TempoError]:
        # one attempt: the parsed success, or the error it ended in (returned, not raised)
        try:
            answer = self._transport.send(method, path, data, timeout)
        except TempoError as error:
            return error
        rate_limit = parse_rate_limit(answer.headers)
        if rate_limit is not None:
            self.last_rate_limit = rate_limit
        request_id = answer.headers.get("x-request-id")
        if not 200 <= answer.status < 300:
            return error_from_response(answer.status, answer.headers, answer.body, self._scrub, rate_limit)
        if answer.status == 204:
            return _Success(None, request_id, rate_limit)
        parsed = _json_or_none(answer.body)
        if parsed is None:
            # a 2xx that is not JSON did not come from the service (a captive portal, a misrouted proxy)
            return error_from_response(answer.status, answer.headers, answer.body, self._scrub, rate_limit)
        return _Success(parsed, request_id, rate_limit)


def _name_series(error: E, ids: List[str]) -> E:
    # each /series/{i} pointer of a batch's error names the id of the series it points into
    if not isinstance(error, APIError) or not error.errors:
        return error
    named = []
    for e in error.errors:
        m = _SERIES_POINTER.match(e.pointer)
        i = int(m.group(1)) if m else -1
        named.append(replace(e, series_id=str(ids[i])) if 0 <= i < len(ids) else e)
    return error.with_errors(named)  # type: ignore[return-value]


def _prepared(series: Dict[str, Any], i: int) -> Dict[str, Any]:
    # a series a DataFrame call has put in wire form already
    return series


def _json_or_none(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None
