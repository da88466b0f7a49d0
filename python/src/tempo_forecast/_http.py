"""HTTP for the client on the standard library's ``http.client``: kept-alive connections, a deadline per
attempt that covers the headers and the whole body, and streamed answers read line by line.

The three ways an attempt can end without an answer come out as two exceptions,
:class:`APITimeoutError` and :class:`APIConnectionError`, built *after* the ``except`` block from the
error's text alone: ``http.client``'s frames hold the request bytes (the Authorization header
included) in their locals, so its exceptions and tracebacks are never chained to ours.
"""
from __future__ import annotations

import errno
import http.client
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union
from urllib.parse import urlsplit

from ._redact import Secret, display_url
from .errors import APIConnectionError, APITimeoutError, TempoError

# a kept-alive connection idle longer than this may have been closed by the server (default 5 s) or a proxy
_MAX_IDLE_SECONDS = 4.0
_READ_SIZE = 1 << 16
# no answer line is near this; a longer one means the peer is not a Tempo server
_MAX_LINE = 64 << 20
# the failures of a kept-alive connection the server had closed while it was idle: the request never arrived
_STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError)

Connection = Union[http.client.HTTPConnection, http.client.HTTPSConnection]


@dataclass
class Answer:
    """A complete answer: status, lower-cased headers, and the whole body."""

    status: int
    headers: Dict[str, str]
    body: bytes


class _Deadline:
    def __init__(self, seconds: Optional[float]) -> None:
        self.seconds = seconds
        self.at = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> Optional[float]:
        if self.at is None:
            return None
        left = self.at - time.monotonic()
        if left <= 0:
            raise socket.timeout("deadline passed")
        return left


def _headers_of(response: http.client.HTTPResponse, scrub: Callable[[str], str]) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for name, value in response.getheaders():
        key = name.lower()
        value = scrub(value)
        out[key] = f"{out[key]}, {value}" if key in out else value
    return out


def _reason(error: BaseException) -> Tuple[str, Optional[str]]:
    # what went wrong, as text and the errno's name, from the error and its causes
    parts: List[str] = []
    code: Optional[str] = None
    current: Optional[BaseException] = error
    for _ in range(3):
        if current is None:
            break
        text = str(current) or type(current).__name__
        parts.append(text)
        number = getattr(current, "errno", None)
        if code is None and isinstance(number, int):
            code = errno.errorcode.get(number)
        current = current.__cause__ or current.__context__
    return ": ".join(p for p in parts if p) or "unknown error", code


class Transport:
    """Connections to one base URL, shared by the threads of one client."""

    def __init__(self, base_url: str, secret: Secret, scrub: Callable[[str], str], user_agent: str,
                 ssl_context: Optional[ssl.SSLContext] = None) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("base_url must be an absolute http(s) URL, e.g. http://127.0.0.1:8080")
        if parts.username or parts.password:
            raise ValueError("base_url must not carry credentials; the API key is the only one sent")
        self.https = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port
        self.prefix = parts.path.rstrip("/")
        self.base_url = f"{parts.scheme}://{parts.netloc}{self.prefix}"
        self._secret = secret
        self._scrub = scrub
        self._user_agent = user_agent
        self._ssl = ssl_context if ssl_context is not None else (ssl.create_default_context() if self.https else None)
        self._idle: List[Tuple[Connection, float]] = []
        self._lock = threading.Lock()
        self._closed = False

    def display(self, path: str) -> str:
        """The URL of `path` as messages may show it."""
        return display_url(self.base_url + path)

    # -- connections -----------------------------------------------------------------------------

    def _new(self, timeout: Optional[float]) -> Connection:
        if self.https:
            return http.client.HTTPSConnection(self.host, self.port, timeout=timeout, context=self._ssl)
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def _take(self) -> Tuple[Optional[Connection], bool]:
        with self._lock:
            now = time.monotonic()
            while self._idle:
                conn, since = self._idle.pop()
                if now - since < _MAX_IDLE_SECONDS:
                    return conn, True
                conn.close()
        return None, False

    def _give_back(self, conn: Connection, response: http.client.HTTPResponse) -> None:
        if response.will_close or self._closed:
            conn.close()
            return
        with self._lock:
            self._idle.append((conn, time.monotonic()))

    def _drop_idle(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn, _ in idle:
            conn.close()

    def close(self) -> None:
        """Closes every idle connection; connections in use close when their answer is read."""
        self._closed = True
        self._drop_idle()

    def _request(self, method: str, path: str, body: Optional[bytes], content_type: Optional[str], accept: str,
                 deadline: _Deadline) -> Tuple[Connection, http.client.HTTPResponse]:
        # The key is passed straight to putheader: no local of this frame holds it.
        for _ in range(2):
            conn, reused = self._take()
            if conn is None:
                conn = self._new(deadline.remaining())
                conn.connect()
            try:
                if conn.sock is not None:
                    conn.sock.settimeout(deadline.remaining())
                conn.putrequest(method, self.prefix + path, skip_accept_encoding=True)
                conn.putheader("Authorization", "Bearer " + self._secret.reveal())
                conn.putheader("Accept", accept)
                conn.putheader("User-Agent", self._user_agent)
                if body is not None:
                    conn.putheader("Content-Type", content_type or "application/json")
                    conn.putheader("Content-Length", str(len(body)))
                try:
                    conn.endheaders(body)
                except _STALE:
                    # the server may have answered before reading the whole body (a 413 by Content-Length) and
                    # closed: that answer is read below; a connection closed while idle fails there and is retried
                    pass
                if conn.sock is not None:
                    conn.sock.settimeout(deadline.remaining())
                return conn, conn.getresponse()
            except _STALE:
                conn.close()
                if not reused:
                    raise
                # the others kept as long were most likely closed too: the retry opens a new connection
                self._drop_idle()
            except BaseException:
                conn.close()
                raise
        raise http.client.RemoteDisconnected("the server closed the connection")

    # -- calls -----------------------------------------------------------------------------------

    def send(self, method: str, path: str, body: Optional[bytes], timeout: Optional[float],
             content_type: Optional[str] = None, accept: str = "application/json") -> Answer:
        """One attempt, read whole within `timeout` seconds; raises APITimeoutError or APIConnectionError."""
        streamed = self.stream(method, path, body, timeout, content_type, accept)
        return Answer(streamed.status, streamed.headers, streamed.read_all())

    def upload(self, method: str, path: str, chunks: Iterable[bytes], timeout: Optional[float], content_type: str,
               content_encoding: Optional[str] = None) -> Answer:
        """One streamed upload (chunked), on a connection of its own; raises APITimeoutError or APIConnectionError."""
        return _Upload(self).send(method, path, chunks, timeout, content_type, content_encoding)

    def stream(self, method: str, path: str, body: Optional[bytes], timeout: Optional[float],
               content_type: Optional[str] = None, accept: str = "application/x-ndjson") -> "Streamed":
        """Sends one request and returns once the answer's headers are in, `timeout` seconds after it began at
        most; read the rest with Streamed.read_all() (within the same deadline) or Streamed.lines()."""
        failure: Optional[TempoError] = None
        deadline = _Deadline(timeout)
        try:
            conn, response = self._request(method, path, body, content_type, accept, deadline)
            return Streamed(self, path, conn, response, deadline)
        except socket.timeout:
            failure = APITimeoutError(timeout or 0.0, self.display(path))
        except (OSError, http.client.HTTPException) as error:
            text, code = _reason(error)
            failure = APIConnectionError(f"could not reach {self.display(path)}: {self._scrub(text)}", code)
        raise failure


def _chunked(chunks: Iterable[bytes]) -> Iterator[bytes]:
    # HTTP/1.1 chunked framing: the upload's length is not known before it is read
    for chunk in chunks:
        if chunk:
            yield b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    yield b"0\r\n\r\n"


class _Upload:
    """Sends a streamed request body on a connection of its own; `timeout` is the longest stall of any one step."""

    def __init__(self, transport: "Transport") -> None:
        self.t = transport

    def send(self, method: str, path: str, chunks: Iterable[bytes], timeout: Optional[float], content_type: str,
             content_encoding: Optional[str]) -> Answer:
        failure: Optional[TempoError] = None
        conn: Optional[Connection] = None
        try:
            conn = self.t._new(timeout)
            conn.connect()
            conn.putrequest(method, self.t.prefix + path, skip_accept_encoding=True)
            conn.putheader("Authorization", "Bearer " + self.t._secret.reveal())
            conn.putheader("Accept", "application/json")
            conn.putheader("User-Agent", self.t._user_agent)
            conn.putheader("Content-Type", content_type)
            if content_encoding is not None:
                conn.putheader("Content-Encoding", content_encoding)
            conn.putheader("Transfer-Encoding", "chunked")
            conn.endheaders()
            try:
                for framed in _chunked(chunks):
                    conn.send(framed)
            except _STALE:
                # the server answered before reading the whole body (a refused file) and closed: read that answer
                pass
            response = conn.getresponse()
            body = response.read()
            headers = _headers_of(response, self.t._scrub)
            return Answer(response.status, headers, body)
        except socket.timeout:
            failure = APITimeoutError(timeout or 0.0, self.t.display(path))
        except (OSError, http.client.HTTPException) as error:
            text, code = _reason(error)
            failure = APIConnectionError(f"could not upload to {self.t.display(path)}: {self.t._scrub(text)}", code)
        finally:
            if conn is not None:
                conn.close()
        raise failure


class Streamed:
    """An answer being read: its status and headers, then its body whole or line by line."""

    def __init__(self, transport: Transport, path: str, conn: Connection, response: http.client.HTTPResponse,
                 deadline: _Deadline) -> None:
        self._transport = transport
        self._path = path
        self._conn = conn
        self._response = response
        self._deadline = deadline
        self._timeout = deadline.seconds
        self._done = False
        self.status = response.status
        self.headers = _headers_of(response, transport._scrub)

    def _fail(self, error: BaseException) -> TempoError:
        self.close()
        if isinstance(error, socket.timeout):
            return APITimeoutError(self._timeout or 0.0, self._transport.display(self._path))
        text, code = _reason(error)
        return APIConnectionError(
            f"could not read the answer from {self._transport.display(self._path)}: {self._transport._scrub(text)}", code)

    def read_all(self) -> bytes:
        """The rest of the body, by the deadline the request began with."""
        failure: Optional[TempoError] = None
        try:
            chunks = []
            while True:
                if self._conn.sock is not None:
                    self._conn.sock.settimeout(self._deadline.remaining())
                chunk = self._response.read(_READ_SIZE)
                if not chunk:
                    break
                chunks.append(chunk)
            self._finish()
            return b"".join(chunks)
        except (OSError, http.client.HTTPException) as error:
            failure = self._fail(error)
        raise failure

    def lines(self) -> Iterator[bytes]:
        """Each non-empty line as it arrives; `timeout` is the longest wait for the next one."""
        while True:
            failure: Optional[TempoError] = None
            line = b""
            try:
                if self._conn.sock is not None:
                    self._conn.sock.settimeout(self._timeout)
                line = self._response.readline(_MAX_LINE)
                if len(line) >= _MAX_LINE and not line.endswith(b"\n"):
                    failure = self._fail(ValueError(f"an answer line is longer than {_MAX_LINE} bytes"))
            except (OSError, http.client.HTTPException) as error:
                failure = self._fail(error)
            if failure is not None:
                raise failure
            if not line:
                self._finish()
                return
            if line.strip():
                yield line

    def _finish(self) -> None:
        if not self._done:
            self._done = True
            self._transport._give_back(self._conn, self._response)

    def close(self) -> None:
        """Drops the connection unless the answer was read to its end; a server stops work nobody will read."""
        if not self._done:
            self._done = True
            self._conn.close()
