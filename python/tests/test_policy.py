"""The retry policy, the rate-limit headers and the mapping of answers to classes, including answers only
a proxy or a newer server would give (a stand-in server on 127.0.0.1 gives them)."""
from __future__ import annotations

import json
import time

import pytest

from tempo_forecast import (
    APIConnectionError, APIError, APITimeoutError, AuthenticationError, ConflictError, ForecastAlreadyRunningError,
    InternalServerError, ModelNameTakenError, RequestInvalidError, ServiceUnavailableError, Tempo, UsageLimitError,
    is_retryable, parse_rate_limit, parse_retry_after,
)
from tempo_forecast.errors import ApiErrorInit
from tempo_forecast.retry import retry_delay

from proxy import Proxy


def api_error(cls, status, retry_after=None):
    return cls(ApiErrorInit(status, None, None, None, None, {}, None, None, retry_after))


def test_what_is_retried():
    assert is_retryable(APIConnectionError("x")) and is_retryable(APITimeoutError(1, "u"))
    assert is_retryable(api_error(ForecastAlreadyRunningError, 409))
    assert is_retryable(api_error(UsageLimitError, 429)) and is_retryable(api_error(InternalServerError, 500))
    assert is_retryable(api_error(ServiceUnavailableError, 503))
    assert not is_retryable(api_error(ModelNameTakenError, 409))
    for status, cls in ((400, RequestInvalidError), (401, AuthenticationError), (404, APIError)):
        assert not is_retryable(api_error(cls, status))


def test_how_long_to_wait():
    told = api_error(UsageLimitError, 429, retry_after=7.0)
    assert retry_delay(told, 0) == 7.0
    assert retry_delay(told, 0, max_retry_after=2.5) == 2.5
    silent = api_error(InternalServerError, 500)
    # full jitter under 0.5 s, 1 s, 2 s, … up to 8 s
    assert [retry_delay(silent, r, random=lambda: 0.999999) for r in range(6)] == pytest.approx([0.5, 1, 2, 4, 8, 8], rel=1e-5)
    assert retry_delay(silent, 3, random=lambda: 0.0) == 0.0


def test_rate_limit_headers():
    state = parse_rate_limit({
        "ratelimit-policy": '"minute";q=60;w=60, "hour";q=1000;w=3600',
        "ratelimit": '"minute";r=41;t=17',
        "x-ratelimit-limit": "60", "x-ratelimit-remaining": "41", "x-ratelimit-reset": "17",
    }, now=1000.0)
    assert (state.window, state.limit, state.remaining, state.reset_seconds, state.observed_at) == ("minute", 60, 41, 17, 1000.0)
    assert [(p.name, p.quota, p.window_seconds) for p in state.policies] == [("minute", 60, 60), ("hour", 1000, 3600)]
    assert parse_rate_limit({"content-type": "application/json"}) is None
    only_x = parse_rate_limit({"x-ratelimit-remaining": "3"})
    assert only_x.remaining == 3 and only_x.window is None
    assert parse_retry_after("120") == 120.0 and parse_retry_after(None) is None and parse_retry_after("soon") is None
    assert parse_retry_after("Thu, 01 Jan 2099 00:00:10 GMT", now=4070908800.0) == pytest.approx(10.0)


@pytest.fixture
def stand_in(server):
    p = Proxy(server.url)
    yield p
    p.close()


def problem(code, status, **extra):
    return json.dumps({"type": "/errors/x", "title": "T", "status": status, "code": code, "detail": "what happened",
                       "request_id": "req_x", **extra}).encode()


@pytest.mark.parametrize("status,code,cls", [
    (500, "INTERNAL_ERROR", InternalServerError),
    (502, None, ServiceUnavailableError),
    (401, "API_KEY_REVOKED_SOMEHOW", AuthenticationError),
    (409, "SOMETHING_NEW", ConflictError),
    (429, "QUOTA_OF_THE_FUTURE", UsageLimitError),
    (422, None, RequestInvalidError),
    (507, "STORAGE_FULL", InternalServerError),
    (404, "NOT_FOUND", APIError),
])
def test_answers_map_by_code_then_by_status(stand_in, status, code, cls):
    body = problem(code, status) if code else b"<html>Bad gateway</html>"
    stand_in.plans = [lambda n, h: h.answer(status, body, (("Content-Type", "application/problem+json"),))]
    with pytest.raises(APIError) as caught:
        Tempo("tempo-abcdefghijklmnop-secretsecretsecretsecret", stand_in.url, max_retries=0).validate()
    e = caught.value
    assert type(e) is cls and e.status == status and e.code == code
    if code is None:
        assert e.body == body.decode() and "no Tempo problem details" in str(e)


def test_a_success_that_is_not_json_is_an_error_not_a_crash(stand_in):
    stand_in.plans = [lambda n, h: h.answer(200, b"<html>captive portal</html>", (("Content-Type", "text/html"),))]
    with pytest.raises(APIError) as caught:
        Tempo("tempo-abcdefghijklmnop-secretsecretsecretsecret", stand_in.url, max_retries=0).validate()
    assert caught.value.status == 200 and caught.value.body == "<html>captive portal</html>"


def test_a_kept_alive_connection_the_server_closed_is_replaced_not_failed(stand_in):
    body = b'{"organization_id":"o","models":[]}'

    def answer_then_hang_up(n, h):
        # answers as if the connection stayed open, then closes it: what a server's idle timeout does
        h.answer(200, body, (("Content-Type", "application/json"),))
        h.close_connection = True

    stand_in.plans = [answer_then_hang_up, answer_then_hang_up]
    t = Tempo("tempo-abcdefghijklmnop-secretsecretsecretsecret", stand_in.url, max_retries=0)
    assert t.models().organization_id == "o"
    time.sleep(0.2)
    # no retry is allowed, yet the call succeeds: the dead connection was not an attempt
    assert t.models().organization_id == "o"
    assert len(stand_in.requests) == 2
