"""`pokerroom serve --cluster` refuses to start, with one clear line and nothing written, on
SQLite, with Redis or PostgreSQL unreachable, and under a --node-id that is alive (issue 10,
bad input)."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import asyncpg
import redis.asyncio as aioredis
from clusterharness import BIN, cluster, fresh_database, urls
from sqlalchemy.engine import make_url


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "pokerroom"), "serve", "--port", "0",
                           "--insecure-fast-hash", *args],
                          capture_output=True, text=True, timeout=120)


def _one_line(done: subprocess.CompletedProcess[str], *words: str) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("pokerroom serve: "), lines
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


async def _tables_in(db_url: str) -> list[str]:
    conn = await asyncpg.connect(make_url(db_url).set(drivername="postgresql")
                                 .render_as_string(hide_password=False))
    try:
        rows = await conn.fetch("SELECT table_name FROM information_schema.tables "
                                "WHERE table_schema = 'public'")
    finally:
        await conn.close()
    return [r["table_name"] for r in rows]


def test_cluster_on_sqlite_is_refused_and_no_file_is_made(tmp_path: Path) -> None:
    _, redis_url = urls()
    db = tmp_path / "room.db"
    done = _serve("--database", f"sqlite+aiosqlite:///{db}", "--cluster", redis_url)
    _one_line(done, "--cluster needs PostgreSQL", "sqlite")
    assert not db.exists()


async def test_unreachable_redis_is_refused_and_nothing_is_written() -> None:
    async with fresh_database() as db_url:
        done = await asyncio.to_thread(_serve, "--database", db_url, "--cluster",
                                       "redis://127.0.0.1:1/0")
        _one_line(done, "cannot reach Redis at redis://127.0.0.1:1/0")
        assert await _tables_in(db_url) == []


def test_unreachable_postgresql_is_refused(tmp_path: Path) -> None:
    _, redis_url = urls()
    done = _serve("--database", "postgresql://postgres@127.0.0.1:1/nowhere",
                  "--cluster", redis_url, "--cluster-prefix", "prt-unreachable:")
    _one_line(done, "cannot reach PostgreSQL at postgresql+asyncpg://postgres@127.0.0.1:1/nowhere")


async def test_a_node_id_that_is_alive_is_refused_and_nothing_is_written(
        tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        await room.start("node-a")
        tables_before = sorted(await _tables_in(room.db_url))
        redis = aioredis.from_url(room.redis_url)
        # node-a's own liveness key comes and goes with its renewals (a tick late under load
        # and it expires), so it is left out: the refused node must write nothing else.
        alive_key = f"{room.prefix}node:node-a".encode()

        async def keys() -> list[bytes]:
            return sorted([k async for k in redis.scan_iter(match=f"{room.prefix}*")
                           if k != alive_key])

        keys_before = await keys()
        done = await asyncio.to_thread(
            subprocess.run, room.command("node-a", 0), capture_output=True, text=True,
            timeout=120)
        _one_line(done, "a node named 'node-a' is alive", "--node-id")
        assert await keys() == keys_before
        await redis.aclose()
        assert sorted(await _tables_in(room.db_url)) == tables_before
        assert room.nodes["node-a"].alive()  # the first one is untouched
