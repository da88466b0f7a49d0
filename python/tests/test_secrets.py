"""The API key never appears in a message, repr, traceback (with locals), log line or pickled error,
even when an upstream echoes it back."""
from __future__ import annotations

import json
import logging
import pickle
import socket
import traceback

import pytest

from tempo_forecast import APIConnectionError, ApiKeyInvalidError, InternalServerError, Tempo, TempoError

from proxy import Proxy


def shown(error: BaseException) -> str:
    """Everything a crash report could print about an error: message, repr, the chained tracebacks with the
    locals of every frame below the test's own (which holds the key), its attributes, and its pickled bytes."""
    parts = [str(error), repr(error), repr(vars(error))]
    report = traceback.TracebackException.from_exception(error, capture_locals=True)
    while report is not None:
        frames = [f for f in report.stack if "/tests/" not in f.filename]
        parts += traceback.StackSummary.from_list(frames).format()
        parts += [repr(f.locals) for f in frames]
        parts += list(report.format_exception_only())
        report = report.__cause__ or report.__context__
    parts.append(repr(pickle.dumps(error)))
    parts.append(str(pickle.loads(pickle.dumps(error))))
    return "".join(parts)


def secret_of(key: str) -> str:
    return key.split("-")[2]


def test_the_client_shows_only_the_key_hint(server, key):
    t = Tempo(key, server.url)
    for text in (repr(t), str(t), repr(vars(t)), repr(t._transport.__dict__)):
        assert secret_of(key) not in text
    assert t.key_hint in repr(t)
    assert t.key_hint == f"tempo-{key.split('-')[1]}-…{key[-4:]}"


def test_no_error_of_a_real_server_shows_the_key(server, caplog):
    key = server.key("py-secret", rpm=1, rph=1)
    caplog.set_level(logging.DEBUG, logger="tempo_forecast")
    t = Tempo(key, server.url, max_retries=1, max_retry_after=0, backoff_base=0.001)
    t.forecast([1.0, 2.0, 3.0], 1)
    errors = []
    for call in (lambda: t.forecast([1.0, 2.0, 3.0], 1),                       # 429, retried once
                 lambda: t.forecast([1.0, "x"], 1),                            # 400
                 lambda: t.forecast([1.0, 2.0], 1, model="nope"),              # 404
                 lambda: Tempo(key[:-1] + "x", server.url).validate(),          # 401 for a mistyped key
                 lambda: t.forecast([1.0] * 10_000, 12, timeout=0.001)):        # a timeout
        with pytest.raises(TempoError) as caught:
            call()
        errors.append(caught.value)
    assert len(errors) == 5
    for e in errors:
        text = shown(e)
        assert secret_of(key) not in text, type(e).__name__
    assert "retrying" in caplog.text
    assert secret_of(key) not in caplog.text


def test_no_connection_error_shows_the_key_even_in_the_frames_that_sent_it():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    key = "tempo-abcdefghijklmnop-" + "S3cr3t" * 8
    with pytest.raises(APIConnectionError) as caught:
        Tempo(key, f"http://127.0.0.1:{port}", max_retries=0).validate()
    e = caught.value
    assert e.__cause__ is None and e.__context__ is None
    assert "S3cr3t" not in shown(e)


def test_a_key_echoed_back_by_an_upstream_is_replaced_by_its_hint(server):
    key = server.key("py-echo")
    proxy = Proxy(server.url)

    def echo(n, h):
        auth = h.headers["Authorization"]
        body = json.dumps({"code": "INTERNAL_ERROR", "title": "Internal error", "detail": f"saw {auth}",
                           "request_id": "req_echo", "errors": [{"pointer": "/", "detail": auth}]}).encode()
        h.answer(500, body, (("Content-Type", "application/problem+json"), ("X-Echo", auth), ("X-Secret", secret_of(key))))

    try:
        proxy.plans = [echo, echo]
        t = Tempo(key, proxy.url, max_retries=1, sleep=lambda s: None)
        with pytest.raises(InternalServerError) as caught:
            t.forecast([1.0, 2.0, 3.0], 1)
        e = caught.value
        assert e.attempts == 2 and e.code == "INTERNAL_ERROR"
        assert t.key_hint in e.detail and t.key_hint in e.headers["x-echo"] and e.headers["x-secret"] == t.key_hint
        assert secret_of(key) not in shown(e) + repr(e.body) + repr(e.headers) + repr(e.errors)
        # the key really was sent, to the proxy
        assert proxy.requests[0][2]["Authorization"] == f"Bearer {key}"
    finally:
        proxy.close()


def test_a_mistyped_key_is_scrubbed_from_its_own_error(server):
    key = server.key("py-typo")
    # a different last character (a key that already ends in "z" would stay valid)
    typo = key[:-1] + ("y" if key.endswith("z") else "z")
    with pytest.raises(ApiKeyInvalidError) as caught:
        Tempo(typo, server.url).validate()
    assert secret_of(typo) not in shown(caught.value)
