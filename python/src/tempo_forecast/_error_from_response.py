"""Turns an error answer into the typed exception for it."""
from __future__ import annotations

import json
from typing import Any, Callable, Dict, Mapping, Optional, Union

from .errors import APIError, ApiErrorInit, class_for
from .rate_limit import RateLimitState, parse_rate_limit, parse_retry_after


def error_from_response(status: int, headers: Dict[str, str], body: bytes, scrub: Callable[[str], str],
                        rate_limit: Optional[RateLimitState] = None) -> APIError:
    """The typed error for one non-2xx answer (headers already scrubbed and lower-cased); the body is scrubbed here."""
    text = scrub(body.decode("utf-8", errors="replace"))
    parsed: Union[Dict[str, Any], str, None] = text if text != "" else None
    try:
        value = json.loads(text)
        if isinstance(value, dict):
            parsed = value
    except ValueError:
        pass  # not JSON (a proxy's HTML page, say): the text is kept as the body
    problem: Mapping[str, Any] = parsed if isinstance(parsed, dict) else {}

    def string(v: Any) -> Optional[str]:
        return v if isinstance(v, str) and v != "" else None

    code = string(problem.get("code"))
    init = ApiErrorInit(
        status=status, code=code, detail=string(problem.get("detail")), title=string(problem.get("title")),
        request_id=string(problem.get("request_id")) or headers.get("x-request-id"),
        headers=headers, body=parsed,
        rate_limit=rate_limit if rate_limit is not None else parse_rate_limit(headers),
        retry_after=parse_retry_after(headers.get("retry-after")),
    )
    return class_for(code, status)(init)


def stream_failure(line: Mapping[str, Any], headers: Mapping[str, str], scrub: Callable[[str], str]) -> APIError:
    """The typed error for the failure line a server writes when it cannot finish a streamed answer."""
    found = line.get("error")
    e: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    code = e.get("code") if isinstance(e.get("code"), str) else None
    # the codes a server can end a stream with
    status = 503 if code == "SERVICE_UNAVAILABLE" else 400 if code == "REQUEST_INVALID" else 500
    detail = scrub(e["detail"]) if isinstance(e.get("detail"), str) else None
    request_id = e.get("request_id") if isinstance(e.get("request_id"), str) else headers.get("x-request-id")
    init = ApiErrorInit(status=status, code=code, detail=detail, title=None, request_id=request_id, headers={},
                        body=None, rate_limit=None, retry_after=None)
    return class_for(code, status)(init)
