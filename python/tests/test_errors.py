"""Every typed error, each provoked for real on a real server, with what it must carry."""
from __future__ import annotations

import pickle
import socket
import time

import pytest

from tempo_forecast import (
    APIConnectionError, APIError, APITimeoutError, ApiKeyExpiredError, ApiKeyInactiveError, ApiKeyInvalidError,
    AuthenticationError, ConflictError, ForecastAlreadyRunningError, ModelNotAvailableError, RequestInvalidError,
    ServiceUnavailableError, Tempo, TempoError, UsageLimitError,
)

from series import seasonal

SMALL = [3.0, 4.0, 5.0, 4.0, 3.0, 4.0, 5.0, 4.0]
TITLES = {
    "API_KEY_INVALID": "API key invalid", "API_KEY_INACTIVE": "API key inactive", "API_KEY_EXPIRED": "API key expired",
    "REQUEST_INVALID": "Request invalid", "MODEL_NOT_AVAILABLE": "Model not available",
    "FORECAST_ALREADY_RUNNING": "Forecast already running", "API_USAGE_LIMIT": "API usage limit exceeded",
    "SERVICE_UNAVAILABLE": "Service unavailable", "MODEL_NOT_READY": "Model not ready", "MODEL_NAME_TAKEN": "Model name taken",
}


def check_api_error(error: BaseException, cls: type, code: str, status: int, attempts: int = 1) -> APIError:
    """What every API error carries: class, code, status, request id, detail, the problem body, attempts."""
    assert type(error) is cls
    assert isinstance(error, APIError) and isinstance(error, TempoError)
    assert error.code == code and error.status == status
    assert error.request_id and error.request_id == error.headers["x-request-id"]
    assert error.detail and len(error.detail) > 10
    assert error.detail in str(error) and error.request_id in str(error) and code in str(error)
    assert error.title == TITLES[code]
    assert isinstance(error.body, dict) and error.body["code"] == code and error.body["request_id"] == error.request_id
    assert error.attempts == attempts
    return error


def client(server, key: str, **options) -> Tempo:
    return Tempo(key, server.url, **{"max_retries": 0, **options})


def test_api_key_invalid_for_a_typo_and_for_garbage(server, key):
    typo = key[:-1] + ("b" if key.endswith("a") else "a")
    with pytest.raises(ApiKeyInvalidError) as caught:
        client(server, typo).validate()
    e = check_api_error(caught.value, ApiKeyInvalidError, "API_KEY_INVALID", 401)
    assert isinstance(e, AuthenticationError)
    assert "invalid_token" in e.headers["www-authenticate"]
    with pytest.raises(ApiKeyInvalidError):
        # 401 is never retried: one request however many retries are allowed
        client(server, "not-a-key", max_retries=3).forecast(SMALL, 2)


def test_api_key_inactive_once_the_operator_disables_it(server):
    k = server.key("py-inactive")
    c = client(server, k)
    assert c.validate().status == "active"
    server.cli("keys", "disable", k.split("-")[1])
    with pytest.raises(ApiKeyInactiveError) as caught:
        c.forecast(SMALL, 2)
    e = check_api_error(caught.value, ApiKeyInactiveError, "API_KEY_INACTIVE", 401)
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is ApiKeyInactiveError and str(again) == str(e) and again.attempts == 1 and again.body == e.body
    server.cli("keys", "enable", k.split("-")[1])
    assert len(c.forecast(SMALL, 2).forecast) == 2


def test_api_key_expired(server):
    k = server.key("py-expired", expires="2001-01-31T00:00:00Z")
    with pytest.raises(ApiKeyExpiredError) as caught:
        client(server, k).validate()
    assert isinstance(check_api_error(caught.value, ApiKeyExpiredError, "API_KEY_EXPIRED", 401), AuthenticationError)


def test_request_invalid_lists_a_pointer_for_each_problem(server, key):
    with pytest.raises(RequestInvalidError) as caught:
        client(server, key, max_retries=3).forecast([1, "two", 3], 5000)
    e = check_api_error(caught.value, RequestInvalidError, "REQUEST_INVALID", 400)
    pointers = [f.pointer for f in e.errors]
    assert "/series/1" in pointers and "/horizon" in pointers
    assert all(f.detail for f in e.errors)
    # the dates' pointer and the expected date in its detail
    with pytest.raises(RequestInvalidError) as caught:
        client(server, key).forecast([1, 2, 3], 1, timestamps=["2024-01-31", "2024-02-29", "2024-04-30"])
    assert [f.pointer for f in caught.value.errors] == ["/timestamps/2"]
    assert "2024-03-31" in caught.value.errors[0].detail


def test_a_body_over_the_size_limit_is_a_413_request_invalid(server, key):
    with pytest.raises(RequestInvalidError) as caught:
        client(server, key).forecast(seasonal(120_000), 1)
    check_api_error(caught.value, RequestInvalidError, "REQUEST_INVALID", 413)


def test_model_not_available_points_to_the_settings_page(server, key):
    c = client(server, key, model="no-such-model")
    with pytest.raises(ModelNotAvailableError) as caught:
        c.forecast(SMALL, 2)
    e = check_api_error(caught.value, ModelNotAvailableError, "MODEL_NOT_AVAILABLE", 404)
    assert "/platform/settings/models" in e.detail
    assert len(c.forecast(SMALL, 2, model="tempo").forecast) == 2


def test_usage_limit_carries_retry_after_and_the_windows_and_is_retried_as_told(server):
    # one per minute and per hour, so a window rolling over mid-test cannot readmit the key
    k = server.key("py-quota", rpm=1, rph=1)
    waits = []
    c = client(server, k, sleep=waits.append)
    ok = c.forecast(SMALL, 2)
    assert ok.rate_limit.limit == 1 and ok.rate_limit.remaining == 0
    with pytest.raises(UsageLimitError) as caught:
        c.forecast(SMALL, 2)
    e = check_api_error(caught.value, UsageLimitError, "API_USAGE_LIMIT", 429)
    assert e.retry_after == e.body["retry_after"] and e.retry_after >= 1
    assert e.violated_policies and set(e.violated_policies) <= {"minute", "hour"}
    assert e.rate_limit.limit == 1 and e.rate_limit.remaining == 0
    assert sorted(p.name for p in e.rate_limit.policies) == ["hour", "minute"]
    assert c.last_rate_limit == e.rate_limit
    assert waits == []
    # retried after the server's Retry-After, capped by max_retry_after
    with pytest.raises(UsageLimitError) as caught:
        c.forecast(SMALL, 2, max_retries=2)
    assert caught.value.attempts == 3
    # each wait is the Retry-After its answer gave (seconds to the window's end), under the 60 s cap
    assert len(waits) == 2 and all(0 < w <= 60 for w in waits)
    capped = Tempo(k, server.url, max_retries=1, max_retry_after=0.01, sleep=waits.append)
    waits.clear()
    with pytest.raises(UsageLimitError) as caught:
        capped.forecast(SMALL, 2)
    assert caught.value.attempts == 2 and waits == [0.01]


def hold_the_lock(server, key: str):
    """Starts a long streamed batch with `key` and reads its first answer: the key's running lock is held
    until the batch ends, which it cannot before the generator is read on or closed."""
    many = Tempo(key, server.url).forecast_many(
        ({"id": str(i), "values": seasonal(600, offset=i)} for i in range(2000)), 12, batch_size=2000)
    next(many)
    return many


def test_forecast_already_running_while_the_key_runs_a_batch_and_retried_after_retry_after(server):
    k = server.key("py-lock")
    many = hold_the_lock(server, k)
    try:
        waits = []
        with pytest.raises(ForecastAlreadyRunningError) as caught:
            Tempo(k, server.url, max_retries=2, max_retry_after=0.01, sleep=waits.append).forecast(SMALL, 2)
        e = check_api_error(caught.value, ForecastAlreadyRunningError, "FORECAST_ALREADY_RUNNING", 409, attempts=3)
        assert isinstance(e, ConflictError)
        assert e.retry_after == float(e.headers["retry-after"]) and e.retry_after > 0
        assert waits == [0.01, 0.01]
    finally:
        # closing the stream hangs up; the server cancels the batch and frees the lock
        many.close()
    deadline = time.monotonic() + 60
    c = Tempo(k, server.url, max_retries=0)
    while True:
        try:
            assert len(c.forecast(SMALL, 2).forecast) == 2
            break
        except ForecastAlreadyRunningError:
            assert time.monotonic() < deadline, "the lock was not freed after the batch was abandoned"
            time.sleep(0.1)


def test_service_unavailable_when_the_forecast_runs_past_the_time_limit(new_server):
    s = new_server({"TEMPO_FORECAST_TIMEOUT_MS": "1"})
    with pytest.raises(ServiceUnavailableError) as caught:
        client(s, s.key()).forecast(seasonal(10_000), 100)
    e = check_api_error(caught.value, ServiceUnavailableError, "SERVICE_UNAVAILABLE", 503)
    assert e.retry_after == float(e.headers["retry-after"])


def test_connection_error_when_nothing_listens_retried_then_raised():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    waits = []
    c = Tempo("tempo-abcdefghijklmnop-secretsecretsecretsecret", f"http://127.0.0.1:{port}", max_retries=2,
              backoff_base=0.001, sleep=waits.append, random=lambda: 0.5)
    with pytest.raises(APIConnectionError) as caught:
        c.validate()
    e = caught.value
    assert isinstance(e, ConnectionError) and not isinstance(e, APIError)
    assert e.code == "ECONNREFUSED" and e.attempts == 3
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is APIConnectionError and str(again) == str(e) and (again.code, again.attempts) == (e.code, 3)
    assert f"http://127.0.0.1:{port}/tempo/v1/validate" in str(e)
    # full jitter below 0.001 s, then 0.002 s
    assert waits == [0.0005, 0.001]


def test_timeout_when_one_attempt_outlives_a_tiny_timeout(server):
    # a key of its own: the forecast the client stopped waiting for still holds that key's lock
    with pytest.raises(APITimeoutError) as caught:
        client(server, server.key("py-timeout")).forecast(seasonal(10_000), 48, timeout=0.005)
    e = caught.value
    assert isinstance(e, TimeoutError) and isinstance(e, TempoError) and not isinstance(e, APIError)
    assert e.timeout == 0.005 and e.attempts == 1
    assert f"{server.url}/tempo/v1/forecast" in str(e)
