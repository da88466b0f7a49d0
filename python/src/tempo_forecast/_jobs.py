"""A job's upload as a stream of bytes (a long CSV file read in slices, a DataFrame's or an iterable's series as
NDJSON lines, optionally gzipped), and a job's answers as a long DataFrame."""
from __future__ import annotations

import os
import re
import warnings
import zlib
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple

from . import _frames
from ._wire import batch_series_body, json_bytes
from .errors import TempoWarning
from .types import BatchForecast, BatchItem, BatchRefusal

_SLICE = 1 << 16
_LINES_PER_CHUNK = 256
_LEVEL_KEY = re.compile(r"^\d+(\.\d+)?$")


def is_path(data: Any) -> bool:
    """True for a file path (str or os.PathLike), which is uploaded as a long CSV."""
    return isinstance(data, (str, os.PathLike))


def csv_chunks(path: Any) -> Callable[[], Iterator[bytes]]:
    """The file's bytes in slices of 64 KiB, read as they are sent; callable again for a second attempt."""
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no such file: {path}")

    def read() -> Iterator[bytes]:
        with open(path, "rb") as f:
            while True:
                chunk = f.read(_SLICE)
                if not chunk:
                    return
                yield chunk

    return read


def frame_chunks(df: Any, id_col: str, time_col: str, target_col: str, freq: Any) -> Tuple[Callable[[], Iterator[bytes]], Optional[str]]:
    """A long DataFrame's series as NDJSON (ids as text), checked before anything is sent; and the frame's freq."""
    frame = _frames.long_frame(df, id_col, time_col, target_col, freq)
    if not frame.dated:
        raise ValueError(f"a job needs dates in {time_col!r}: its results are keyed by them")
    series = frame.named_series()
    return (lambda: _ndjson(iter(series), _as_is)), frame.wire_freq


def _as_is(series: Dict[str, Any], i: int) -> Dict[str, Any]:
    # a frame's series are in wire form already (checked, NaN as None)
    return series


def series_chunks(items: Iterable[Any]) -> Callable[[], Iterator[bytes]]:
    """Series objects (BatchSeries or mappings) as NDJSON lines, each checked as forecast_many checks it."""
    return lambda: _ndjson(iter(items), batch_series_body)


def _ndjson(items: Iterator[Any], to_wire: Callable[[Any, int], Dict[str, Any]]) -> Iterator[bytes]:
    lines: List[bytes] = []
    for i, item in enumerate(items):
        lines.append(json_bytes(to_wire(item, i)) + b"\n")
        if len(lines) == _LINES_PER_CHUNK:
            yield b"".join(lines)
            lines = []
    if lines:
        yield b"".join(lines)


def gzipped(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The chunks compressed as one gzip stream, as they are read."""
    z = zlib.compressobj(6, zlib.DEFLATED, 31)
    for chunk in chunks:
        out = z.compress(chunk)
        if out:
            yield out
    yield z.flush()


def results_frame(items: Iterable[BatchItem], name: str, id_col: str, time_col: str) -> Any:
    """The long DataFrame of a job's answers: ``unique_id, ds, <model>`` and ``<model>-lo-95 …`` per level;
    a refused series is left out with a TempoWarning."""
    pd, np = _frames._pandas()
    ids: List[str] = []
    stamps: List[str] = []
    steps: List[int] = []
    point: List[float] = []
    bounds: Dict[Tuple[str, str], List[float]] = {}
    levels: Optional[List[Tuple[float, str]]] = None
    refused: List[Tuple[str, str]] = []
    for item in items:
        if isinstance(item, BatchRefusal):
            refused.append((item.id, item.error.detail))
            continue
        assert isinstance(item, BatchForecast)
        h = len(item.forecast)
        if levels is None:
            levels = sorted(((float(k), k) for k in item.intervals if _LEVEL_KEY.match(k)), key=lambda x: x[0])
            for _, key in levels:
                bounds[(key, "lower")] = []
                bounds[(key, "upper")] = []
        ids.extend([item.id] * h)
        point.extend(item.forecast)
        if item.timestamps is not None:
            stamps.extend(item.timestamps)
        else:
            steps.extend(range(1, h + 1))
        for _, key in levels:
            interval = item.intervals[key]
            bounds[(key, "lower")].extend(interval.lower)
            bounds[(key, "upper")].extend(interval.upper)
    if refused:
        shown = "; ".join(f"{id_col}={uid!r}: {detail}" for uid, detail in refused[:5])
        warnings.warn(f"{len(refused)} series could not be forecast and are left out: {shown}", TempoWarning, stacklevel=3)
    if stamps and steps:
        raise ValueError("the job's answers mix dated and undated series")
    ds: Any = np.array(steps, dtype=np.int64) if not stamps else _dates(pd, stamps)
    out: Dict[str, Any] = {id_col: np.array(ids, dtype=object), time_col: ds, name: np.array(point, dtype=float)}
    ordered = levels or []
    for value, key in reversed(ordered):
        out[f"{name}-lo-{_frames.level_label(value)}"] = np.array(bounds[(key, "lower")], dtype=float)
    for value, key in ordered:
        out[f"{name}-hi-{_frames.level_label(value)}"] = np.array(bounds[(key, "upper")], dtype=float)
    return pd.DataFrame(out)


def _dates(pd: Any, stamps: List[str]) -> Any:
    # dates and UTC date-times as naive datetime64, as forecast_df answers a naive frame; offsets kept as aware
    if all(t.endswith("Z") or "T" not in t for t in stamps):
        return pd.DatetimeIndex([t[:-1] if t.endswith("Z") else t for t in stamps])
    return pd.to_datetime(stamps)
