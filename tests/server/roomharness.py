"""Test harness: a real server (uvicorn in this event loop, free port, fresh SQLite file) and
real WebSocket clients that record every message."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from pokerroom.cli.serve import pokerstars_exporter
from pokerroom.server.app import create_app
from pokerroom.server.settings import Settings
from pokerroom.server.wire import WS_PROTOCOL


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RunningServer:
    settings: Settings
    server: uvicorn.Server
    task: asyncio.Task[None]
    app: Any = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.settings.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.settings.port}/ws"

    def http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, timeout=10)


async def start_server(settings: Settings) -> RunningServer:
    app = create_app(settings, pokerstars_exporter=pokerstars_exporter)
    config = uvicorn.Config(app, host="127.0.0.1", port=settings.port, log_level="warning",
                            ws_max_size=1 << 20, lifespan="on", ws=WS_PROTOCOL)
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    for _ in range(400):
        if server.started:
            break
        if task.done():
            task.result()
        await asyncio.sleep(0.025)
    else:
        raise RuntimeError("server did not start")
    return RunningServer(settings=settings, server=server, task=task, app=app)


async def stop_server(running: RunningServer) -> None:
    running.server.should_exit = True
    try:
        await asyncio.wait_for(running.task, 10)
    except TimeoutError:
        running.task.cancel()


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    base = Settings(
        port=free_port(),
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'room.db'}",
        action_seconds=5.0,
        time_bank_seconds=0.0,
        between_hands_seconds=0.05,
        uth_betting_seconds=1.0,
        fast_password_hash=True,
        # In the test's folder, also with a PostgreSQL database (whose default place is the
        # working directory, here the repository).
        seal_key_path=tmp_path / "seal.key",
    )
    return replace(base, **overrides)


@dataclass
class Client:
    """A real WebSocket client that records every message it receives."""

    ws: Any
    received: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)  # each frame exactly as it came
    _reader: asyncio.Task[None] | None = None
    _event: asyncio.Event = field(default_factory=asyncio.Event)
    views: dict[str, dict[str, Any]] = field(default_factory=dict)  # latest view per table

    @classmethod
    async def connect(cls, url: str, token: str | None = None, origin: str | None = None,
                      **kw: Any) -> Client:
        headers = {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        ws = await websockets.connect(url, additional_headers=headers, origin=origin,
                                      max_size=1 << 22, **kw)
        client = cls(ws)
        client._reader = asyncio.get_running_loop().create_task(client._read())
        return client

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                self.raw.append(text if isinstance(text, str) else text.decode())
                message = json.loads(text)
                self.received.append(message)
                if message.get("type") in ("table_view", "table_events", "uth_view"):
                    self.views[message["table"]] = message["view"]
                self._event.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self._event.set()

    async def send(self, **message: Any) -> None:
        message.setdefault("v", 1)
        await self.ws.send(json.dumps(message))

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.send(text)

    async def wait_for(self, predicate: Any, timeout: float = 10.0, start: int = 0) -> dict[str, Any]:
        """The first message from index `start` on that satisfies `predicate`."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for message in self.received[start:]:
                if predicate(message):
                    return message
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0 or (self._reader is not None and self._reader.done()):
                raise AssertionError(
                    f"no matching message; last received: {self.received[-5:]}"
                )
            self._event.clear()
            try:
                await asyncio.wait_for(self._event.wait(), remaining)
            except TimeoutError:
                pass

    async def close(self) -> None:
        await self.ws.close()
        if self._reader is not None:
            await self._reader


def of_type(kind: str, **fields: Any) -> Any:
    return lambda m: m.get("type") == kind and all(m.get(k) == v for k, v in fields.items())


PASSWORD = "correct horse battery"


async def register(running: RunningServer, name: str) -> str:
    """A new account; returns its bearer token."""
    async with running.http() as http:
        r = await http.post("/api/auth/register", json={"username": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        return str(r.json()["token"])


async def greeted(running: RunningServer, *names: str) -> dict[str, Client]:
    """A new account per name, each with a socket that said hello and was welcomed."""
    clients: dict[str, Client] = {}
    for name in names:
        client = await Client.connect(running.ws_url, await register(running, name))
        await client.send(type="hello")
        await client.wait_for(of_type("welcome"))
        clients[name] = client
    return clients


def latest_view(client: Client, table: str) -> dict[str, Any] | None:
    return client.views.get(table)


def simple_decision(legal: dict[str, Any], rng: Any) -> tuple[str, int | None]:
    """A random legal action, biased towards calling and checking, for load and leak tests."""
    roll = rng.random()
    if legal["raise"] and roll < 0.15:
        low, high = legal["raise"]["min"], legal["raise"]["max"]
        return "raise", rng.choice([low, high, (low + high) // 2])
    if legal["bet"] and roll < 0.25:
        low, high = legal["bet"]["min"], legal["bet"]["max"]
        return "bet", rng.choice([low, high])
    if legal["check"]:
        return "check", None
    if legal.get("bring_in"):
        return "bring_in", None
    if legal["call"] and roll < 0.85:
        return "call", None
    if legal.get("complete") and roll < 0.9:
        return "complete", legal["complete"]["min"]
    return "fold", None


def calm(legal: dict[str, Any], rng: Any) -> tuple[str, int | None]:
    """Check or call, sometimes a minimum raise: nobody busts in a few hands."""
    if legal["raise"] and rng.random() < 0.2:
        return "raise", legal["raise"]["min"]
    return ("check", None) if legal["check"] else ("call", None)


async def holdem_table(server: RunningServer) -> str:
    """The id of a plain hold'em table of the room (not part of a mixed game)."""
    async with server.http() as http:
        lobby = (await http.get("/api/lobby")).json()["tables"]
    return str(next(t["id"] for t in lobby
                    if t["kind"] == "poker" and t["game"] == "holdem" and not t["mix"]))


async def play_until(clients: dict[str, Client], table: str, hands: int, rng: Any,
                     timeout: float = 60.0, policy: Any = calm) -> None:
    """Every client answers its own `legal` prompts until `hands` results were seen."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    answered: set[tuple[str, int, int]] = set()
    while True:
        results = {m["hand"] for m in next(iter(clients.values())).received
                   if m["type"] == "hand_result"}
        if len(results) >= hands:
            return
        assert loop.time() < deadline, (
            f"only {len(results)} hands finished; last messages: "
            + repr({n: c.received[-3:] for n, c in clients.items()})
        )
        for name, client in clients.items():
            view = latest_view(client, table)
            legal = view and view.get("legal")
            if legal and not legal.get("after_hand"):  # the optional show after a hand
                key = (name, legal["hand"], legal["action_no"])
                if key not in answered:
                    answered.add(key)
                    action, amount = policy(legal, rng)
                    msg = {"type": "act", "table": table, "hand": legal["hand"],
                           "action_no": legal["action_no"], "action": action}
                    if amount is not None:
                        msg["amount"] = amount
                    await client.send(**msg)
        await asyncio.sleep(0.01)


async def run_bots(server: RunningServer, *args: str, timeout: float = 300) -> str:
    """Run `pokerroom bots` against `server` with `args` until it exits; its output.

    The bots read the room's bot secret from its database. A run still going after `timeout`
    seconds is killed and fails with the output so far: a stuck bots process must neither
    hang the suite nor outlive its test (it would keep reconnecting)."""
    proc = await asyncio.create_subprocess_exec(
        str(Path(sys.executable).parent / "pokerroom"), "bots", "--url", server.base,
        "--database", server.settings.database_url, *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    assert proc.stdout is not None
    lines: list[bytes] = []

    async def read() -> None:
        assert proc.stdout is not None
        while line := await proc.stdout.readline():
            lines.append(line)

    try:
        await asyncio.wait_for(asyncio.gather(read(), proc.wait()), timeout)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        text = b"".join(lines).decode(errors="replace")[-4000:]
        raise AssertionError(f"the bots did not finish in {timeout:.0f} s:\n{text}") from None
    text = b"".join(lines).decode(errors="replace")
    assert proc.returncode == 0, text
    return text
