"""Tuned models against a real server: create, look, wait, forecast with, delete; and their typed errors."""
from __future__ import annotations

import os
import sqlite3
import time

import pandas as pd
import pytest

from tempo_forecast import (
    ConflictError, ModelNameTakenError, ModelNotAvailableError, ModelNotReadyError, ModelTuningFailedError,
    RequestInvalidError, Tempo, TunedModel,
)

from series import month_ends, seasonal

# ten series: a segment needs ten to be tuned
SMALL = [{"id": f"s{i}", "values": seasonal(40 + 6 * i, offset=i)} for i in range(10)]
# long enough to keep the server's one tuning at a time busy for a while
LARGE = [{"id": f"s{i}", "values": seasonal(300, offset=i)} for i in range(600)]


def test_create_wait_forecast_delete_and_the_conflicts_on_the_way(server):
    org = "py-tune"
    t = Tempo(server.key(org), server.url)
    busy = t.create_model("py-busy", LARGE, 6)
    assert busy.status == "tuning" and busy.progress == 0
    # queued behind py-busy, so it is certainly still tuning when it is asked to forecast
    created = t.create_model("py-small", SMALL, 4)
    assert isinstance(created, TunedModel) and created.name == "py-small" and created.base == "tempo"
    assert created.status == "tuning" and created.config is None
    with pytest.raises(ModelNotReadyError) as caught:
        t.forecast(seasonal(30), 2, model="py-small", max_retries=0)
    assert isinstance(caught.value, ConflictError) and caught.value.code == "MODEL_NOT_READY"
    assert caught.value.retry_after > 0 and caught.value.status == 409
    assert t.get_model("py-small").status == "tuning"

    t.delete_model("py-busy")
    with pytest.raises(ModelNotAvailableError):
        t.get_model("py-busy")
    seen = []
    ready = t.wait_for_model("py-small", interval=0.05, on_progress=seen.append)
    assert ready.status == "ready" and ready.progress == 1 and seen[-1] == ready
    assert ready.report["holdout"]["base"]["mase"] > 0
    assert ready.updated_at >= ready.created_at
    assert t.forecast(seasonal(30), 2, model="py-small").model == "py-small"
    assert [m.name for m in t.models().tuned] == ["py-small"]

    # a taken name is never retried, however many retries are allowed
    with pytest.raises(ModelNameTakenError) as caught:
        t.create_model("py-small", SMALL, 4, max_retries=3)
    assert caught.value.attempts == 1 and caught.value.code == "MODEL_NAME_TAKEN"
    assert [e.pointer for e in caught.value.errors] == ["/name"]

    t.delete_model("py-small")
    with pytest.raises(ModelNotAvailableError):
        t.forecast(seasonal(30), 2, model="py-small")


def test_a_bad_training_body_is_refused_with_pointers(server):
    t = Tempo(server.key("py-tune-bad"), server.url)
    with pytest.raises(RequestInvalidError) as caught:
        t.create_model("Bad Name", SMALL, 4)
    assert "/name" in [e.pointer for e in caught.value.errors]
    dated = [{**s, "timestamps": month_ends(2018, 1, len(s["values"]))} for s in SMALL]
    dated[2]["timestamps"][5] = "2018-13-01"
    with pytest.raises(RequestInvalidError) as caught:
        t.create_model("py-dated-bad", dated, 4)
    assert "/training/series/2/timestamps/5" in [e.pointer for e in caught.value.errors]


def test_create_model_from_a_long_dataframe_sends_its_dates(server):
    t = Tempo(server.key("py-tune-df"), server.url)
    df = pd.concat([pd.DataFrame({"unique_id": s["id"], "ds": pd.date_range("2018-01-01", periods=len(s["values"]), freq="MS"),
                                  "y": s["values"]}) for s in SMALL])
    t.create_model("py-df", df.sample(frac=1, random_state=3), 4)
    ready = t.wait_for_model("py-df", interval=0.05)
    # monthly dates put the calendar's 12 among the candidates tried
    assert {"season_length": 12} in [c["config"] for c in ready.report["candidates"]]


def test_wait_for_model_raises_when_tuning_failed(new_server):
    first = new_server({"TEMPO_TUNING_STALE_MS": "1000"})
    t = Tempo(first.key("py-fail"), first.url)
    t.create_model("py-interrupted", LARGE, 6)
    # the server dies mid-tuning and its stored training input is lost (a server resumes a tuning
    # from that input, so without it the next server on the same store can only mark it failed)
    first.kill()
    db = sqlite3.connect(os.path.join(first.data_dir, "tempo.db"))
    with db:
        assert db.execute("DELETE FROM tuning_inputs WHERE name = ?", ("py-interrupted",)).rowcount == 1
    db.close()
    time.sleep(1.5)
    second = new_server({"TEMPO_TUNING_STALE_MS": "1000"}, data_dir=first.data_dir)
    t2 = Tempo(t._key.reveal(), second.url)
    with pytest.raises(ModelTuningFailedError) as caught:
        t2.wait_for_model("py-interrupted", interval=0.05)
    assert caught.value.model == "py-interrupted" and caught.value.reason
    assert "py-interrupted" in str(caught.value)
