"""Which failures are worth another attempt, and how long to wait first: the server's ``Retry-After`` when it
gave one (capped), else exponential backoff with full jitter so clients do not retry in step."""
from __future__ import annotations

import random as _random
from typing import Callable

from .errors import APIConnectionError, APIError, APITimeoutError, JobNotFinishedError, ModelNameTakenError, TempoError

DEFAULT_MAX_RETRIES = 2
#: longest wait, in seconds, a Retry-After may impose
DEFAULT_MAX_RETRY_AFTER = 60.0
#: first backoff step in seconds when the server gave no Retry-After
DEFAULT_BACKOFF_BASE = 0.5
#: ceiling of one backoff step before jitter, in seconds
MAX_BACKOFF = 8.0


def is_retryable(error: TempoError) -> bool:
    """True for failures another attempt can fix: 409 (but a taken name or an unfinished job), 429, any 5xx, no answer,
    a timeout."""
    if isinstance(error, (APIConnectionError, APITimeoutError)):
        return True
    # waiting does not free a name
    if isinstance(error, ModelNameTakenError):
        return False
    # a job may run for hours: wait_for_job is the way to wait for it, not a retry loop
    if isinstance(error, JobNotFinishedError):
        return False
    if isinstance(error, APIError):
        return error.status in (409, 429) or error.status >= 500
    return False


def retry_delay(
    error: TempoError,
    retry: int,
    *,
    max_retry_after: float = DEFAULT_MAX_RETRY_AFTER,
    backoff_base: float = DEFAULT_BACKOFF_BASE,
    random: Callable[[], float] = _random.random,
) -> float:
    """Seconds to wait before retry number ``retry`` (0 = the first retry) after ``error``."""
    asked = error.retry_after if isinstance(error, APIError) else None
    if asked is not None:
        return min(asked, max_retry_after)
    ceiling = min(MAX_BACKOFF, backoff_base * 2 ** retry)
    # full jitter (uniform below the ceiling) spreads a crowd of clients better than a fixed step
    return float(random() * ceiling)
