"""The one mapping between the client's Python values and the API's JSON bodies, both ways."""
from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from .rate_limit import RateLimitState
from .types import (
    Anomaly, AnomaliesResult, BacktestMetrics, BacktestWindow, BatchForecast, BatchItem, BatchRefusal, BatchSeries,
    CrossValidationResult, FittedInterval, ForecastResult, Interval, Method, ModelInfo, ModelsResult, SeriesError,
    TunedModel, ValidateResult,
)

_INF = float("inf")


def float_list(array: Any, where: str) -> List[Optional[float]]:
    """A float numpy array as JSON numbers: NaN becomes None (missing), ±inf is refused with its place."""
    import numpy as np

    infinite = np.isinf(array)
    if infinite.any():
        raise ValueError(f"{where}[{int(np.flatnonzero(infinite)[0])}] is not finite")
    out: List[Optional[float]] = array.tolist()
    for i in np.flatnonzero(np.isnan(array)).tolist():
        out[i] = None
    return out


def wire_values(values: Any, where: str) -> List[Any]:
    """A series as JSON may carry it: NaN or None is missing, ±inf is refused (JSON would make it null silently).

    Anything else that is not a number is sent as it is, for the server to refuse with a pointer.
    """
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise TypeError(f"{where} must be a sequence of numbers")
    dtype = getattr(values, "dtype", None)
    if dtype is not None and getattr(dtype, "kind", None) == "f":
        import numpy as np

        if hasattr(values, "to_numpy"):
            return float_list(values.to_numpy(dtype=float, na_value=np.nan), where)
        return float_list(np.asarray(values, dtype=float), where)
    out = list(values.tolist() if hasattr(values, "tolist") else values)
    for i, v in enumerate(out):
        # the common cases first, without a call: a plain float (NaN is the one unequal to itself), None, int
        if type(v) is float:
            if v != v:
                out[i] = None
            elif v in (_INF, -_INF):
                raise ValueError(f"{where}[{i}] is not finite")
            continue
        if v is None or type(v) is int:
            continue
        if not isinstance(v, (str, bool)) and hasattr(v, "item") and callable(v.item):
            v = out[i] = v.item()  # a numpy scalar
        if isinstance(v, float):
            if math.isnan(v):
                out[i] = None
            elif v in (_INF, -_INF):
                raise ValueError(f"{where}[{i}] is not finite")
        elif type(v).__name__ == "NAType":
            out[i] = None
    return out


def _default(value: Any) -> Any:
    # numpy scalars and arrays, pandas' NA: what callers naturally pass
    if type(value).__name__ == "NAType":
        return None
    if hasattr(value, "tolist") and callable(value.tolist):
        return value.tolist()
    if hasattr(value, "item") and callable(value.item):
        return value.item()
    raise TypeError(f"{type(value).__name__} cannot be sent as JSON")


def json_bytes(body: Any) -> bytes:
    """The body as compact UTF-8 JSON; a NaN or infinity left anywhere is refused, never sent as invalid JSON."""
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False, allow_nan=False, default=_default).encode("utf-8")


def _optional(body: Dict[str, Any], **fields: Any) -> Dict[str, Any]:
    for name, value in fields.items():
        if value is not None:
            body[name] = list(value) if isinstance(value, (tuple, range)) else value
    return body


def _levels(level: Optional[Union[float, Sequence[float]]]) -> Optional[List[float]]:
    if level is None:
        return None
    return [level] if isinstance(level, (int, float)) else list(level)


def _strings(values: Optional[Sequence[Any]]) -> Optional[List[Any]]:
    return None if values is None else list(values.tolist() if hasattr(values, "tolist") else values)


def forecast_body(series: Any, h: Any, *, level: Any = None, season_length: Any = None, timestamps: Any = None,
                  freq: Any = None, fitted: Optional[bool] = None) -> Dict[str, Any]:
    """The body of POST /{model}/v1/forecast; options not given are left out, never sent as null."""
    return _optional({"series": wire_values(series, "series"), "horizon": h}, season_length=season_length,
                     level=_levels(level), timestamps=_strings(timestamps), freq=freq, fitted=fitted)


def cross_validation_body(series: Any, h: Any, *, n_windows: Any = None, step_size: Any = None, level: Any = None,
                          season_length: Any = None, timestamps: Any = None, freq: Any = None) -> Dict[str, Any]:
    """The body of POST /{model}/v1/cross-validation."""
    return _optional({"series": wire_values(series, "series"), "horizon": h}, windows=n_windows, step=step_size,
                     season_length=season_length, level=_levels(level), timestamps=_strings(timestamps), freq=freq)


def anomalies_body(series: Any, *, level: Any = None, season_length: Any = None, timestamps: Any = None,
                   freq: Any = None) -> Dict[str, Any]:
    """The body of POST /{model}/v1/anomalies (one level: the server's default is 99)."""
    return _optional({"series": wire_values(series, "series")}, season_length=season_length, level=level,
                     timestamps=_strings(timestamps), freq=freq)


def _series_fields(item: Any, i: int, where: str) -> Dict[str, Any]:
    s = item if isinstance(item, Mapping) else getattr(item, "__dict__", None)
    if not isinstance(s, Mapping) or "id" not in s or "values" not in s:
        raise TypeError(f"{where}[{i}] needs an id and values (a BatchSeries or a mapping)")
    return s  # type: ignore[return-value]


def batch_series_body(item: Union[BatchSeries, Mapping[str, Any]], i: int) -> Dict[str, Any]:
    """One series of a batch body, from a BatchSeries or a mapping with the same keys."""
    s = _series_fields(item, i, "series")
    return _optional({"id": s["id"], "values": wire_values(s["values"], f"series[{i}].values")},
                     timestamps=_strings(s.get("timestamps")), season_length=s.get("season_length"))


def batch_body(series: List[Dict[str, Any]], h: Any, *, level: Any = None, freq: Any = None,
               season_length: Any = None, quantiles: Any = None, holidays: Any = None) -> Dict[str, Any]:
    """The body of POST /{model}/v1/forecast/batch around series already in wire form."""
    return _optional({"horizon": h}, level=_levels(level), freq=freq, season_length=season_length,
                     quantiles=_levels(quantiles), holidays=holidays) | {"series": series}


def tuned_model_body(name: str, training: Sequence[Any], h: Any, *, base: Optional[str] = None,
                     freq: Optional[str] = None) -> Dict[str, Any]:
    """The body of POST /v1/models."""
    series = []
    for i, item in enumerate(training):
        s = _series_fields(item, i, "training")
        series.append(_optional({"id": s["id"], "values": wire_values(s["values"], f"training[{i}].values")},
                                timestamps=_strings(s.get("timestamps"))))
    body: Dict[str, Any] = {"name": name, "training": _optional({"horizon": h}, freq=freq)}
    body["training"]["series"] = series
    return _optional(body, base=base)


# -- answers --------------------------------------------------------------------------------------

def parse_time(text: Optional[str]) -> Optional[datetime]:
    """An ISO 8601 UTC time from the server (``2027-01-31T00:00:00.000Z``) as an aware datetime."""
    if text is None:
        return None
    return datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)


def _intervals(raw: Optional[Mapping[str, Any]]) -> Dict[str, Interval]:
    return {k: Interval(v["lower"], v["upper"]) for k, v in (raw or {}).items()}


def method_of(raw: Optional[Mapping[str, Any]]) -> Optional[Method]:
    """An answer's ``method``, its known fields named and the whole object kept as ``raw``."""
    if raw is None:
        return None
    return Method(list(raw.get("components", [])), raw.get("season_length", 1), raw.get("seasonal_periods"), dict(raw))


def forecast_result(b: Mapping[str, Any], request_id: Optional[str], rate_limit: Optional[RateLimitState]) -> ForecastResult:
    """A forecast answer."""
    fitted_intervals = b.get("fitted_intervals")
    return ForecastResult(
        forecast=b["forecast"], intervals=_intervals(b.get("intervals")), model=b.get("model"),
        method=method_of(b.get("method")), fitted=b.get("fitted"),
        fitted_intervals=None if fitted_intervals is None else {k: FittedInterval(v["lower"], v["upper"]) for k, v in fitted_intervals.items()},
        timestamps=b.get("timestamps"), freq=b.get("freq"), request_id=request_id, rate_limit=rate_limit,
    )


def validate_result(b: Mapping[str, Any], request_id: Optional[str]) -> ValidateResult:
    """A validate answer."""
    return ValidateResult(
        valid=b["valid"], key_id=b["key_id"], status=b["status"], env=b["env"], project_id=b["project_id"],
        organization_id=b["organization_id"], user_id=b["user_id"], product_id=b["product_id"], name=b["name"],
        expires_at=parse_time(b.get("expires_at")), rate_limit_per_minute=b["rate_limit_per_minute"],
        rate_limit_per_hour=b["rate_limit_per_hour"], request_id=request_id,
    )


def tuned_model_result(b: Mapping[str, Any], request_id: Optional[str]) -> TunedModel:
    """A tuned-model answer."""
    return TunedModel(
        name=b["name"], status=b["status"], progress=b["progress"], base=b["base"], config=b.get("config"),
        report=b.get("report"), error=b.get("error"), created_at=parse_time(b["created_at"]),  # type: ignore[arg-type]
        updated_at=parse_time(b["updated_at"]), request_id=request_id,  # type: ignore[arg-type]
    )


def models_result(b: Mapping[str, Any], request_id: Optional[str]) -> ModelsResult:
    """A models answer."""
    return ModelsResult(
        organization_id=b["organization_id"],
        models=[ModelInfo(m["name"], m["default"], m["base"], m["config"], parse_time(m["created_at"])) for m in b["models"]],  # type: ignore[arg-type]
        tuned=[tuned_model_result(t, request_id) for t in b.get("tuned", [])],
        request_id=request_id,
    )


def batch_item(b: Mapping[str, Any]) -> BatchItem:
    """One series of a batch answer: its forecast, or the model's refusal of it."""
    if "error" in b:
        e = b["error"]
        return BatchRefusal(b["id"], SeriesError(e.get("code", ""), e.get("detail", ""), e.get("pointer", "")))
    return BatchForecast(b["id"], b["forecast"], _intervals(b.get("intervals")), b.get("timestamps"), b.get("freq"),
                         method_of(b.get("method")), b.get("quantiles"))


def cross_validation_result(b: Mapping[str, Any], request_id: Optional[str],
                            rate_limit: Optional[RateLimitState]) -> CrossValidationResult:
    """A cross-validation answer."""
    m = b["metrics"]
    return CrossValidationResult(
        windows=[BacktestWindow(w["cutoff"], w["forecast"], w["actual"], _intervals(w.get("intervals"))) for w in b["windows"]],
        metrics=BacktestMetrics(m.get("mase"), m.get("smape"), m.get("rmsse"), m.get("coverage")),
        model=b.get("model"), freq=b.get("freq"), request_id=request_id, rate_limit=rate_limit,
    )


def anomalies_result(b: Mapping[str, Any], request_id: Optional[str], rate_limit: Optional[RateLimitState]) -> AnomaliesResult:
    """An anomalies answer."""
    return AnomaliesResult(
        anomalies=[Anomaly(a["index"], a["value"], a["expected"], a["lower"], a["upper"], a.get("timestamp")) for a in b["anomalies"]],
        level=b["level"], model=b.get("model"), freq=b.get("freq"), request_id=request_id, rate_limit=rate_limit,
    )
