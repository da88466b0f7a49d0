"""Keeps the API key out of everything the client shows: messages, kept bodies, headers, reprs, logs."""
from __future__ import annotations

from typing import Callable
from urllib.parse import urlsplit


def key_hint(api_key: str) -> str:
    """``tempo-<key_id>-…<last4>``: the only form in which a key is shown; anything else shows as ``…<last4>``."""
    parts = api_key.split("-")
    last4 = api_key[-4:]
    return f"{parts[0]}-{parts[1]}-…{last4}" if len(parts) == 3 else f"…{last4}"


def scrubber(api_key: str) -> Callable[[str], str]:
    """A function that replaces the key, and its secret part alone, wherever they appear in a text."""
    hint = key_hint(api_key)
    parts = api_key.split("-")
    # a short "secret" would blank innocent text; real ones are ~49 characters
    needles = [api_key] + ([parts[2]] if len(parts) == 3 and len(parts[2]) >= 12 else [])

    def scrub(text: str) -> str:
        for needle in needles:
            text = text.replace(needle, hint)
        return text

    return scrub


def display_url(url: str) -> str:
    """The URL without credentials, query or fragment, for messages."""
    try:
        u = urlsplit(url)
        host = u.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        port = f":{u.port}" if u.port is not None else ""
        return f"{u.scheme}://{host}{port}{u.path}"
    except ValueError:
        return "(invalid URL)"


class Secret:
    """Holds the key; its repr and str are the hint, so ``vars(client)``, tracebacks with locals and logs never show it."""

    __slots__ = ("_value", "hint")

    def __init__(self, value: str) -> None:
        self._value = value
        self.hint = key_hint(value)

    def reveal(self) -> str:
        """The key itself, for the Authorization header only."""
        return self._value

    def __repr__(self) -> str:
        return f"Secret({self.hint!r})"

    __str__ = __repr__
