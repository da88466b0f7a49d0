"""The exceptions the client raises: one tree under :class:`TempoError`, mirroring the server's error codes.

An answer is mapped by its ``code`` first, then by its HTTP status family, so a code the server
adds later still lands in the right branch (an unknown 401 is an :class:`AuthenticationError`).
No message, repr, attribute or pickled form holds the API key: every text kept from an answer has
the key replaced by its hint (``tempo-<key_id>-…<last4>``).
"""
from __future__ import annotations

import builtins
from dataclasses import dataclass, replace
from typing import Any, Dict, List, Mapping, Optional, Type, Union

from .rate_limit import RateLimitState


@dataclass(frozen=True)
class FieldError:
    """One problem the server found in a request: a JSON pointer into the body and what is wrong there.

    For a batch (``forecast_batch``, ``forecast_many``), ``series_id`` is the id of the series the pointer
    names (``/series/17/values/3`` counts within the request that failed). The DataFrame calls fill
    ``unique_id`` and ``ds`` with the row the pointer names, when it names one.
    """

    pointer: str
    detail: str
    series_id: Optional[str] = None
    unique_id: Any = None
    ds: Any = None


class TempoError(Exception):
    """Base of every exception the client raises; ``attempts`` is how many requests the call sent."""

    attempts: int = 0


@dataclass(frozen=True)
class ApiErrorInit:
    """What the client read from one error answer (texts already scrubbed of the key)."""

    status: int
    code: Optional[str]
    detail: Optional[str]
    title: Optional[str]
    request_id: Optional[str]
    headers: Dict[str, str]
    body: Union[Dict[str, Any], str, None]
    rate_limit: Optional[RateLimitState]
    retry_after: Optional[float]


def _describe(init: ApiErrorInit) -> str:
    # "API key inactive: the key is disabled (401 API_KEY_INACTIVE, request req_1)": enough to act on and report
    head = init.title or f"HTTP {init.status}"
    detail = init.detail
    if detail is None and init.code is None:
        # no problem details usually means a proxy or another server answered, which is worth saying
        detail = "the answer carried no Tempo problem details"
    tags = " ".join(t for t in (str(init.status), init.code) if t)
    request = f", request {init.request_id}" if init.request_id else ""
    return f"{head}{': ' + detail if detail else ''} ({tags}{request})"


class APIError(TempoError):
    """The server answered with an error; subclasses are chosen by ``code``, then by status family."""

    def __init__(self, init: ApiErrorInit, message: Optional[str] = None) -> None:
        super().__init__(message if message is not None else _describe(init))
        self._init = init
        self.status: int = init.status
        self.code: Optional[str] = init.code
        self.detail: Optional[str] = init.detail
        self.title: Optional[str] = init.title
        self.request_id: Optional[str] = init.request_id
        self.headers: Dict[str, str] = init.headers
        self.body: Union[Dict[str, Any], str, None] = init.body
        self.rate_limit: Optional[RateLimitState] = init.rate_limit
        self.retry_after: Optional[float] = init.retry_after
        self._errors: Optional[List[FieldError]] = None

    @property
    def errors(self) -> List[FieldError]:
        """The field problems (JSON pointers into the request body) the server listed; empty when none."""
        if self._errors is None:
            listed = self.body.get("errors") if isinstance(self.body, dict) else None
            self._errors = [
                FieldError(str(e.get("pointer", "")), str(e.get("detail", "")))
                for e in (listed if isinstance(listed, list) else [])
                if isinstance(e, Mapping)
            ]
        return self._errors

    def with_errors(self, errors: List[FieldError], shown: Optional[str] = None) -> "APIError":
        """A copy of this error (same class, answer and attempts) with ``errors``; ``shown`` replaces the
        server's detail in the message (``detail`` itself stays the server's)."""
        copy = type(self)(self._init, str(self) if shown is None else _describe(replace(self._init, detail=shown)))
        copy.attempts = self.attempts
        copy._errors = list(errors)
        return copy

    def __reduce__(self) -> Any:
        # picklable (multiprocessing sends exceptions back), with the same message and attempts
        return (_rebuild, (type(self), self._init, str(self), self.attempts, self._errors))


def _rebuild(cls: Type[APIError], init: ApiErrorInit, message: str, attempts: int, errors: Optional[List[FieldError]]) -> APIError:
    error = cls(init, message)
    error.attempts = attempts
    error._errors = errors
    return error


class AuthenticationError(APIError):
    """Any 401: the key is missing, malformed, unknown, disabled or expired. Never retried with the same key."""


class ApiKeyInvalidError(AuthenticationError):
    """API_KEY_INVALID: the key is missing, malformed or unknown."""


class ApiKeyInactiveError(AuthenticationError):
    """API_KEY_INACTIVE: the key was disabled or revoked."""


class ApiKeyExpiredError(AuthenticationError):
    """API_KEY_EXPIRED: the key's expiry date has passed."""


class RequestInvalidError(APIError):
    """REQUEST_INVALID (400, 413, 415): ``errors`` lists JSON pointers into the body and what to change."""


class ModelNotAvailableError(APIError):
    """MODEL_NOT_AVAILABLE (404): the model does not exist or the key's organization may not use it."""


class ConflictError(APIError):
    """A 409: something is running, a model is not ready, or a name is taken."""


class ForecastAlreadyRunningError(ConflictError):
    """FORECAST_ALREADY_RUNNING (409): another forecast with this key is running; ``retry_after`` says when to try again."""


class ModelNotReadyError(ConflictError):
    """MODEL_NOT_READY (409): the organization's model is still tuning; see ``retry_after`` or ``Tempo.wait_for_model``."""


class ModelNameTakenError(ConflictError):
    """MODEL_NAME_TAKEN (409): a model or tuning already has this name. Never retried."""


class JobNotFoundError(APIError):
    """JOB_NOT_FOUND (404): no job of that id belongs to the key's organization (deleted, or another's: the answer is the same)."""


class JobNotFinishedError(ConflictError):
    """JOB_NOT_FINISHED (409): the job's results were asked for before it succeeded; use ``Tempo.wait_for_job``. Never retried."""


class JobExpiredError(APIError):
    """JOB_EXPIRED (410): the job's results were deleted when their keeping time ran out; its record remains."""


class UsageLimitError(APIError):
    """API_USAGE_LIMIT (429): ``retry_after`` in seconds and the windows (``minute``, ``hour``) that ran out."""

    def __init__(self, init: ApiErrorInit, message: Optional[str] = None) -> None:
        body = init.body if isinstance(init.body, dict) else {}
        exact = body.get("retry_after")
        # the body's number is exact; the header may have been rewritten by a proxy
        if isinstance(exact, (int, float)) and not isinstance(exact, bool) and exact == exact and abs(exact) != float("inf"):
            init = replace(init, retry_after=float(exact))
        super().__init__(init, message)
        policies = body.get("violated_policies")
        self.violated_policies: List[str] = [p for p in policies if isinstance(p, str)] if isinstance(policies, list) else []


class ServiceUnavailableError(APIError):
    """SERVICE_UNAVAILABLE (503) and gateway failures (502, 504): transient; retried."""


class InternalServerError(APIError):
    """INTERNAL_ERROR (500) and any other 5xx: the server failed; retried, then raised with its request id."""


class TempoWarning(UserWarning):
    """Something the caller should know that did not stop the call (a series the model refused, say)."""


class ModelTuningFailedError(TempoError):
    """The model's tuning ended in ``failed``; ``reason`` is what the server said."""

    def __init__(self, model: str, reason: Optional[str]) -> None:
        super().__init__(f"tuning of model {model} failed" + (f": {reason}" if reason else ""))
        self.model = model
        self.reason = reason

    def __reduce__(self) -> Any:
        return (type(self), (self.model, self.reason), {"attempts": self.attempts})


class JobFailedError(TempoError):
    """The job ended ``failed`` or ``cancelled``; ``job`` is its last state (progress, the first series errors)."""

    def __init__(self, job: Any) -> None:
        first = job.errors[0] if job.errors else None
        what = "failed" if job.status == "failed" else "was cancelled"
        super().__init__(f"job {job.id} {what}" + (f": series {first.id}: {first.detail}" if first is not None else ""))
        self.job = job
        self.job_id: str = job.id
        self.status: str = job.status

    def __reduce__(self) -> Any:
        return (type(self), (self.job,), {"attempts": self.attempts})


class APIConnectionError(TempoError, builtins.ConnectionError):
    """No answer at all (refused, reset, DNS, TLS); retried. ``code`` is the system's name for it (``ECONNREFUSED``)."""

    def __init__(self, message: str, code: Optional[str] = None) -> None:
        super().__init__(message)
        self.code = code

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.code), {"attempts": self.attempts})


class APITimeoutError(TempoError, builtins.TimeoutError):
    """One attempt took longer than ``timeout`` seconds (headers and body); retried like a connection error."""

    def __init__(self, timeout: float, url: str) -> None:
        super().__init__(f"no complete answer from {url} within {timeout:g} s")
        self.timeout = timeout
        self.url = url

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __reduce__(self) -> Any:
        return (type(self), (self.timeout, self.url), {"attempts": self.attempts})


# Keyed by the server's error catalogue (src/common/codes.ts); a code missing here falls back to its status.
_BY_CODE: Dict[str, Type[APIError]] = {
    "API_KEY_INVALID": ApiKeyInvalidError,
    "API_KEY_INACTIVE": ApiKeyInactiveError,
    "API_KEY_EXPIRED": ApiKeyExpiredError,
    "REQUEST_INVALID": RequestInvalidError,
    "MODEL_NOT_AVAILABLE": ModelNotAvailableError,
    # a wrong path or method means a wrong base_url or client version: nothing more specific to say
    "NOT_FOUND": APIError,
    "METHOD_NOT_ALLOWED": APIError,
    "FORECAST_ALREADY_RUNNING": ForecastAlreadyRunningError,
    "MODEL_NOT_READY": ModelNotReadyError,
    "MODEL_NAME_TAKEN": ModelNameTakenError,
    "API_USAGE_LIMIT": UsageLimitError,
    "INTERNAL_ERROR": InternalServerError,
    "SERVICE_UNAVAILABLE": ServiceUnavailableError,
    "JOB_NOT_FOUND": JobNotFoundError,
    "JOB_NOT_FINISHED": JobNotFinishedError,
    "JOB_EXPIRED": JobExpiredError,
}


def class_for_status(status: int) -> Type[APIError]:
    """The class an answer with this status gets when its code is missing or unknown."""
    if status in (401, 403):
        return AuthenticationError
    if status in (400, 413, 415, 422):
        return RequestInvalidError
    if status == 409:
        return ConflictError
    if status == 429:
        return UsageLimitError
    if status in (502, 503, 504):
        return ServiceUnavailableError
    if status >= 500:
        return InternalServerError
    return APIError


def class_for(code: Optional[str], status: int) -> Type[APIError]:
    """The code's own class when the catalogue knows it, else the status family's."""
    return _BY_CODE[code] if code is not None and code in _BY_CODE else class_for_status(status)
