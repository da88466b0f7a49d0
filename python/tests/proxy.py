"""A small HTTP server on 127.0.0.1 in front of the real one, for what a real Tempo server does not do
on demand: cut a streamed answer short, end it with a failure line, or answer as a broken proxy would."""
from __future__ import annotations

import http.client
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, List, Optional, Tuple
from urllib.parse import urlsplit

# a plan answers one request: None forwards it whole; otherwise a function of (request number, handler)
Plan = Optional[Callable[[int, "Handler"], None]]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "Proxy"

    def log_message(self, *args) -> None:  # quiet
        pass

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.body = self.rfile.read(length) if length else b""
        n = self.server.record(self)
        plan = self.server.plans.pop(0) if self.server.plans else None
        if plan is None:
            self.forward()
        else:
            plan(n, self)

    do_GET = do_POST = do_DELETE = _handle

    def upstream(self) -> http.client.HTTPResponse:
        """Sends this request on to the real server; answers its response, unread."""
        u = urlsplit(self.server.target)
        conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        conn.request(self.command, self.path, body=self.body or None, headers=headers)
        return conn.getresponse()

    def forward(self, lines: Optional[int] = None, then: Optional[bytes] = None) -> None:
        """Relays the real answer: whole, or only its first `lines` lines followed by `then` and a close."""
        res = self.upstream()
        self.send_response(res.status)
        for k, v in res.getheaders():
            if k.lower() not in ("transfer-encoding", "content-length", "connection", "keep-alive"):
                self.send_header(k, v)
        self.send_header("Connection", "close")
        self.end_headers()
        sent = 0
        while True:
            line = res.readline()
            if not line or (lines is not None and sent == lines):
                break
            self.wfile.write(line)
            self.wfile.flush()
            sent += 1
        if then is not None:
            self.wfile.write(then)
        self.close_connection = True

    def answer(self, status: int, body: bytes, headers: Tuple[Tuple[str, str], ...] = ()) -> None:
        """A fixed answer."""
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Proxy(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, target: str) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.target = target
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        self.plans: List[Plan] = []
        self.requests: List[Tuple[str, str, dict, bytes]] = []
        self._lock = threading.Lock()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def record(self, h: Handler) -> int:
        with self._lock:
            self.requests.append((h.command, h.path, dict(h.headers.items()), h.body))
            return len(self.requests)

    def bodies(self) -> List[dict]:
        return [json.loads(b) for _, _, _, b in self.requests if b]

    def close(self) -> None:
        self.shutdown()
        self.server_close()
