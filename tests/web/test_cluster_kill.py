"""Issue 10 in a browser: nginx (deploy/nginx.conf, run here as a child with its own prefix)
in front of two cluster nodes; a player in Chromium sits at a table with two bots, everyone
through nginx. At the player's turn the node that owns the table is killed -9: the page,
never reloaded, says the hand was voided, and the player is dealt the next hand by the node
that took the table over, at the same seat, and plays it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from webtest_helpers import (
    Frames,
    check_or_call,
    join_from_lobby,
    my_seat,
    new_name,
    sign_up,
    wait_decision_taken,
    wait_for_decision,
)

sys.path.append(str(Path(__file__).resolve().parents[1] / "cluster"))
from clusterharness import (  # noqa: E402
    BIN,
    NGINX,
    Cluster,
    _pg_admin,
    free_port,
    nginx_config,
    urls,
)

TABLE = "antares-2"  # hold'em, no-limit: the bots and the page both know it


def _run(coro: Coroutine[Any, Any, Any]) -> Any:
    """An async helper of the cluster harness, in a thread of its own (Playwright's sync API
    keeps an event loop in this one)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(asyncio.run(coro)))
    worker.start()
    worker.join()
    return out[0] if out else None


def _get(url: str) -> Any:
    return httpx.get(url, timeout=10).json()


def _wait_until(what: str, check: Any, limit_s: float = 120.0) -> Any:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError, ValueError, KeyError):
            found = check()
            if found:
                return found
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen within {limit_s} s")


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[Cluster, dict[str, Any], str]]:
    """Nodes a and b and nginx in front of them: (cluster, node processes, nginx URL)."""
    if not os.path.exists(NGINX):
        if os.environ.get("CI"):
            raise AssertionError("CI needs nginx")
        pytest.skip("nginx is not installed")
    pg, redis_url = urls()
    from sqlalchemy.engine import make_url

    name = f"prc_{uuid.uuid4().hex[:12]}"
    _run(_pg_admin(pg, f'CREATE DATABASE "{name}"'))
    db_url = make_url(pg).set(database=name).render_as_string(hide_password=False)
    listen = free_port()
    front = f"http://127.0.0.1:{listen}"
    cluster = Cluster(db_url, redis_url, f"prw{uuid.uuid4().hex[:10]}:", tmp_path,
                      extra=("--allow-origin", front))
    procs: dict[str, Any] = {}
    ports: dict[str, int] = {}
    nginx = None
    try:
        for node in ("a", "b"):
            ports[node] = free_port()
            log = (tmp_path / f"{node}.log").open("ab")
            procs[node] = subprocess.Popen(cluster.command(node, ports[node]), stdout=log,
                                           stderr=subprocess.STDOUT, start_new_session=True)
            _wait_until(f"node {node} up", lambda n=node: httpx.get(
                f"http://127.0.0.1:{ports[n]}/api/lobby", timeout=2).status_code == 200)
        _wait_until("both nodes own tables", lambda: {t["owner"] for t in _get(
            f"http://127.0.0.1:{ports['a']}/api/cluster")["tables"]} == {"a", "b"})
        config = nginx_config(tmp_path, listen, list(ports.values()))
        nginx = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(config),
                                  "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_until("nginx up", lambda: httpx.get(f"{front}/api/lobby",
                                                  timeout=2).status_code == 200)
        yield cluster, procs, front
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(timeout=10)
        for proc in procs.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        import redis

        r = redis.Redis.from_url(redis_url)
        keys = list(r.scan_iter(match=f"{cluster.prefix}*"))
        if keys:
            r.delete(*keys)
        r.close()
        _run(_pg_admin(pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def test_a_player_whose_tables_node_is_killed_plays_on_without_reloading(
        browser: Any, room: tuple[Cluster, dict[str, Any], str], tmp_path: Path) -> None:
    cluster, procs, front = room
    bots = subprocess.Popen([str(BIN / "pokerroom"), "bots", "--url", front, "--count", "2",
                             "--think", "0.2", "--table", TABLE, "--database", cluster.db_url],
                            stdout=(tmp_path / "bots.log").open("wb"),
                            stderr=subprocess.STDOUT)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, base_url=front)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        frames = Frames(page)
        sign_up(page, new_name("kill"))
        _wait_until("the bots seated", lambda: next(
            t for t in _get(f"{front}/api/lobby")["tables"] if t["id"] == TABLE)["taken"] >= 2)
        join_from_lobby(page, TABLE)
        # The player's turn: the hand is surely in progress at the kill.
        legal = wait_for_decision(page, frames, TABLE, timeout_s=120)
        assert legal is not None
        hand, seat = legal["hand"], my_seat(frames.latest_view(TABLE))
        assert seat is not None
        page.evaluate("window.__notReloaded = true")
        owner = next(t["owner"] for t in _get(f"{front}/api/cluster")["tables"]
                     if t["id"] == TABLE)
        os.killpg(procs[owner].pid, signal.SIGKILL)
        procs[owner].wait()
        # the page says the hand was voided and why (the room's wording of hand_voided)
        expect(page.locator("#banner")).to_contain_text(
            f"Hand #{hand} was voided because the server that dealt it stopped",
            timeout=60_000)
        # and the survivor deals the next hand to the same seat: the player plays it
        deadline = time.monotonic() + 120
        while True:
            legal = wait_for_decision(page, frames, TABLE, timeout_s=120)
            if legal is not None and legal["hand"] > hand:
                break
            assert time.monotonic() < deadline, "no next hand for the player"
        assert my_seat(frames.latest_view(TABLE)) == seat
        check_or_call(page)
        wait_decision_taken(page, frames, TABLE, legal)
        assert page.evaluate("window.__notReloaded") is True
        survivor = next(t["owner"] for t in _get(f"{front}/api/cluster")["tables"]
                        if t["id"] == TABLE)
        assert survivor not in (None, owner)
        assert errors == []
    finally:
        ctx.close()
        bots.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            bots.wait(timeout=10)
        if bots.poll() is None:
            bots.kill()
