"""The job calls against a real ``tempo serve``: a DataFrame and a gzipped CSV file as jobs, answered as
``forecast_df`` answers; waiting with progress; results streamed; pages, cancelling, the organization boundary and
bad input as their typed errors."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from tempo_forecast import (
    BatchForecast, JobExpiredError, JobFailedError, JobNotFinishedError, JobNotFoundError, RequestInvalidError, Tempo,
)

from series import seasonal


@pytest.fixture(scope="module")
def tempo(server):
    with Tempo(server.key("py-jobs"), server.url) as client:
        yield client


def frame(ids, n=30):
    parts = [pd.DataFrame({"unique_id": [uid] * (n + k), "ds": pd.date_range("2017-01-01", periods=n + k, freq="MS"),
                           "y": seasonal(n + k, offset=k, level=60 + 5 * k)}) for k, uid in enumerate(ids)]
    return pd.concat(parts, ignore_index=True)


def test_a_dataframe_job_answers_what_forecast_df_answers(tempo):
    df = frame(["north", "south", "east", "west"])
    seen = []
    job = tempo.create_job(df, 4, level=[80, 95])
    assert job.id.startswith("job_") and job.progress.series == 4
    done = tempo.wait_for_job(job.id, interval=0.05, on_progress=seen.append)
    assert done.status == "succeeded" and done.progress.done == 4 and done.finished
    assert seen[-1].status == "succeeded"
    assert [s.progress.done for s in seen] == sorted(s.progress.done for s in seen)
    out = tempo.job_results_df(job.id)
    expected = tempo.forecast_df(df, 4, level=[80, 95])
    assert list(out.columns) == list(expected.columns)
    pd.testing.assert_frame_equal(out.reset_index(drop=True), expected.reset_index(drop=True), check_dtype=False)
    assert [item.id for item in tempo.job_results(job.id)] == ["north", "south", "east", "west"]


def test_a_gzipped_csv_file_job_streams_its_results(tempo, tmp_path: Path):
    df = frame(["a", "b"], n=26)
    path = tmp_path / "history.csv"
    df.assign(ds=df["ds"].dt.strftime("%Y-%m-%d")).to_csv(path, index=False)
    job = tempo.create_job(path, 3, level=[95], gzip=True)
    tempo.wait_for_job(job.id, interval=0.05)
    items = list(tempo.job_results(job.id))
    assert [i.id for i in items] == ["a", "b"]
    assert all(isinstance(i, BatchForecast) and len(i.forecast) == 3 and "95" in i.intervals for i in items)
    assert str(items[0].timestamps) == "['2019-03-01', '2019-04-01', '2019-05-01']"


def test_a_bad_row_refuses_the_job_by_line_and_column(tempo, tmp_path: Path):
    path = tmp_path / "bad.csv"
    path.write_text("unique_id,ds,y\na,2024-01-01,1\na,2024-02-01,12x\n")
    with pytest.raises(RequestInvalidError) as caught:
        tempo.create_job(str(path), 2)
    assert "line 3" in str(caught.value.body)
    assert caught.value.attempts == 1


def test_another_organizations_job_is_not_found(server, tempo):
    job = tempo.create_job([{"id": "x", "values": seasonal(24)}], 2)
    with Tempo(server.key("py-jobs-other"), server.url) as other:
        for call in (lambda: other.get_job(job.id), lambda: list(other.job_results(job.id)), lambda: other.cancel_job(job.id)):
            with pytest.raises(JobNotFoundError):
                call()
        assert job.id not in [j.id for j in other.list_jobs()]
    assert tempo.get_job(job.id).id == job.id


def test_a_queued_job_has_no_results_and_is_cancelled(new_server):
    idle = new_server({"TEMPO_JOB_WORKERS": "0"})
    with Tempo(idle.key("py-idle", rpm=10_000, rph=100_000), idle.url) as client:
        job = client.create_job([{"id": "x", "values": seasonal(24)}, {"id": "y", "values": seasonal(30)}], 2)
        assert client.get_job(job.id).status == "queued"
        with pytest.raises(JobNotFinishedError) as early:
            list(client.job_results(job.id))
        assert early.value.attempts == 1 and early.value.retry_after is not None
        made = [job.id] + [client.create_job([{"id": "z", "values": [1.0, 2.0, 3.0]}], 1).id for _ in range(52)]
        listed = [j.id for j in client.list_jobs()]
        assert listed == list(reversed(made))
        assert [j.id for j in client.list_jobs(page_size=9)] == listed
        with pytest.raises(ValueError):
            client.list_jobs(page_size=0)
        client.cancel_job(job.id)
        assert client.get_job(job.id).status == "cancelled"
        with pytest.raises(JobFailedError) as failed:
            client.wait_for_job(job.id)
        assert failed.value.status == "cancelled"
        with pytest.raises(JobExpiredError):
            list(client.job_results(job.id))
