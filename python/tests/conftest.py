"""A real ``tempo serve`` for the tests: the repository's own build (``npm run build`` first), started as
``node bin/tempo.js serve`` on a free port with a temporary data directory, keys made with
``node bin/tempo.js keys create`` as an operator would, and stopped (SIGTERM) when the session ends."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Dict, Iterator, List, Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "bin" / "tempo.js"
NODE = shutil.which("node") or "node"


def _require_build() -> None:
    if not (ROOT / "dist" / "src" / "cli" / "main.js").is_file() or not (ROOT / "build" / "tempo.wasm").is_file():
        pytest.exit(f"the server is not built in {ROOT}: run `npm run build` there first", returncode=2)


class TempoServer:
    """One `tempo serve` process and the CLI working on its data directory."""

    def __init__(self, env: Optional[Dict[str, str]] = None, data_dir: Optional[str] = None) -> None:
        _require_build()
        self.own_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="tempo-py-")
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            # a disabled key bites at once; the error tests send many bad keys from one address
            "TEMPO_KEY_CACHE_TTL_MS": "0",
            "TEMPO_NEGATIVE_CACHE_TTL_MS": "0",
            "TEMPO_FAILED_AUTH_PER_MINUTE": "0",
            "TEMPO_LOG_LEVEL": "warn",
            **(env or {}),
        }
        self.process: Optional[subprocess.Popen] = None
        self.url = ""
        self._stderr: List[str] = []
        self._keys = 0

    def start(self) -> "TempoServer":
        self.process = subprocess.Popen(
            [NODE, str(BIN), "serve", "--port", "0", "--host", "127.0.0.1", "--data-dir", self.data_dir],
            cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        listening = threading.Event()

        def drain() -> None:
            assert self.process is not None and self.process.stderr is not None
            for line in self.process.stderr:
                self._stderr.append(line)
                m = re.search(r"tempo listening on (http://\S+)", line)
                if m:
                    self.url = m.group(1)
                    listening.set()

        threading.Thread(target=drain, daemon=True).start()
        deadline = time.monotonic() + 60
        while not listening.wait(0.1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("tempo serve did not listen:\n" + "".join(self._stderr))
        return self

    def cli(self, *args: str) -> Dict[str, object]:
        """Runs `tempo <args> --json --data-dir DIR` and answers its JSON; fails the test on a non-zero exit."""
        done = subprocess.run([NODE, str(BIN), *args, "--json", "--data-dir", self.data_dir], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"tempo {' '.join(args)} exited {done.returncode}: {done.stderr}")
        return json.loads(done.stdout)

    def key(self, org: str = "py", *, rpm: int = 100_000, rph: int = 1_000_000, expires: Optional[str] = None) -> str:
        """A new key of organization `org`."""
        self._keys += 1
        args = ["keys", "create", "--org", org, "--project", "p", "--user", "u", "--name", f"k{self._keys}",
                "--rpm", str(rpm), "--rph", str(rph)]
        if expires is not None:
            args += ["--expires", expires]
        return str(self.cli(*args)["key"])

    def kill(self) -> None:
        """Ends the server at once, as a crash would (SIGKILL)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def remove(self) -> None:
        self.stop()
        if self.own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server() -> Iterator[TempoServer]:
    """The session's server."""
    s = TempoServer().start()
    try:
        yield s
    finally:
        s.remove()


@pytest.fixture(scope="session")
def key(server: TempoServer) -> str:
    """A key with room for every test that shares it."""
    return server.key("py-shared")


@pytest.fixture
def new_server() -> Iterator:
    """Starts servers of the test's own (with extra environment) and removes them after it."""
    started: List[TempoServer] = []

    def start(env: Optional[Dict[str, str]] = None, data_dir: Optional[str] = None) -> TempoServer:
        s = TempoServer(env, data_dir).start()
        started.append(s)
        return s

    yield start
    for s in started:
        s.remove()
