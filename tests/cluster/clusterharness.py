"""Real cluster nodes for the tests (issue 10): `pokerroom serve --cluster` subprocesses on
loopback sharing one PostgreSQL database made for the test and one Redis under a key prefix
made for the test, so tests never see each other. Skipped outside CI when
POKERROOM_TEST_POSTGRES or POKERROOM_TEST_REDIS is unset."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PG_ENV, REDIS_ENV = "POKERROOM_TEST_POSTGRES", "POKERROOM_TEST_REDIS"


def urls() -> tuple[str, str]:
    pg, redis = os.environ.get(PG_ENV), os.environ.get(REDIS_ENV)
    if not pg or not redis:
        if os.environ.get("CI"):
            raise AssertionError(f"CI must set {PG_ENV} and {REDIS_ENV}")
        pytest.skip(f"cluster tests need {PG_ENV} and {REDIS_ENV}")
    return pg, redis


async def _pg_admin(url: str, sql: str) -> None:
    import asyncpg
    from sqlalchemy.engine import make_url

    conn = await asyncpg.connect(make_url(url).set(drivername="postgresql")
                                 .render_as_string(hide_password=False))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """A PostgreSQL database of its own, dropped afterwards; yields its URL."""
    from sqlalchemy.engine import make_url

    base, _ = urls()
    name = f"prc_{uuid.uuid4().hex[:12]}"
    await _pg_admin(base, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        await _pg_admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Node:
    name: str
    port: int
    proc: subprocess.Popen[bytes]
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def kill(self) -> None:
        """kill -9 of the node (and anything it started)."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def alive(self) -> bool:
        return self.proc.poll() is None


@dataclass
class Cluster:
    db_url: str
    redis_url: str
    prefix: str
    tmp: Path
    nodes: dict[str, Node] = field(default_factory=dict)
    extra: tuple[str, ...] = ()

    def command(self, name: str, port: int, *extra: str) -> list[str]:
        return [str(BIN / "pokerroom"), "serve", "--port", str(port), "--database", self.db_url,
                "--cluster", self.redis_url, "--node-id", name, "--cluster-prefix", self.prefix,
                "--between-hands", "0.3", "--tournament-between-hands", "0.05",
                "--tournament-time-bank", "0",
                "--action-seconds", "5", "--insecure-fast-hash",
                "--lease-ttl", "6", "--signups-per-ip", "1000",
                # one seal key for every node of the room, in the test's folder
                "--seal-key", str(self.tmp / "seal.key"), *self.extra, *extra]

    async def start(self, name: str, *extra: str, links: dict[str, str] | None = None) -> Node:
        """Start node `name`; `links` replaces the --database / --cluster URL it is given
        (a node behind a proxy). A port taken meanwhile by another process: another port."""
        for attempt in range(3):
            port = free_port()
            command = self.command(name, port, *extra)
            for flag, url in (links or {}).items():
                command[command.index(flag) + 1] = url
            log = self.tmp / f"{name}.log"
            proc = subprocess.Popen(command, stdout=log.open("ab"), stderr=subprocess.STDOUT,
                                    start_new_session=True)
            node = Node(name, port, proc, log)
            self.nodes[name] = node
            try:
                await wait_ready(node)
            except AssertionError:
                if attempt < 2 and "address already in use" in log.read_text():
                    continue
                raise
            return node
        raise AssertionError("unreachable")

    def stop_all(self) -> None:
        for node in self.nodes.values():
            if node.alive():
                node.kill()

    async def view(self, name: str) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=self.nodes[name].base, timeout=10) as http:
            answer: dict[str, Any] = (await http.get("/api/cluster")).json()
            return answer

    async def wait_balanced(self, names: list[str], limit_s: float = 60.0) -> dict[str, Any]:
        """Until every table has a live owner among `names` and each of them owns one."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit_s
        view: dict[str, Any] = {}
        while loop.time() < deadline:
            view = await self.view(names[0])
            owners = {t["owner"] for t in view["tables"]}
            if owners <= set(names) and set(names) <= owners:
                return view
            await asyncio.sleep(0.3)
        raise AssertionError(f"the cluster did not balance over {names}: {view}")


async def wait_ready(node: Node) -> None:
    async with httpx.AsyncClient(timeout=2) as http:
        for _ in range(1200):
            if not node.alive():
                raise AssertionError(f"node {node.name} exited:\n{node.log.read_text()[-3000:]}")
            try:
                if (await http.get(f"{node.base}/api/lobby")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)
    raise AssertionError(f"node {node.name} did not come up")


@asynccontextmanager
async def cluster(tmp: Path, *extra: str) -> AsyncIterator[Cluster]:
    _, redis_url = urls()
    prefix = f"prt{uuid.uuid4().hex[:10]}:"
    async with fresh_database() as db_url:
        running = Cluster(db_url, redis_url, prefix, tmp, extra=extra)
        try:
            yield running
        finally:
            running.stop_all()
            import redis.asyncio as aioredis

            r = aioredis.from_url(redis_url)
            keys = [k async for k in r.scan_iter(match=f"{prefix}*")]
            if keys:
                await r.delete(*keys)
            await r.aclose()


def nginx_config(tmp: Path, listen: int, upstreams: list[int]) -> Path:
    """deploy/nginx.conf with a test's ports and a private pid, log and temp under `tmp`."""
    text = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    servers = "".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n"
                      for p in upstreams)
    text = re.sub(r"(        server 127\.0\.0\.1:800\d [^\n]*\n)+", servers, text)
    text = text.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    text = text.replace("/tmp/pokerroom-nginx", str(tmp / "nginx"))
    assert f"127.0.0.1:{upstreams[0]}" in text and str(listen) in text
    path = tmp / "nginx.conf"
    path.write_text(text, encoding="utf-8")
    return path


@asynccontextmanager
async def bus_spy(room: Cluster, read: Any) -> AsyncIterator[list[tuple[str, Any]]]:
    """Everything published on Redis under the room's prefix while the block runs, as
    (channel, read(raw message)): the fan-out's channels and the node-to-node calls."""
    import redis.asyncio as aioredis

    spy = aioredis.from_url(room.redis_url)
    pubsub = spy.pubsub()
    await pubsub.psubscribe(f"{room.prefix}*")
    heard: list[tuple[str, Any]] = []

    async def listen() -> None:
        async for item in pubsub.listen():
            if item.get("type") == "pmessage":
                heard.append((item["channel"].decode(), read(item["data"])))

    listener = asyncio.create_task(listen())
    try:
        yield heard
    finally:
        listener.cancel()
        await pubsub.aclose()
        await spy.aclose()
