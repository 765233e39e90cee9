"""Fixtures of the server tests: a real server per test."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from roomharness import RunningServer, make_settings, start_server, stop_server  # noqa: E402


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[RunningServer]:
    running = await start_server(make_settings(tmp_path))
    yield running
    await stop_server(running)
