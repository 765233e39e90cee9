"""A real server in a thread (uvicorn, free port, fresh SQLite file) for the standing suite's
synchronous clients (schemathesis, Hypothesis)."""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn

from pokerroom.server.app import create_app
from pokerroom.server.settings import Settings
from pokerroom.server.wire import WS_PROTOCOL


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThreadServer:
    def __init__(self, tmp: Path) -> None:
        self.settings = Settings(port=_free_port(), database_url=f"sqlite+aiosqlite:///{tmp / 'r.db'}",
                                 fast_password_hash=True, between_hands_seconds=0.05)
        self.settings = replace(self.settings, signups_per_ip_per_hour=100_000,
                                rest_calls_per_minute=100_000)
        config = uvicorn.Config(create_app(self.settings), host="127.0.0.1",
                                port=self.settings.port, log_level="warning", lifespan="on",
                                ws=WS_PROTOCOL)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()), daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.settings.port}"

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                return self
            threading.Event().wait(0.025)
        raise RuntimeError("server did not start")

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(15)
