"""Every call of the client against a real server, checked against what the server answers."""
from __future__ import annotations

import datetime as dt
import json
import math
import urllib.request

import numpy as np
import pandas as pd
import pytest

from tempo_forecast import (
    AnomaliesResult, BatchForecast, BatchSeries, ForecastManyProgress, RequestInvalidError, Tempo,
)

from series import month_ends, seasonal


def raw_post(server, key: str, path: str, body: dict) -> dict:
    """The server's own answer to a body, sent without the client, to compare the client's reading with."""
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as res:
        return json.loads(res.read())


@pytest.fixture
def tempo(server, key):
    with Tempo(key, server.url) as client:
        yield client


def test_forecast_reads_every_field_of_the_answer(server, key, tempo):
    series = seasonal(48)
    series[5] = math.nan
    r = tempo.forecast(series, 6, level=[80, 95], fitted=True)
    expected = raw_post(server, key, "/tempo/v1/forecast",
                        {"series": [None if math.isnan(v) else v for v in series], "horizon": 6, "level": [80, 95], "fitted": True})
    assert r.forecast == expected["forecast"]
    assert set(r.intervals) == {"80", "95"}
    assert r.intervals["95"].lower == expected["intervals"]["95"]["lower"]
    assert r.intervals["80"].upper == expected["intervals"]["80"]["upper"]
    assert r.fitted == expected["fitted"] and len(r.fitted) == 48
    assert r.fitted_intervals["80"].lower == expected["fitted_intervals"]["80"]["lower"]
    assert r.model == "tempo"
    assert r.method.components == expected["method"]["components"]
    assert r.method.season_length == expected["method"]["season_length"]
    assert r.method.raw == expected["method"]
    assert r.request_id and r.request_id.startswith("req_")
    assert r.rate_limit is not None and r.rate_limit.policies[0].name == "minute"
    assert tempo.last_rate_limit == r.rate_limit


def test_forecast_with_dates_answers_the_future_dates_and_freq(tempo):
    r = tempo.forecast(seasonal(36), 3, timestamps=month_ends(2021, 1, 36))
    assert r.timestamps == ["2024-01-31", "2024-02-29", "2024-03-31"]
    assert r.freq == "P1M"
    assert r.method.season_length == 12


def test_forecast_takes_numpy_and_pandas_values(tempo):
    values = np.array(seasonal(30))
    values[3] = np.nan
    a = tempo.forecast(values, 2)
    b = tempo.forecast(pd.Series(values), np.int64(2), season_length=np.int64(12))
    c = tempo.forecast([None if i == 3 else float(v) for i, v in enumerate(values)], 2)
    assert a.forecast == c.forecast
    assert len(b.forecast) == 2


def test_infinity_is_refused_before_sending_with_its_place(tempo):
    with pytest.raises(ValueError, match=r"series\[2\] is not finite"):
        tempo.forecast([1.0, 2.0, math.inf, 3.0], 1)
    with pytest.raises(ValueError, match=r"series\[1\] is not finite"):
        tempo.forecast(np.array([1.0, -np.inf]), 1)


def test_validate_and_models(server):
    k = server.key("py-validate", rpm=7, rph=70, expires="2099-01-31")
    t = Tempo(k, server.url)
    v = t.validate()
    assert v.valid and v.status == "active" and v.env == "live"
    assert v.organization_id == "py-validate" and v.project_id == "p" and v.user_id == "u"
    assert (v.rate_limit_per_minute, v.rate_limit_per_hour) == (7, 70)
    assert v.expires_at == dt.datetime(2099, 1, 31, tzinfo=dt.timezone.utc)
    assert k.split("-")[1] == v.key_id
    server.cli("models", "create", "--org", "py-validate", "--name", "py-weekly", "--config", '{"season_length": 7}')
    m = t.models()
    assert m.organization_id == "py-validate"
    assert [x.name for x in m.models] == ["tempo", "py-weekly"]
    assert m.models[0].default and not m.models[1].default
    assert m.models[1].config == {"season_length": 7}
    assert isinstance(m.models[1].created_at, dt.datetime)
    # the organization's own model answers in its name
    assert t.forecast(seasonal(30), 2, model="py-weekly").model == "py-weekly"
    assert t.validate(model="py-weekly").key_id == v.key_id


def test_cross_validation(tempo):
    r = tempo.cross_validation(seasonal(40), 3, n_windows=2, step_size=2, level=[80])
    assert [w.cutoff for w in r.windows] == [34, 36]
    assert r.windows[1].actual == pytest.approx(seasonal(40)[37:40])
    assert len(r.windows[0].forecast) == 3 and len(r.windows[0].intervals["80"].lower) == 3
    assert r.metrics.mase is not None and r.metrics.mase > 0
    assert set(r.metrics.coverage) == {"80"}
    dated = tempo.cross_validation(seasonal(40), 3, n_windows=1, timestamps=month_ends(2020, 1, 40))
    assert dated.windows[0].cutoff == "2023-01-31" and dated.freq == "P1M"


def test_detect_anomalies_finds_a_spike_and_names_its_date(tempo):
    series = seasonal(48)
    series[30] += 80
    r = tempo.detect_anomalies(series, season_length=12, timestamps=month_ends(2020, 1, 48))
    assert isinstance(r, AnomaliesResult)
    assert r.level == 99
    assert [a.index for a in r.anomalies] == [30]
    a = r.anomalies[0]
    assert a.timestamp == "2022-07-31" and a.value == pytest.approx(series[30])
    assert a.lower <= a.expected <= a.upper < a.value
    assert tempo.detect_anomalies(seasonal(48), level=90.5).level == 90.5


def test_forecast_batch_answers_whole_in_request_order(tempo):
    series = [BatchSeries(f"s{i}", seasonal(30 + i, offset=i)) for i in range(5)]
    series.append({"id": "dated", "values": seasonal(24), "timestamps": month_ends(2022, 1, 24), "season_length": 12})
    r = tempo.forecast_batch(series, 4, level=[95])
    assert r.model == "tempo"
    assert [f.id for f in r.forecasts] == ["s0", "s1", "s2", "s3", "s4", "dated"]
    single = tempo.forecast(seasonal(32, offset=2), 4, level=[95])
    assert r.forecasts[2].forecast == single.forecast
    assert r.forecasts[2].intervals["95"] == single.intervals["95"]
    assert r.forecasts[5].timestamps == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"]
    assert r.forecasts[5].method.season_length == 12


def test_forecast_many_streams_in_batches_with_progress(tempo):
    progress = []
    source = ({"id": f"s{i}", "values": seasonal(24 + i, offset=i)} for i in range(7))
    items = list(tempo.forecast_many(source, 3, batch_size=3, level=[80], on_progress=progress.append))
    assert [i.id for i in items] == [f"s{i}" for i in range(7)]
    assert all(isinstance(i, BatchForecast) and len(i.forecast) == 3 for i in items)
    assert progress[-1] == ForecastManyProgress(7, 3)
    assert [p.batches for p in progress] == [0, 0, 1, 1, 1, 2, 3]
    # the same numbers as one request each
    assert items[4].forecast == tempo.forecast(seasonal(28, offset=4), 3).forecast


def test_forecast_many_splits_batches_by_values_too(tempo):
    sent = []
    items = list(tempo.forecast_many(({"id": str(i), "values": seasonal(30)} for i in range(5)), 1, batch_values=70,
                                     on_progress=sent.append))
    assert len(items) == 5
    # 30 + 30 fit in 70 values, a third series would not: batches of 2, 2 and 1
    assert sent[-1].batches == 3


def test_forecast_many_checks_its_arguments_when_called():
    t = Tempo("tempo-abcdefghijklmnop-secretsecretsecretsecret", "http://127.0.0.1:9")
    with pytest.raises(ValueError, match="batch_size"):
        t.forecast_many([], 1, batch_size=0)
    with pytest.raises(TypeError, match=r"series\[1\] needs an id and values"):
        list(t.forecast_many([{"id": "a", "values": [1]}, {"values": [1]}], 1))


def test_a_bad_series_in_a_batch_names_its_id(tempo):
    series = [{"id": f"s{i}", "values": seasonal(20)} for i in range(4)]
    series[2]["values"] = seasonal(20)[:5] + ["x"] + seasonal(20)[6:]
    with pytest.raises(RequestInvalidError) as caught:
        list(tempo.forecast_many(series[:1] + series[1:], 2, batch_size=10))
    e = caught.value
    assert any(f.pointer == "/series/2/values/5" and f.series_id == "s2" for f in e.errors)
    # in the third batch of one, the pointer counts within its request, and series_id says which it is
    with pytest.raises(RequestInvalidError) as caught:
        list(tempo.forecast_many(series, 2, batch_size=1))
    assert [(f.pointer, f.series_id) for f in caught.value.errors] == [("/series/0/values/5", "s2")]
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_batch(series, 2)
    assert [(f.pointer, f.series_id) for f in caught.value.errors] == [("/series/2/values/5", "s2")]


def test_client_checks_its_options():
    with pytest.raises(TypeError, match="api_key"):
        Tempo("has a space", "http://127.0.0.1:1")
    with pytest.raises(ValueError, match="base_url"):
        Tempo("tempo-a-b", "ftp://example.com")
    with pytest.raises(ValueError, match="credentials"):
        Tempo("tempo-a-b", "http://user:pw@example.com")
    with pytest.raises(ValueError, match="model"):
        Tempo("tempo-a-b", "http://127.0.0.1:1", model="a/b")
    with pytest.raises(ValueError, match="timeout"):
        Tempo("tempo-a-b", "http://127.0.0.1:1", timeout=0)
    with pytest.raises(ValueError, match="max_retries"):
        Tempo("tempo-a-b", "http://127.0.0.1:1", max_retries=-1)
    t = Tempo("tempo-a-b", "http://127.0.0.1:1/prefix/")
    assert t.base_url == "http://127.0.0.1:1/prefix"


def test_one_client_shared_by_threads(server):
    from concurrent.futures import ThreadPoolExecutor

    t = Tempo(server.key("py-threads"), server.url)
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: t.validate().organization_id, range(40)))
    assert answers == ["py-threads"] * 40
    # the connections were kept and reused: at most one per thread is left idle
    assert 1 <= len(t._transport._idle) <= 8
    t.close()
    assert t._transport._idle == []
