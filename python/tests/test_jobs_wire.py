"""The job calls' parts that need no server: the query a job's settings become, the upload's bytes (a CSV file in
slices, a DataFrame's series as NDJSON, gzip), a job body read into a Job, the poll pacing, answers to a DataFrame."""
from __future__ import annotations

import gzip as gzip_module
import json
import warnings
from pathlib import Path
from urllib.parse import parse_qsl

import pandas as pd
import pytest

from tempo_forecast import BatchForecast, BatchRefusal, Interval, JobFailedError, TempoWarning
from tempo_forecast import _jobs
from tempo_forecast._wire import job_query, job_result
from tempo_forecast.client import poll_delay
from tempo_forecast.types import SeriesError


def test_query_names_what_was_given_in_the_api_names() -> None:
    assert job_query(12) == "horizon=12"
    q = parse_qsl(job_query(6, level=[80, 97.5], quantiles=[0.1, 0.9], freq="MS", season_length=12, fitted=True,
                            holidays="AU-VIC", on_invalid="skip"))
    assert q == [("horizon", "6"), ("level", "80"), ("level", "97.5"), ("quantiles", "0.1"), ("quantiles", "0.9"),
                 ("freq", "MS"), ("season_length", "12"), ("fitted", "true"), ("holidays", "AU-VIC"), ("on_invalid", "skip")]
    with pytest.raises(ValueError, match="on_invalid"):
        job_query(3, on_invalid="drop")
    with pytest.raises(TypeError):
        job_query(2.5)  # type: ignore[arg-type]


def test_a_csv_file_is_read_in_slices_as_sent_and_can_be_read_again(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    text = "unique_id,ds,y\n" + "".join(f"s{i % 50},2024-01-{1 + i // 50:02d},{i}\n" for i in range(8000))
    path.write_text(text)
    read = _jobs.csv_chunks(path)
    first = list(read())
    assert max(len(c) for c in first) == 1 << 16 and b"".join(first).decode() == text
    assert b"".join(read()) == b"".join(first)
    assert gzip_module.decompress(b"".join(_jobs.gzipped(read()))).decode() == text
    with pytest.raises(FileNotFoundError):
        _jobs.csv_chunks(tmp_path / "missing.csv")


def test_a_dataframe_becomes_ndjson_series_named_by_unique_id() -> None:
    df = pd.DataFrame({"unique_id": [7, 7, 7, 3, 3], "ds": pd.to_datetime(["2024-01-01", "2024-02-01", "2024-03-01", "2024-01-01", "2024-02-01"]),
                       "y": [1.0, float("nan"), 3.0, 4.0, 5.0]})
    read, freq = _jobs.frame_chunks(df, "unique_id", "ds", "y", "MS")
    assert freq == "MS"
    lines = [json.loads(line) for line in b"".join(read()).decode().splitlines()]
    assert lines == [{"id": "7", "values": [1.0, None, 3.0], "timestamps": ["2024-01-01", "2024-02-01", "2024-03-01"]},
                     {"id": "3", "values": [4.0, 5.0], "timestamps": ["2024-01-01", "2024-02-01"]}]
    with pytest.raises(ValueError, match="needs dates"):
        _jobs.frame_chunks(pd.DataFrame({"unique_id": ["a"], "ds": [1], "y": [1.0]}), "unique_id", "ds", "y", None)


def test_a_job_body_and_its_failure() -> None:
    job = job_result({"id": "job_1", "model": "tempo", "status": "failed", "progress": {"series": 9, "done": 5, "failed": 4},
                      "created_at": "2026-11-26T18:00:00.000Z", "finished_at": "2026-11-26T18:01:00.000Z",
                      "errors": [{"id": "b", "code": "INTERNAL_ERROR", "detail": "worker lost"}], "errors_total": 4}, "req_1")
    assert (job.progress.series, job.progress.done, job.progress.failed, job.errors_total) == (9, 5, 4, 4)
    assert job.created_at.isoformat() == "2026-11-26T18:00:00+00:00" and job.started_at is None and job.finished
    error = JobFailedError(job)
    assert str(error) == "job job_1 failed: series b: worker lost"


def test_polls_grow_by_half_to_a_ceiling_and_follow_retry_after() -> None:
    assert [round(poll_delay(k, None, 1.0, 10.0, 60.0), 3) for k in range(8)] == [1.0, 1.5, 2.25, 3.375, 5.062, 7.594, 10.0, 10.0]
    assert poll_delay(0, 3.0, 1.0, 10.0, 60.0) == 3.0
    assert poll_delay(4, 3600.0, 1.0, 10.0, 60.0) == 60.0


def test_answers_become_a_long_frame_with_interval_columns_and_refusals_warned() -> None:
    items = [
        BatchForecast("a", [1.0, 2.0], {"95": Interval([0.0, 1.0], [2.0, 3.0]), "80": Interval([0.5, 1.5], [1.5, 2.5])},
                      ["2024-04-01", "2024-05-01"], "P1M", None),
        BatchRefusal("b", SeriesError("REQUEST_INVALID", "no values", "/series/1")),
        BatchForecast("c", [5.0, 6.0], {"95": Interval([4.0, 5.0], [6.0, 7.0]), "80": Interval([4.5, 5.5], [5.5, 6.5])},
                      ["2024-04-01", "2024-05-01"], "P1M", None),
    ]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        df = _jobs.results_frame(items, "tempo", "unique_id", "ds")
    assert [w.category for w in caught] == [TempoWarning]
    assert list(df.columns) == ["unique_id", "ds", "tempo", "tempo-lo-95", "tempo-lo-80", "tempo-hi-80", "tempo-hi-95"]
    assert df["unique_id"].tolist() == ["a", "a", "c", "c"]
    assert df["ds"].tolist() == list(pd.to_datetime(["2024-04-01", "2024-05-01"] * 2))
    assert df["tempo-lo-80"].tolist() == [0.5, 1.5, 4.5, 5.5]
