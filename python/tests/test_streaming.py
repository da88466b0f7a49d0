"""forecast_many over a connection that fails mid-answer: resumed from the first unanswered series, and
the failures a streamed answer can end in, typed. A proxy on 127.0.0.1 cuts the real server's answers."""
from __future__ import annotations

import json

import pytest

from tempo_forecast import APIConnectionError, ServiceUnavailableError, Tempo

from proxy import Proxy
from series import seasonal

SERIES = [{"id": f"s{i}", "values": seasonal(30 + i, offset=i)} for i in range(10)]


@pytest.fixture
def proxy(server):
    p = Proxy(server.url)
    yield p
    p.close()


@pytest.fixture(scope="module")
def direct(server):
    """The answers of the real server without the proxy."""
    return list(Tempo(server.key("py-stream-direct"), server.url).forecast_many(SERIES, 3, level=[80]))


def test_a_cut_answer_is_resumed_from_its_first_unanswered_series(server, proxy, direct):
    proxy.plans = [lambda n, h: h.forward(lines=3)]
    waits = []
    t = Tempo(server.key("py-stream"), proxy.url, sleep=waits.append, random=lambda: 0.0)
    items = list(t.forecast_many(SERIES, 3, level=[80]))
    assert items == direct
    first, second = proxy.bodies()
    assert [s["id"] for s in first["series"]] == [f"s{i}" for i in range(10)]
    # only the seven series the cut answer did not carry are sent again, with the same settings
    assert [s["id"] for s in second["series"]] == [f"s{i}" for i in range(3, 10)]
    assert second["horizon"] == 3 and second["level"] == [80]
    assert waits == [0.0]
    assert proxy.requests[0][2]["Accept"] == "application/x-ndjson"


def test_a_cut_answer_with_no_retries_left_is_a_connection_error_after_the_lines_it_carried(server, proxy):
    proxy.plans = [lambda n, h: h.forward(lines=4)]
    t = Tempo(server.key("py-stream-cut"), proxy.url, max_retries=0)
    got = []
    with pytest.raises(APIConnectionError, match="ended after 4 of 10 series") as caught:
        for item in t.forecast_many(SERIES, 3):
            got.append(item.id)
    assert got == ["s0", "s1", "s2", "s3"] and caught.value.attempts == 1


def test_a_failure_line_is_the_typed_error_it_names_and_is_retried(server, proxy, direct):
    line = json.dumps({"error": {"code": "SERVICE_UNAVAILABLE", "detail": "a worker stopped", "request_id": "req_cut"}}) + "\n"
    proxy.plans = [lambda n, h: h.forward(lines=2, then=line.encode()), lambda n, h: h.forward(lines=1, then=line.encode())]
    t = Tempo(server.key("py-stream-fail"), proxy.url, max_retries=1, sleep=lambda s: None)
    seen = []
    with pytest.raises(ServiceUnavailableError) as caught:
        for item in t.forecast_many(SERIES, 3, level=[80]):
            seen.append(item)
    e = caught.value
    assert e.request_id == "req_cut" and e.detail == "a worker stopped" and e.attempts == 2
    assert seen == direct[:3]
    assert [len(b["series"]) for b in proxy.bodies()] == [10, 8]


def test_a_line_that_is_not_a_series_or_out_of_order_is_a_connection_error(server, proxy):
    t = Tempo(server.key("py-stream-bad"), proxy.url, max_retries=0)
    proxy.plans = [lambda n, h: h.forward(lines=1, then=b"<html>oops</html>\n")]
    with pytest.raises(APIConnectionError, match="not a series"):
        list(t.forecast_many(SERIES, 3))
    proxy.plans = [lambda n, h: h.answer(200, b'{"id":"s1","forecast":[1]}\n', (("Content-Type", "application/x-ndjson"),))]
    with pytest.raises(APIConnectionError, match="out of order"):
        list(t.forecast_many(SERIES, 3))


def test_leaving_the_loop_early_closes_the_connection(server, proxy):
    t = Tempo(server.key("py-stream-early"), server.url)
    many = t.forecast_many(({"id": str(i), "values": seasonal(200)} for i in range(300)), 6, batch_size=300)
    first = next(many)
    assert first.id == "0"
    many.close()
    # the connection was dropped, not put back: nothing idle is left to reuse
    assert t._transport._idle == []
