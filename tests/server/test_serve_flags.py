"""`pokerroom serve --insecure-fast-hash` is refused outside tests (issue 12, item 21): cheap
argon2 parameters make a stolen hash cheap to crack."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent


async def until_healthy(http: Any) -> None:
    """Wait (20 s at most) until the served room answers /healthz."""
    import asyncio

    import httpx

    for _ in range(400):
        try:
            if (await http.get("/healthz")).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.05)


def test_serve_refuses_the_fast_hash_outside_tests(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "POKERROOM_TESTING"}
    done = subprocess.run(
        [str(BIN / "pokerroom"), "serve", "--port", "0", "--insecure-fast-hash",
         "--database", f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"],
        env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "tests only" in done.stderr


async def test_serve_max_connections_counts_open_websockets(tmp_path: Path) -> None:
    """uvicorn's limit_concurrency counts open WebSockets: at 2,000 (hard-coded before) a room
    of 1,000 six-max tables could never seat its 6,000 players, every later login got 503
    (issue 11). The cap is `serve --max-connections`, 10,000 by default."""
    import asyncio

    import httpx
    import websockets
    from roomharness import free_port

    from pokerroom.server.settings import Settings

    assert Settings().max_connections >= 6_000 + 1_000  # the crowd, and room to log in
    port = free_port()
    proc = subprocess.Popen(
        [str(BIN / "pokerroom"), "serve", "--port", str(port), "--max-connections", "4",
         "--database", f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sockets = []
    try:
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            await until_healthy(http)
            for _ in range(3):
                ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws")
                await ws.send('{"type": "lobby_subscribe", "v": 1}')
                sockets.append(ws)
            await asyncio.sleep(0.2)
            # three sockets and this client's own connection: full
            assert (await http.get("/healthz")).status_code == 503
            await sockets.pop().close()
            for _ in range(100):
                if (await http.get("/healthz")).status_code == 200:
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("a closed socket never freed its place")
    finally:
        for ws in sockets:
            await ws.close()
        proc.terminate()
        proc.wait(timeout=20)


async def test_serve_heap_sweep_runs_the_full_collections(tmp_path: Path) -> None:
    """`serve --heap-sweep S` (issue 11, server/heap.py): the server's full collections are the
    keeper's, one every S seconds, counted by /api/metrics."""
    import asyncio

    import httpx
    from roomharness import free_port

    port = free_port()
    proc = subprocess.Popen(
        [str(BIN / "pokerroom"), "serve", "--port", str(port), "--metrics", "--heap-sweep", "0.3",
         "--database", f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            await until_healthy(http)
            first = (await http.get("/api/metrics")).json()["full_collections"]
            await asyncio.sleep(1.5)
            assert (await http.get("/api/metrics")).json()["full_collections"] >= first + 3
    finally:
        proc.terminate()
        proc.wait(timeout=20)
