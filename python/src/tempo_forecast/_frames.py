"""Long DataFrames (``unique_id, ds, y``) to the API's series and its answers back to long DataFrames.

pandas is imported here only, and only when a DataFrame call runs, so the client works without it.
Column names follow statsforecast: the model's name for the point forecast, ``{model}-lo-{level}``
and ``{model}-hi-{level}`` for the interval bounds; quantiles follow Nixtla's TimeGPT client,
``{model}-q-{percent}`` (``tempo-q-10`` for 0.1, ``tempo-q-2.5`` for 0.025). Columns beside
``unique_id, ds, y`` are regressors, as statsforecast reads them: their future is in ``X_df`` or in
each series' last ``h`` rows, whose ``y`` is empty.
"""
from __future__ import annotations

import re
import warnings
from dataclasses import replace
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

from ._wire import float_list
from .errors import APIError, FieldError, RequestInvalidError, TempoWarning
from .types import AnomaliesResult, BatchForecast, BatchItem, BatchRefusal, CrossValidationResult

T = TypeVar("T")

_DAY_NS = 86_400_000_000_000
# a pointer into a single-series body (/series/3, /timestamps/3) or into a batch's series (/series/2/values/3)
_SINGLE = re.compile(r"^/(?:series|timestamps|regressors/[^/]+)/(\d+)$")
_BATCH = re.compile(r"^/series/(\d+)(?:/(?:values|timestamps|regressors/[^/]+)/(\d+))?")


def is_dataframe(value: Any) -> bool:
    """True for a pandas DataFrame, found without importing pandas."""
    return type(value).__module__.startswith("pandas") and type(value).__name__ == "DataFrame"


def _pandas() -> Tuple[Any, Any]:
    try:
        import numpy as np
        import pandas as pd
    except ImportError:
        raise ImportError(
            "the DataFrame calls need pandas: pip install 'tempo-forecast[pandas]', or use a Python that has it "
            "(Debian: apt-get install python3-pandas, then a venv made with --system-site-packages)") from None
    return pd, np


def _level_list(level: Any) -> List[float]:
    return [] if level is None else [float(level)] if isinstance(level, (int, float)) else [float(x) for x in level]


def level_label(level: float) -> str:
    """A level as statsforecast's column names write it: ``95``, ``97.5``."""
    value = float(level)
    return str(int(value)) if value.is_integer() else repr(value)


def _interval_columns(name: str, levels: Sequence[float]) -> List[Tuple[str, float, str]]:
    # (column, level, bound), outermost lower bound first: model-lo-95, model-lo-80, model-hi-80, model-hi-95
    ordered = sorted(float(x) for x in levels)
    return ([(f"{name}-lo-{level_label(x)}", x, "lower") for x in reversed(ordered)]
            + [(f"{name}-hi-{level_label(x)}", x, "upper") for x in ordered])


def _interval_key(intervals: Dict[str, Any], level: float) -> str:
    # the server keys intervals by the level as JSON wrote it; compare as numbers, not as text
    for key in intervals:
        if float(key) == level:
            return key
    raise KeyError(f"the answer has no entry for {level_label(level)}")


def quantile_label(q: float) -> str:
    """A probability as a quantile column writes it, in percent: ``10`` for 0.1, ``2.5`` for 0.025."""
    return level_label(round(float(q) * 100, 10))


def _quantile_columns(name: str, quantiles: Sequence[float]) -> List[Tuple[str, float]]:
    # (column, probability), lowest first
    return [(f"{name}-q-{quantile_label(q)}", q) for q in sorted(float(x) for x in quantiles)]


def _regressors(pd: Any, np: Any, df: Any, X_df: Any, h: int, id_col: str, time_col: str,
                target_col: str) -> Tuple[Any, List[str], Optional[Any]]:
    """The frame to read (``df`` and ``X_df``'s rows after it, ``y`` empty there), the regressor columns, and which
    rows came from ``X_df`` (None when the future rows are ``df``'s own)."""
    names = [c for c in df.columns if c not in (id_col, time_col, target_col)]
    if X_df is None:
        return df, names, None
    if not isinstance(X_df, pd.DataFrame):
        raise TypeError(f"X_df must be a pandas DataFrame (got {type(X_df).__name__})")
    for col in (id_col, time_col):
        if col not in X_df.columns:
            raise ValueError(f"X_df has no column {col!r} (columns: {', '.join(map(str, X_df.columns))})")
    future_names = [c for c in X_df.columns if c not in (id_col, time_col, target_col)]
    if not names:
        raise ValueError("X_df holds the regressors' future, but df has no regressor column beside "
                         f"{id_col!r}, {time_col!r} and {target_col!r} for their history")
    missing = [c for c in names if c not in future_names]
    extra = [c for c in future_names if c not in names]
    if missing or extra:
        said = ([f"lacks {', '.join(map(repr, missing))}"] if missing else []) + \
               ([f"has {', '.join(map(repr, extra))} that df lacks"] if extra else [])
        raise ValueError(f"X_df must hold the same regressor columns as df: it {' and '.join(said)}")
    if target_col in X_df.columns and X_df[target_col].notna().any():
        raise ValueError(f"X_df's {target_col!r} must be empty: it holds the future, whose values are the forecast")
    future = X_df[[id_col, time_col, *names]].assign(**{target_col: np.nan})[list(df.columns)]
    both = pd.concat([df, future])
    return both, names, np.concatenate([np.zeros(len(df), dtype=bool), np.ones(len(future), dtype=bool)])


class LongFrame:
    """One long DataFrame, checked, its rows ordered by series (first appearance) and then by ``ds``."""

    def __init__(self, df: Any, id_col: str, time_col: str, target_col: str, freq: Any, h: Optional[int] = None,
                 X_df: Any = None) -> None:
        pd, np = _pandas()
        self._pd, self._np = pd, np
        if not isinstance(df, pd.DataFrame):
            raise TypeError(f"df must be a pandas DataFrame (got {type(df).__name__})")
        for col in (id_col, time_col, target_col):
            if col not in df.columns:
                raise ValueError(f"df has no column {col!r} (columns: {', '.join(map(str, df.columns))}); "
                                 "name the columns with id_col, time_col and target_col")
        if len(df) == 0:
            raise ValueError("df has no rows")
        # only a forecast reads regressors (h given); the other calls leave any further column alone
        from_x: Optional[Any] = None
        self.regressor_names: List[str] = []
        if h is not None:
            df, self.regressor_names, from_x = _regressors(pd, np, df, X_df, h, id_col, time_col, target_col)
        elif X_df is not None:
            raise ValueError("X_df is for forecasts only")
        # each series' last `future` rows are the regressors' known future, not history
        self.future = h if self.regressor_names and h is not None else 0
        self.regressors: Dict[str, List[float]] = {}
        self.id_col, self.time_col, self.target_col = id_col, time_col, target_col
        labels = df.index

        ids = df[id_col]
        if ids.isna().any():
            raise ValueError(f"column {id_col!r} is empty at row {labels[int(np.flatnonzero(ids.isna().to_numpy())[0])]!r}")
        codes, self.uniques = pd.factorize(ids, sort=False)

        y_raw = df[target_col]
        y = pd.to_numeric(y_raw, errors="coerce")
        unreadable = y.isna().to_numpy() & y_raw.notna().to_numpy()
        if unreadable.any():
            row = int(np.flatnonzero(unreadable)[0])
            raise ValueError(f"column {target_col!r} at row {labels[row]!r} is not a number ({y_raw.iloc[row]!r}); "
                             "leave it empty (NaN) for a missing value")
        y = y.to_numpy(dtype=float, na_value=np.nan)

        ds = df[time_col]
        self.tz = None
        if pd.api.types.is_integer_dtype(ds.dtype):
            self.dated = False
            step = 1 if freq is None else freq
            if isinstance(step, bool) or not isinstance(step, (int, np.integer)) or step < 1:
                raise ValueError(f"with integer {time_col!r}, freq is the whole-number step between rows (got {freq!r})")
            self.step = int(step)
            self.wire_freq: Optional[str] = None
            key = ds.to_numpy(dtype=np.int64)
        else:
            if not pd.api.types.is_datetime64_any_dtype(ds.dtype):
                try:
                    ds = pd.to_datetime(ds)
                except (ValueError, TypeError) as error:
                    raise ValueError(f"column {time_col!r} holds values that are not dates ({error})") from None
                if not pd.api.types.is_datetime64_any_dtype(ds.dtype):
                    # pandas leaves date-times with different offsets as objects
                    raise ValueError(f"column {time_col!r} mixes time zones or offsets; convert it first, "
                                     f"e.g. pd.to_datetime(df[{time_col!r}], utc=True)")
            if ds.isna().any():
                raise ValueError(f"column {time_col!r} is empty at row {labels[int(np.flatnonzero(ds.isna().to_numpy())[0])]!r}")
            self.dated = True
            if getattr(ds.dt, "tz", None) is not None:
                # a zone's dates are its wall-clock times, as pandas' own date ranges step them
                self.tz = ds.dt.tz
                ds = ds.dt.tz_localize(None)
            self.wire_freq = None if freq is None else (freq if isinstance(freq, str) else getattr(freq, "freqstr", None))
            if freq is not None and self.wire_freq is None:
                raise ValueError(f"freq must be a string such as 'MS', 'D', 'h' or 'P1M' (got {freq!r})")
            key = ds.to_numpy(dtype="datetime64[ns]").view(np.int64)

        order = np.lexsort((key, codes))
        self.codes = codes[order]
        self.rows = labels[order]
        self.y = y[order]
        self.key = key[order]
        counts = np.bincount(self.codes, minlength=len(self.uniques))
        self.starts = np.concatenate(([0], np.cumsum(counts)))
        self.ds = ds.to_numpy()[order] if not self.dated else ds.to_numpy(dtype="datetime64[ns]")[order]

        if self.future:
            self._check_future(from_x if from_x is None else from_x[order])
            self.regressors = {name: self._regressor(df, name, order) for name in self.regressor_names}

        infinite = np.isinf(self.y)
        if infinite.any():
            i = int(np.flatnonzero(infinite)[0])
            raise ValueError(f"column {target_col!r} is infinite at row {self.rows[i]!r} "
                             f"({id_col}={self.uniques[self.codes[i]]!r}, {time_col}={self._shown(i)})")
        if not self.dated:
            same = self.codes[1:] == self.codes[:-1]
            off = same & (np.diff(self.key) != self.step)
            if off.any():
                i = int(np.flatnonzero(off)[0]) + 1
                raise ValueError(f"{id_col}={self.uniques[self.codes[i]]!r}: {time_col} {self.key[i]} does not follow "
                                 f"{self.key[i - 1]} by the step {self.step} (freq)")
            self.timestamps: Optional[List[str]] = None
        else:
            wall = self.key
            if (wall % _DAY_NS == 0).all():
                self.timestamps = np.datetime_as_string(self.ds.astype("datetime64[D]"), unit="D").tolist()
            else:
                unit = "s" if (wall % 1_000_000_000 == 0).all() else "us"
                self.timestamps = np.datetime_as_string(self.ds.astype(f"datetime64[{unit}]"), unit=unit, timezone="UTC").tolist()
        self.values = float_list(self.y, target_col)

    def _shown(self, i: int) -> Any:
        # a row's ds as the caller wrote it: a Timestamp (in its zone) or an integer
        if not self.dated:
            return self.ds[i]
        stamp = self._pd.Timestamp(self.ds[i])
        return stamp if self.tz is None else stamp.tz_localize(self.tz)

    def _check_future(self, from_x: Optional[Any]) -> None:
        # each series: at least one row of history, then exactly h future rows (X_df's, or its last h with y empty)
        np, h = self._np, self.future
        for k in range(self.count):
            a, b = int(self.starts[k]), int(self.starts[k + 1])
            uid = self.uniques[k]
            if from_x is None:
                if b - a <= h:
                    raise ValueError(f"{self.id_col}={uid!r} has {b - a} rows, but with regressor columns its last h={h} "
                                     "rows are their future: give it history too, or the future in X_df")
                known = np.flatnonzero(~np.isnan(self.y[b - h:b]))
                if known.size:
                    i = b - h + int(known[0])
                    raise ValueError(f"{self.id_col}={uid!r}, {self.time_col}={_text(self._shown(i))} has a {self.target_col}, but "
                                     f"with regressor columns ({', '.join(map(repr, self.regressor_names))}) each series' last "
                                     f"h={h} rows are their future, with {self.target_col} empty; give the future in X_df, "
                                     "or leave those rows' y empty")
                continue
            marks = from_x[a:b]
            n_future = int(marks.sum())
            if n_future == b - a:
                raise ValueError(f"{self.id_col}={uid!r} is in X_df but not in df")
            if n_future != h:
                raise ValueError(f"X_df holds {n_future} rows for {self.id_col}={uid!r}; it needs h={h}, one per forecast step")
            if marks[: b - a - h].any():
                i = a + int(np.flatnonzero(marks)[0])
                raise ValueError(f"X_df's {self.time_col}={_text(self._shown(i))} for {self.id_col}={uid!r} is not after "
                                 f"the series' last {self.time_col} in df")

    def _regressor(self, df: Any, name: str, order: Any) -> List[float]:
        # every value a finite number, history and future alike: the server takes no missing regressor value
        pd, np = self._pd, self._np
        raw = df[name]
        values = pd.to_numeric(raw, errors="coerce").to_numpy(dtype=float, na_value=np.nan)[order]
        bad = ~np.isfinite(values)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            shown = raw.iloc[int(order[i])]
            what = "empty" if pd.isna(shown) else f"not a finite number ({shown!r})"
            raise ValueError(f"regressor column {name!r} is {what} at {self.id_col}={self.uniques[self.codes[i]]!r}, "
                             f"{self.time_col}={_text(self._shown(i))}: a regressor needs a number in every row, "
                             "its history and its future")
        return values.tolist()  # type: ignore[no-any-return]

    @property
    def count(self) -> int:
        """How many series the frame holds."""
        return len(self.uniques)

    def series(self) -> Iterator[Dict[str, Any]]:
        """Each series in wire form, its id its position (so any unique_id, of any type or length, fits)."""
        for k in range(self.count):
            a, b = int(self.starts[k]), int(self.starts[k + 1])
            end = b - self.future
            out: Dict[str, Any] = {"id": str(k), "values": self.values[a:end]}
            if self.timestamps is not None:
                out["timestamps"] = self.timestamps[a:end]
            if self.future:
                out["regressors"] = {name: values[a:b] for name, values in self.regressors.items()}
            yield out

    def named_series(self) -> List[Dict[str, Any]]:
        """Each series in wire form with its unique_id as text (for tuning, whose report names series)."""
        return [{**s, "id": str(self.uniques[k])} for k, s in enumerate(self.series())]

    # -- errors back to rows -------------------------------------------------------------------

    def _row(self, k: int, j: Optional[int]) -> FieldError:
        a, b = int(self.starts[k]), int(self.starts[k + 1])
        ds = self._shown(a + j) if j is not None and 0 <= j < b - a else None
        return FieldError("", "", unique_id=self.uniques[k], ds=ds)

    def locate(self, error: APIError, single: Optional[int] = None) -> APIError:
        """The same error with each pointer's row named (``unique_id`` and ``ds``) and the first ones in its message."""
        located = []
        for e in error.errors:
            row: Optional[FieldError] = None
            if single is not None:
                m = _SINGLE.match(e.pointer)
                row = self._row(single, int(m.group(1)) if m else None)
            elif e.series_id is not None and e.series_id.isdigit() and int(e.series_id) < self.count:
                m = _BATCH.match(e.pointer)
                row = self._row(int(e.series_id), int(m.group(2)) if m and m.group(2) else None)
            located.append(e if row is None else replace(e, unique_id=row.unique_id, ds=row.ds))
        named = [e for e in located if e.unique_id is not None]
        if not named:
            return error.with_errors(located)
        where = "; ".join(
            f"{self.id_col}={e.unique_id!r}" + (f", {self.time_col}={_text(e.ds)}" if e.ds is not None else "") + f": {e.detail}"
            for e in named[:3])
        more = f" (and {len(named) - 3} more)" if len(named) > 3 else ""
        return error.with_errors(located, where + more)

    def each(self, call: Callable[[Dict[str, Any]], T]) -> List[T]:
        """``call`` on each series in turn (one request each); a RequestInvalidError raised with its rows named."""
        out = []
        for k, series in enumerate(self.series()):
            failure: Optional[APIError] = None
            try:
                out.append(call(series))
                continue
            except RequestInvalidError as error:
                failure = self.locate(error, single=k)
            raise failure
        return out

    # -- answers to DataFrames -----------------------------------------------------------------

    def _ids(self, positions: Any) -> Any:
        return self.uniques.take(positions)

    def _future_ds(self, texts: List[str], last: Any, h: int) -> Any:
        np = self._np
        if not self.dated:
            return (last[:, None] + self.step * np.arange(1, h + 1)[None, :]).reshape(-1)
        stamps = np.array([t[:-1] if t.endswith("Z") else t for t in texts], dtype="datetime64[ns]")
        return self._dated(stamps)

    def _dated(self, stamps: Any) -> Any:
        index = self._pd.DatetimeIndex(stamps)
        if self.tz is not None:
            index = index.tz_localize(self.tz, ambiguous="NaT", nonexistent="NaT")
        return index

    def _frame(self, columns: Dict[str, Any]) -> Any:
        return self._pd.DataFrame(columns)

    def _check_future_dates(self, k: int, texts: List[str]) -> None:
        # the regressors' future rows must be the forecast's own dates, which the server steps from the history
        np = self._np
        b = int(self.starts[k + 1])
        told = self.ds[b - self.future:b]
        stepped = np.array([t[:-1] if t.endswith("Z") else t for t in texts], dtype="datetime64[ns]")
        off = np.flatnonzero(told != stepped)
        if off.size:
            i = int(off[0])
            raise ValueError(f"{self.id_col}={self.uniques[k]!r}: the regressors' future row {i + 1} is dated "
                             f"{_text(self._shown(b - self.future + i))}, but the forecast's step {i + 1} falls on "
                             f"{_text(self._pd.Timestamp(stepped[i]))}; the future rows must continue the series' dates")

    def forecasts(self, items: Iterable[BatchItem], h: int, name: str, level: Optional[Sequence[float]],
                  quantiles: Optional[Sequence[float]] = None) -> Any:
        """The long forecast DataFrame from the batch answers; a refused series is left out with a TempoWarning."""
        np = self._np
        columns = _interval_columns(name, _level_list(level))
        q_columns = _quantile_columns(name, _level_list(quantiles))
        answered: List[int] = []
        points: List[List[float]] = []
        bounds: List[List[List[float]]] = [[] for _ in columns]
        q_values: List[List[List[float]]] = [[] for _ in q_columns]
        texts: List[str] = []
        refused: List[Tuple[Any, str]] = []
        failure: Optional[APIError] = None
        try:
            for item in items:
                k = int(item.id)
                if isinstance(item, BatchRefusal):
                    refused.append((self.uniques[k], item.error.detail))
                    continue
                assert isinstance(item, BatchForecast)
                answered.append(k)
                points.append(item.forecast)
                for c, (_, lv, bound) in enumerate(columns):
                    bounds[c].append(getattr(item.intervals[_interval_key(item.intervals, lv)], bound))
                for c, (_, q) in enumerate(q_columns):
                    q_values[c].append((item.quantiles or {})[_interval_key(item.quantiles or {}, q)])
                if self.dated:
                    if self.future:
                        self._check_future_dates(k, item.timestamps or [])
                    texts.extend(item.timestamps or [])
        except RequestInvalidError as error:
            failure = self.locate(error)
        if failure is not None:
            raise failure
        if refused:
            shown = "; ".join(f"{self.id_col}={uid!r}: {detail}" for uid, detail in refused[:5])
            warnings.warn(f"{len(refused)} series could not be forecast and are left out: {shown}", TempoWarning, stacklevel=3)
        positions = np.repeat(np.array(answered, dtype=np.int64), h)
        last = self.key[self.starts[1:][answered] - 1 - self.future] if not self.dated and answered else np.zeros(0, dtype=np.int64)
        out: Dict[str, Any] = {
            self.id_col: self._ids(positions),
            self.time_col: self._future_ds(texts, last, h),
            name: np.array([v for p in points for v in p], dtype=float),
        }
        for c, (column, _, _) in enumerate(columns):
            out[column] = np.array([v for p in bounds[c] for v in p], dtype=float)
        for c, (column, _) in enumerate(q_columns):
            out[column] = np.array([v for p in q_values[c] for v in p], dtype=float)
        return self._frame(out)

    def backtests(self, results: List[CrossValidationResult], name: str, level: Optional[Sequence[float]]) -> Any:
        """The long backtest DataFrame: one row per series, window and step, with ``cutoff`` and the actual ``y``."""
        np = self._np
        columns = _interval_columns(name, _level_list(level))
        rows: List[int] = []
        cutoffs: List[int] = []
        point: List[float] = []
        bounds: List[List[float]] = [[] for _ in columns]
        for k, result in enumerate(results):
            a, b = int(self.starts[k]), int(self.starts[k + 1])
            position = {t: i for i, t in enumerate(self.timestamps[a:b])} if self.timestamps is not None else None
            for w in result.windows:
                cut = position[w.cutoff] if position is not None else int(w.cutoff)  # type: ignore[index]
                steps = len(w.forecast)
                rows.extend(range(a + cut + 1, a + cut + 1 + steps))
                cutoffs.extend([a + cut] * steps)
                point.extend(w.forecast)
                for c, (_, lv, bound) in enumerate(columns):
                    bounds[c].extend(getattr(w.intervals[_interval_key(w.intervals, lv)], bound))
        at = np.array(rows, dtype=np.int64)
        cut_at = np.array(cutoffs, dtype=np.int64)
        out: Dict[str, Any] = {
            self.id_col: self._ids(self.codes[at]),
            self.time_col: self._dated(self.ds[at]) if self.dated else self.ds[at],
            "cutoff": self._dated(self.ds[cut_at]) if self.dated else self.ds[cut_at],
            self.target_col: self.y[at],
            name: np.array(point, dtype=float),
        }
        for c, (column, _, _) in enumerate(columns):
            out[column] = np.array(bounds[c], dtype=float)
        return self._frame(out)

    def anomalies(self, results: List[AnomaliesResult], name: str) -> Any:
        """The anomalous rows: ``y``, the one-step prediction as the model's column, and its interval's bounds."""
        np = self._np
        level = results[0].level if results else 99
        lo, hi = f"{name}-lo-{level_label(level)}", f"{name}-hi-{level_label(level)}"
        rows: List[int] = []
        expected: List[float] = []
        lower: List[float] = []
        upper: List[float] = []
        for k, result in enumerate(results):
            a = int(self.starts[k])
            for anomaly in result.anomalies:
                rows.append(a + anomaly.index)
                expected.append(anomaly.expected)
                lower.append(anomaly.lower)
                upper.append(anomaly.upper)
        at = np.array(rows, dtype=np.int64)
        return self._frame({
            self.id_col: self._ids(self.codes[at]),
            self.time_col: self._dated(self.ds[at]) if self.dated else self.ds[at],
            self.target_col: self.y[at],
            name: np.array(expected, dtype=float),
            lo: np.array(lower, dtype=float),
            hi: np.array(upper, dtype=float),
        })


def _text(ds: Any) -> str:
    # a midnight as its date, as it was most likely written
    if hasattr(ds, "strftime") and (ds.hour, ds.minute, ds.second, ds.microsecond) == (0, 0, 0, 0):
        return str(ds.strftime("%Y-%m-%d"))
    return str(ds)


def long_frame(df: Any, id_col: str, time_col: str, target_col: str, freq: Any, h: Optional[int] = None,
               X_df: Any = None) -> LongFrame:
    """The checked, ordered view of a long DataFrame the DataFrame calls work from; with ``h`` (a forecast's), its
    further columns are regressors whose future is ``X_df`` or each series' last ``h`` rows."""
    return LongFrame(df, id_col, time_col, target_col, freq, h, X_df)


def training_series(df: Any, id_col: str, time_col: str, target_col: str) -> List[Dict[str, Any]]:
    """A long DataFrame as tuning's training series, named by their unique_id."""
    return long_frame(df, id_col, time_col, target_col, None).named_series()
