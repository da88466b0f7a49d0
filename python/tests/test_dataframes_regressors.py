"""forecast_df with regressor columns (their future in X_df or in each series' last h rows), holidays and
quantiles, against a real server: each answer row checked against the single-series endpoint's answer to the
same series, sent as JSON by hand."""
from __future__ import annotations

import json
import math
import urllib.request
from typing import Any, Dict

import numpy as np
import pandas as pd
import pytest

from tempo_forecast import RequestInvalidError, Tempo

from series import seasonal


@pytest.fixture(scope="module")
def key(server):
    return server.key("py-regressors")


@pytest.fixture(scope="module")
def tempo(server, key):
    with Tempo(key, server.url) as client:
        yield client


@pytest.fixture(scope="module")
def single(server, key):
    """POST /tempo/v1/forecast with a body written by hand: the answer forecast_df's rows must repeat."""
    def post(body: Dict[str, Any]) -> Dict[str, Any]:
        request = urllib.request.Request(f"{server.url}/tempo/v1/forecast", data=json.dumps(body).encode(), method="POST",
                                         headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())  # type: ignore[no-any-return]
    return post


def promo_frame(ids, n, h, start="2024-01-01"):
    """Daily series with a price and an irregular promotion that lifts them, history then h future rows (y empty)."""
    parts = []
    for k, uid in enumerate(ids):
        t = np.arange(n + h)
        promo = ((t * 5 + k) % 11 < 2).astype(float)
        price = 10 - (t % 5) * 0.5
        y = 100 + 10 * k + 25 * promo - 3 * price + np.sin(t * 0.9 + k) * 2
        y[n:] = np.nan
        parts.append(pd.DataFrame({"unique_id": uid, "ds": pd.date_range(start, periods=n + h, freq="D"), "y": y,
                                   "promo": promo, "price": price}))
    return pd.concat(parts, ignore_index=True)


def wire(values):
    return [None if isinstance(v, float) and math.isnan(v) else v for v in values]


def test_regressor_columns_with_their_future_as_each_series_last_rows(tempo, single):
    df = promo_frame(["a", "b"], 56, 4)
    out = tempo.forecast_df(df, 4, level=[90])
    assert list(out.columns) == ["unique_id", "ds", "tempo", "tempo-lo-90", "tempo-hi-90"]
    for uid, rows in out.groupby("unique_id", sort=False):
        s = df[df["unique_id"] == uid]
        assert rows["ds"].tolist() == s["ds"].tolist()[-4:]
        answer = single({"series": wire(s["y"].tolist()[:-4]), "horizon": 4, "level": [90],
                         "timestamps": [d.strftime("%Y-%m-%d") for d in s["ds"][:-4]],
                         "regressors": {"promo": s["promo"].tolist(), "price": s["price"].tolist()}})
        assert rows["tempo"].tolist() == answer["forecast"]
        assert rows["tempo-hi-90"].tolist() == answer["intervals"]["90"]["upper"]
        # the server saw both regressors (and used at least one: the answer without them differs, below)
        method = answer["method"]
        assert {r["name"] for r in method["regressors"]} | set(method.get("regressors_dropped", [])) == {"promo", "price"}
        assert method["regressors"]


def test_x_df_gives_the_same_answer_as_future_rows(tempo):
    df = promo_frame(["a", "b", "c"], 50, 3)
    future = df["y"].isna()
    x_df = df[future].drop(columns="y").sample(frac=1, random_state=3)
    from_rows = tempo.forecast_df(df, 3)
    from_x = tempo.forecast_df(df[~future], 3, X_df=x_df)
    pd.testing.assert_frame_equal(from_rows, from_x)
    # and the regressors change the answer: without them it differs
    plain = tempo.forecast_df(df[~future].drop(columns=["promo", "price"]), 3)
    assert plain["tempo"].tolist() != from_x["tempo"].tolist()


def test_integer_ds_with_regressors(tempo, single):
    n, h = 40, 3
    x = [float((i * 3) % 4) for i in range(n + h)]
    y = [50 + 8 * v + (i % 3) for i, v in enumerate(x[:n])] + [np.nan] * h
    df = pd.DataFrame({"unique_id": 7, "ds": list(range(0, 2 * (n + h), 2)), "y": y, "x": x})
    out = tempo.forecast_df(df, h, freq=2)
    assert out["ds"].tolist() == [80, 82, 84]
    assert out["tempo"].tolist() == single({"series": y[:n], "horizon": h, "regressors": {"x": x}})["forecast"]


def test_holidays_and_quantiles(tempo, single):
    n = 120
    ds = pd.date_range("2024-10-01", periods=n, freq="D")
    y = [200 + 20 * (d.dayofweek < 5) + (i % 3) for i, d in enumerate(ds)]
    df = pd.DataFrame({"unique_id": "shop", "ds": ds, "y": y})
    out = tempo.forecast_df(df, 7, level=[95], quantiles=[0.9, 0.025, 0.1, 0.975, 0.5], holidays="AU-VIC")
    assert list(out.columns) == ["unique_id", "ds", "tempo", "tempo-lo-95", "tempo-hi-95", "tempo-q-2.5", "tempo-q-10",
                                 "tempo-q-50", "tempo-q-90", "tempo-q-97.5"]
    answer = single({"series": y, "horizon": 7, "level": [95], "quantiles": [0.9, 0.025, 0.1, 0.975, 0.5],
                     "holidays": "AU-VIC", "timestamps": [d.strftime("%Y-%m-%d") for d in ds]})
    assert "holidays" in [r["name"] for r in answer["method"]["regressors"]] + answer["method"].get("regressors_dropped", [])
    assert out["tempo"].tolist() == answer["forecast"]
    for q in ("0.025", "0.1", "0.5", "0.9", "0.975"):
        assert out[f"tempo-q-{round(float(q) * 100, 10):g}"].tolist() == answer["quantiles"][q]
    # the documented agreement: 0.025 and 0.975 are the 95% interval's bounds, to the bit
    assert out["tempo-q-2.5"].tolist() == out["tempo-lo-95"].tolist()
    assert out["tempo-q-97.5"].tolist() == out["tempo-hi-95"].tolist()
    plain = tempo.forecast_df(df, 7)
    assert plain["tempo"].tolist() != out["tempo"].tolist()


def test_bad_regressors_refused_before_sending_with_their_row(tempo):
    df = promo_frame(["a", "b"], 30, 2)
    hist = df[df["y"].notna()]
    x_df = df[df["y"].isna()].drop(columns="y")
    known = df.copy()
    known.loc[known.index[-1], "y"] = 1.0
    with pytest.raises(ValueError, match=r"unique_id='b', ds=2024-02-01 has a y, but with regressor columns \('promo', 'price'\)"):
        tempo.forecast_df(known, 2)
    with pytest.raises(ValueError, match=r"X_df must hold the same regressor columns as df: it lacks 'price'"):
        tempo.forecast_df(hist, 2, X_df=x_df.drop(columns="price"))
    with pytest.raises(ValueError, match=r"it has 'rain' that df lacks"):
        tempo.forecast_df(hist, 2, X_df=x_df.assign(rain=1.0))
    with pytest.raises(ValueError, match=r"X_df holds 1 rows for unique_id='a'; it needs h=2"):
        tempo.forecast_df(hist, 2, X_df=x_df.iloc[1:])
    with pytest.raises(ValueError, match=r"unique_id='z' is in X_df but not in df"):
        tempo.forecast_df(hist, 2, X_df=pd.concat([x_df, x_df.iloc[:2].assign(unique_id="z")]))
    with pytest.raises(ValueError, match=r"X_df's ds=2024-01-15 for unique_id='a' is not after"):
        tempo.forecast_df(hist, 2, X_df=x_df.assign(ds=lambda f: f["ds"] - pd.Timedelta(days=16)))
    with pytest.raises(ValueError, match=r"df has no regressor column"):
        tempo.forecast_df(hist.drop(columns=["promo", "price"]), 2, X_df=x_df)
    with pytest.raises(ValueError, match=r"X_df's 'y' must be empty"):
        tempo.forecast_df(hist, 2, X_df=x_df.assign(y=1.0))
    gap = df.copy()
    gap.loc[5, "price"] = np.nan
    with pytest.raises(ValueError, match=r"regressor column 'price' is empty at unique_id='a', ds=2024-01-06"):
        tempo.forecast_df(gap, 2)
    text = df.astype({"promo": object})
    text.loc[32, "promo"] = "yes"
    with pytest.raises(ValueError, match=r"regressor column 'promo' is not a finite number \('yes'\) at unique_id='b', ds=2024-01-01"):
        tempo.forecast_df(text, 2)
    with pytest.raises(ValueError, match=r"holidays needs dates"):
        tempo.forecast_df(pd.DataFrame({"unique_id": 1, "ds": range(20), "y": seasonal(20)}), 2, holidays="AU")
    # a future off the series' dates: the forecast's own dates are the server's, so this is found in its answer
    skewed = df.copy()
    skewed.loc[skewed["y"].isna(), "ds"] += pd.Timedelta(days=1)
    with pytest.raises(ValueError, match=r"unique_id='a': the regressors' future row 1 is dated 2024-02-01, but the forecast's step 1 falls on 2024-01-31"):
        tempo.forecast_df(skewed, 2)


def test_what_the_server_refuses_is_named_by_row(tempo):
    df = promo_frame(["a", "b"], 30, 2).rename(columns={"price": "price per unit"})
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_df(df, 2)
    assert caught.value.errors[0].pointer.startswith("/series/0/regressors")
    assert caught.value.errors[0].unique_id == "a"
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_df(promo_frame(["a"], 30, 2), 2, quantiles=[0.5, 1.5])
    assert caught.value.errors[0].pointer.startswith("/quantiles")
    with pytest.raises(RequestInvalidError) as caught:
        tempo.forecast_df(promo_frame(["a"], 30, 2), 2, holidays="XX-NOWHERE")
    assert caught.value.errors[0].pointer.endswith("/holidays") and "XX-NOWHERE" in caught.value.errors[0].detail
