"""Fixtures for the browser tests: Debian's Chromium through Playwright, and the real server.

The server is the real FastAPI app on uvicorn, in a thread of the test process, on a free
port, with a fresh SQLite file per test. Bots are the real `pokerroom bots` WebSocket
clients, run as a subprocess. Without /usr/bin/chromium the tests skip (outside CI) or
fail (CI=true).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# The tests import their shared steps as `webtest_helpers` and `liveserver` (pytest runs in
# importlib mode).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from liveserver import SERVER_SETTINGS, Bots, LiveServer  # noqa: E402


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Chromium at /usr/bin/chromium; a clear skip outside CI, a failure in CI, when missing."""
    if not os.path.exists(CHROMIUM):
        message = (
            f"Chromium is not installed at {CHROMIUM}: the browser tests need it "
            "(apt-get install -y chromium)"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        instance = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "room.db", **SERVER_SETTINGS).start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture
def bots(server: LiveServer) -> Iterator[Bots]:
    runner = Bots(server.db_url)
    try:
        yield runner
    finally:
        runner.stop()


@pytest.fixture
def context(browser: Any, server: LiveServer) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url,
                              accept_downloads=True)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(context: Any) -> Any:
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors  # type: ignore[attr-defined]
    return pg
