"""Reads an answer's rate-limit headers (``RateLimit-Policy``, ``RateLimit``, ``X-RateLimit-*``) into one state,
so a caller can pace itself before the server has to refuse it."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Dict, List, Mapping, Optional, Tuple

_NUMBER = re.compile(r"^\s*\d+(\.\d+)?\s*$")


@dataclass(frozen=True)
class RateLimitPolicy:
    """One window the server enforces, from ``RateLimit-Policy`` (``"minute";q=60;w=60``)."""

    name: str
    quota: float
    window_seconds: float


@dataclass(frozen=True)
class RateLimitState:
    """The tighter window's state after one answer, and every policy the server announced."""

    window: Optional[str]
    limit: Optional[float]
    remaining: Optional[float]
    #: seconds until the window resets, as of ``observed_at``
    reset_seconds: Optional[float]
    #: ``time.time()`` when the answer was read
    observed_at: float
    policies: List[RateLimitPolicy] = field(default_factory=list)


def _non_negative(text: Optional[str]) -> Optional[float]:
    if text is None or not _NUMBER.match(text):
        return None
    value = float(text)
    return int(value) if value.is_integer() else value


def _members(value: str) -> List[Tuple[str, Dict[str, str]]]:
    # structured-field members: `"name";k=v;k=v`, comma-separated, tolerant of spaces
    out = []
    for member in value.split(","):
        first, *rest = [part.strip() for part in member.split(";")]
        params: Dict[str, str] = {}
        for part in rest:
            key, eq, val = part.partition("=")
            if eq and key.strip():
                params[key.strip().lower()] = val.strip()
        name = first.strip('"')
        if name or params:
            out.append((name, params))
    return out


def parse_rate_limit(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[RateLimitState]:
    """The rate-limit state the (lower-cased) headers describe, or None when the answer carried none."""
    policy_header = headers.get("ratelimit-policy")
    state_header = headers.get("ratelimit")
    x_limit = _non_negative(headers.get("x-ratelimit-limit"))
    x_remaining = _non_negative(headers.get("x-ratelimit-remaining"))
    x_reset = _non_negative(headers.get("x-ratelimit-reset"))
    if policy_header is None and state_header is None and x_limit is None and x_remaining is None and x_reset is None:
        return None
    policies = []
    for name, params in _members(policy_header) if policy_header else []:
        quota, window = _non_negative(params.get("q")), _non_negative(params.get("w"))
        if quota is not None and window is not None:
            policies.append(RateLimitPolicy(name, quota, window))
    state = _members(state_header)[0] if state_header and _members(state_header) else None
    window_name = state[0] or None if state else None
    limit = x_limit if x_limit is not None else next((p.quota for p in policies if p.name == window_name), None)  # type: ignore[arg-type]
    remaining = _non_negative(state[1].get("r")) if state else None
    reset = _non_negative(state[1].get("t")) if state else None
    return RateLimitState(
        window=window_name,
        limit=limit,
        remaining=remaining if remaining is not None else x_remaining,
        reset_seconds=reset if reset is not None else x_reset,
        observed_at=time.time() if now is None else now,
        policies=policies,
    )


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds a ``Retry-After`` asks for (delta-seconds or an HTTP date), or None when absent or unreadable."""
    if value is None:
        return None
    seconds = _non_negative(value)
    if seconds is not None:
        return float(seconds)
    try:
        at = parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return max(0.0, at - (time.time() if now is None else now))
