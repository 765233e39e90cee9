"""The browser tests' real server and bots, as the tests and their fixtures (conftest.py) use
them: the real FastAPI app on uvicorn, in a thread of the test process, on a free port, with a
fresh SQLite file per test; the real `pokerroom bots` as a subprocess. Its own module, not
conftest's: a test that imports `conftest` by name gets whichever directory's conftest comes
first on the path when tests/server and tests/web are collected in one run."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The real app served by uvicorn in a background thread."""

    def __init__(self, db_path: Path, port: int | None = None, **overrides: Any) -> None:
        import uvicorn

        from pokerroom.server.app import create_app
        from pokerroom.server.settings import Settings
        from pokerroom.server.wire import WS_PROTOCOL

        self.db_path = db_path
        self.overrides = overrides
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db_url = f"sqlite+aiosqlite:///{db_path}"
        settings = Settings(host="127.0.0.1", port=self.port, database_url=self.db_url)
        known = {k: v for k, v in overrides.items() if hasattr(settings, k)}
        self.settings = replace(settings, **known)
        # Built as `pokerroom serve` builds it (the CLI hands in the PokerStars exporter).
        try:
            from pokerroom.cli.serve import pokerstars_exporter
        except ImportError:
            pokerstars_exporter = None
        try:
            self.app = create_app(self.settings, pokerstars_exporter=pokerstars_exporter)
        except TypeError:  # an older server without the exporter hook
            self.app = create_app(self.settings)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="on", ws_max_size=1 << 16, ws=WS_PROTOCOL)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="pokerroom-server",
                                       daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)

    def restarted(self) -> LiveServer:
        """Stop this server and start a new one on the same port and database file."""
        self.stop()
        return LiveServer(self.db_path, port=self.port, **self.overrides).start()

    def lobby(self) -> list[dict[str, Any]]:
        return list(httpx.get(f"{self.url}/api/lobby", timeout=10).json()["tables"])

    def table(self, kind: str, betting: str | None = None) -> dict[str, Any]:
        for entry in self.lobby():
            if entry["kind"] == kind and (betting is None or entry.get("betting") == betting):
                return entry
        pytest.skip(f"the room has no {kind} {betting or ''} table yet")


SERVER_SETTINGS = {
    "fast_password_hash": True,
    "seed": 20261129,
    "between_hands_seconds": 4.0,
    # Tournaments play whole (to a winner) in the tests: a short rest between hands.
    "tournament_between_hands_seconds": 0.3,
    "tournament_time_bank_seconds": 0.0,
    "uth_betting_seconds": 3.0,
    "action_seconds": 30.0,
}


class Bots:
    """`pokerroom bots` as a subprocess: real WebSocket clients that sit and play."""

    def __init__(self, database: str) -> None:
        self.database = database  # the room's database: the bots read its bot secret there
        self.procs: list[subprocess.Popen[bytes]] = []
        self.logs: list[Any] = []

    def start(self, url: str, count: int, table: str | None = None,
              log: Path | None = None, think: float = 0.2) -> subprocess.Popen[bytes]:
        try:
            import pokerroom.bots.runner  # noqa: F401
        except ImportError:
            pytest.skip("the bots (pokerroom.bots.runner) are not there yet")
        script = Path(sys.executable).with_name("pokerroom")
        cmd = [str(script), "bots", "--url", url, "--count", str(count), "--think", str(think),
               "--database", self.database]
        if table:
            cmd += ["--table", table]
        out = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115
        if log:
            self.logs.append(out)
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=REPO)
        self.procs.append(proc)
        return proc

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=5)
            if proc.poll() is None:
                proc.kill()
        for out in self.logs:
            out.close()
