"""The DataFrame calls against a real server: each answer row checked against the single-series call's."""
from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from tempo_forecast import RequestInvalidError, Tempo, TempoWarning

from series import seasonal


@pytest.fixture(scope="module")
def tempo(server):
    with Tempo(server.key("py-frames"), server.url) as client:
        yield client


def long_df(ids, lengths, starts, freq="M"):
    """A long frame: series `ids[k]` of `lengths[k]` values from `starts[k]`, on `freq`."""
    parts = []
    for k, (uid, n, start) in enumerate(zip(ids, lengths, starts)):
        parts.append(pd.DataFrame({"unique_id": [uid] * n, "ds": pd.date_range(start, periods=n, freq=freq),
                                   "y": seasonal(n, offset=k, level=50 + 10 * k)}))
    return pd.concat(parts, ignore_index=True)


def test_forecast_df_month_ends_many_series_shuffled_int_ids(tempo):
    ids = list(range(100, 125))
    lengths = [24 + (7 * k) % 40 for k in range(25)]
    starts = [f"{2015 + k % 5}-{1 + k % 12:02d}-01" for k in range(25)]
    df = long_df(ids, lengths, starts)  # month ends
    df.loc[df.index[[3, 50, 51, 400]], "y"] = np.nan
    shuffled = df.sample(frac=1, random_state=7)
    out = tempo.forecast_df(shuffled, 5, level=[80, 95], batch_size=7)
    assert list(out.columns) == ["unique_id", "ds", "tempo", "tempo-lo-95", "tempo-lo-80", "tempo-hi-80", "tempo-hi-95"]
    assert out["unique_id"].dtype == np.int64 and str(out["ds"].dtype) == "datetime64[ns]"
    assert len(out) == 25 * 5
    # the series in the order they first appear in the input
    assert list(dict.fromkeys(out["unique_id"])) == list(dict.fromkeys(shuffled["unique_id"]))
    for uid, rows in out.groupby("unique_id", sort=False):
        hist = df[df["unique_id"] == uid].sort_values("ds")
        single = tempo.forecast([None if math.isnan(v) else v for v in hist["y"]], 5, level=[80, 95],
                                timestamps=[d.strftime("%Y-%m-%d") for d in hist["ds"]])
        assert rows["tempo"].tolist() == single.forecast
        assert rows["tempo-lo-95"].tolist() == single.intervals["95"].lower
        assert rows["tempo-hi-80"].tolist() == single.intervals["80"].upper
        assert [d.strftime("%Y-%m-%d") for d in rows["ds"]] == single.timestamps
        # month ends stay month ends, through February
        assert all(d.is_month_end for d in rows["ds"])
        assert rows["ds"].iloc[0] == hist["ds"].iloc[-1] + pd.offsets.MonthEnd(1)


def test_forecast_df_string_ids_month_starts_and_missing_values_named_columns(tempo):
    df = long_df(["north", "south", "east"], [30, 40, 36], ["2019-01-01"] * 3, freq="MS")
    df.loc[[0, 1, 35], "y"] = np.nan
    df = df.rename(columns={"unique_id": "store", "ds": "month", "y": "sales"})
    out = tempo.forecast_df(df, 3, freq="MS", id_col="store", time_col="month", target_col="sales")
    assert list(out.columns) == ["store", "month", "tempo"]
    assert out["month"].tolist()[:3] == list(pd.date_range("2021-07-01", periods=3, freq="MS"))
    north = df[df["store"] == "north"]["sales"].tolist()
    assert out["tempo"].tolist()[:3] == tempo.forecast(north, 3, freq="MS",
                                                        timestamps=month_starts("2019-01-01", 30)).forecast


def month_starts(start, n):
    return [d.strftime("%Y-%m-%d") for d in pd.date_range(start, periods=n, freq="MS")]


def test_forecast_df_hourly_naive_and_tz_aware_daily(tempo):
    hourly = pd.DataFrame({"unique_id": "meter", "ds": pd.date_range("2024-03-01 00:00", periods=24 * 14, freq="h"),
                           "y": [10 + 5 * math.sin(2 * math.pi * i / 24) + (i % 5) for i in range(24 * 14)]})
    out = tempo.forecast_df(hourly, 3)
    assert out["ds"].tolist() == list(pd.date_range("2024-03-15 00:00", periods=3, freq="h"))
    daily = pd.DataFrame({"unique_id": "shop", "ds": pd.date_range("2024-03-01", periods=60, freq="D", tz="Europe/Berlin"),
                          "y": [20 + (i % 7) for i in range(60)]})
    out = tempo.forecast_df(daily, 2)
    # wall-clock midnights in the zone, across the spring change (31 March)
    assert str(out["ds"].dt.tz) == "Europe/Berlin"
    assert out["ds"].tolist() == list(pd.date_range("2024-04-30", periods=2, freq="D", tz="Europe/Berlin"))


def test_forecast_df_integer_ds_and_categorical_ids(tempo):
    df = pd.DataFrame({"unique_id": pd.Categorical(["a"] * 30 + ["b"] * 20),
                       "ds": list(range(0, 60, 2)) + list(range(100, 140, 2)),
                       "y": seasonal(30) + seasonal(20, offset=3)})
    out = tempo.forecast_df(df, 2, freq=2, season_length=12)
    assert str(out["unique_id"].dtype) == "category"
    assert out["ds"].tolist() == [60, 62, 140, 142]
    assert out["tempo"].tolist()[:2] == tempo.forecast(seasonal(30), 2, season_length=12).forecast
    with pytest.raises(ValueError, match=r"unique_id='b': ds 104 does not follow 100 by the step 2"):
        tempo.forecast_df(df.drop(index=31), 2, freq=2)


def test_forecast_df_level_labels_follow_statsforecast(tempo):
    df = long_df(["x"], [36], ["2020-01-31"])
    out = tempo.forecast_df(df, 2, level=[97.5, 50])
    assert list(out.columns) == ["unique_id", "ds", "tempo", "tempo-lo-97.5", "tempo-lo-50", "tempo-hi-50", "tempo-hi-97.5"]
    assert (out["tempo-lo-97.5"] <= out["tempo-lo-50"]).all() and (out["tempo-hi-50"] <= out["tempo-hi-97.5"]).all()


def test_forecast_df_names_the_row_of_a_date_the_server_refuses(tempo):
    df = long_df(["a", "b"], [24, 24], ["2020-01-31", "2020-01-31"])
    gap = df.drop(index=24 + 10)
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_df(gap, 2)
    e = caught.value
    located = [f for f in e.errors if f.unique_id is not None]
    assert located and located[0].unique_id == "b" and located[0].ds == pd.Timestamp("2020-12-31")
    assert located[0].pointer.startswith("/series/1/timestamps/") and located[0].series_id == "1"
    assert str(e).startswith("Request invalid: unique_id='b', ds=2020-12-31: ")
    assert e.detail in str(e) and "series/1/timestamps/10" in e.detail
    repeat = pd.concat([df, df.iloc[[5]]])
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_df(repeat, 2)
    assert caught.value.errors[0].unique_id == "a" and caught.value.errors[0].ds == pd.Timestamp("2020-06-30")
    empty = df.copy()
    empty.loc[empty["unique_id"] == "b", "y"] = np.nan
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_df(empty, 2)
    assert caught.value.errors[0].unique_id == "b"


def test_forecast_df_refuses_bad_frames_before_sending(tempo):
    df = long_df(["a"], [12], ["2020-01-31"])
    with pytest.raises(ValueError, match="no column 'y'"):
        tempo.forecast_df(df.drop(columns="y"), 2)
    with pytest.raises(ValueError, match="no rows"):
        tempo.forecast_df(df.iloc[:0], 2)
    with pytest.raises(TypeError, match="DataFrame"):
        tempo.forecast_df(df.to_dict(), 2)
    text = df.astype({"y": object})
    text.loc[4, "y"] = "n/a"
    with pytest.raises(ValueError, match=r"column 'y' at row 4 is not a number \('n/a'\)"):
        tempo.forecast_df(text, 2)
    nat = df.copy()
    nat.loc[2, "ds"] = pd.NaT
    with pytest.raises(ValueError, match="column 'ds' is empty at row 2"):
        tempo.forecast_df(nat, 2)
    inf = df.copy()
    inf.loc[3, "y"] = np.inf
    with pytest.raises(ValueError, match="infinite at row 3"):
        tempo.forecast_df(inf, 2)
    with pytest.raises(ValueError, match="not dates"):
        tempo.forecast_df(df.assign(ds="someday"), 2)
    mixed = df.assign(ds=[f"2020-{m:02d}-01T00:00:00{'+01:00' if m % 2 else '+02:00'}" for m in range(1, 13)])
    with pytest.raises(ValueError, match="mixes time zones or offsets"):
        tempo.forecast_df(mixed, 2)
    # text dates are read as dates
    text_dates = df.assign(ds=df["ds"].dt.strftime("%Y-%m-%d"))
    assert tempo.forecast_df(text_dates, 2)["ds"].tolist() == [pd.Timestamp("2021-01-31"), pd.Timestamp("2021-02-28")]


def test_forecast_df_leaves_out_a_series_the_model_refuses_and_says_so(tempo):
    df = long_df(["ok", "huge"], [24, 24], ["2020-01-31"] * 2)
    df.loc[df["unique_id"] == "huge", "y"] = [-1.7e308, 1.7e308] * 12
    with pytest.warns(TempoWarning, match=r"1 series could not be forecast.*unique_id='huge'.*too large"):
        out = tempo.forecast_df(df, 2)
    assert out["unique_id"].tolist() == ["ok", "ok"]


def test_cross_validation_df_matches_the_single_series_backtests(tempo):
    df = long_df(["a", "b"], [40, 30], ["2018-01-31", "2019-06-30"])
    out = tempo.cross_validation_df(df, 3, n_windows=2, step_size=2, level=[80])
    assert list(out.columns) == ["unique_id", "ds", "cutoff", "y", "tempo", "tempo-lo-80", "tempo-hi-80"]
    assert len(out) == 2 * 2 * 3
    b_hist = df[df["unique_id"] == "b"].reset_index(drop=True)
    single = tempo.cross_validation(b_hist["y"].tolist(), 3, n_windows=2, step_size=2, level=[80],
                                    timestamps=[d.strftime("%Y-%m-%d") for d in b_hist["ds"]])
    b = out[out["unique_id"] == "b"]
    assert b["tempo"].tolist() == single.windows[0].forecast + single.windows[1].forecast
    assert b["cutoff"].tolist() == [pd.Timestamp(single.windows[0].cutoff)] * 3 + [pd.Timestamp(single.windows[1].cutoff)] * 3
    assert b["ds"].tolist() == b_hist["ds"].tolist()[-5:-2] + b_hist["ds"].tolist()[-3:]
    assert b["y"].tolist() == single.windows[0].actual + single.windows[1].actual
    assert (b["ds"] > b["cutoff"]).all()
    # a series too short for the windows asked is refused, and the error names it
    short = pd.concat([df, long_df(["short"], [6], ["2020-01-31"])])
    with pytest.raises(RequestInvalidError) as caught:
        tempo.cross_validation_df(short, 3, n_windows=2)
    assert {e.unique_id for e in caught.value.errors} == {"short"}
    assert str(caught.value).startswith("Request invalid: unique_id='short'")


def test_detect_anomalies_df_answers_the_anomalous_rows(tempo):
    df = long_df(["calm", "spiky"], [48, 48], ["2019-01-31"] * 2)
    spike = df.index[(df["unique_id"] == "spiky")][30]
    df.loc[spike, "y"] += 80
    out = tempo.detect_anomalies_df(df, season_length=12)
    assert list(out.columns) == ["unique_id", "ds", "y", "tempo", "tempo-lo-99", "tempo-hi-99"]
    assert out["unique_id"].tolist() == ["spiky"]
    row = out.iloc[0]
    assert row["ds"] == df.loc[spike, "ds"] and row["y"] == df.loc[spike, "y"]
    assert row["tempo-lo-99"] <= row["tempo"] <= row["tempo-hi-99"] < row["y"]
    none = tempo.detect_anomalies_df(df[df["unique_id"] == "calm"], level=95)
    assert list(none.columns)[-2:] == ["tempo-lo-95", "tempo-hi-95"] and len(none) == 0


def test_without_pandas_the_client_works_and_the_dataframe_calls_say_what_to_install(server):
    key = server.key("py-no-pandas")
    code = (
        "import sys\n"
        "sys.modules['pandas'] = None\nsys.modules['numpy'] = None\n"
        "from tempo_forecast import Tempo\n"
        f"t = Tempo({key!r}, {server.url!r})\n"
        "print(len(t.forecast([1.0, 2.0, float('nan'), 4.0], 2).forecast))\n"
        "try:\n    t.forecast_df(object(), 2)\nexcept ImportError as e:\n    print(e)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "2"
    assert "pip install 'tempo-forecast[pandas]'" in lines[1] and "python3-pandas" in lines[1]
