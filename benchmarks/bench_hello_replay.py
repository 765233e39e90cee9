"""The hello replay attack (issue 12, item 12), measured: CPU per hello, and what a few
attacking sockets do to another player's latency.

    .venv/bin/python benchmarks/bench_hello_replay.py [--tables 8] [--events 1500] \
        [--seconds 10] [--attackers 3] [--source DIR] [--json]

Starts `pokerroom serve` as a subprocess (fresh SQLite file, a room of T heads-up hold'em
tables), seats two players at each table and has them check and call until every table's log
holds E events. Then, with the tables idle:
  hello_bytes                  the frame: a hello naming the T tables at their first version
  cpu_ms_per_hello             server CPU (all threads) per such hello answered, 10 hellos
                               sent one after the other, 0.5 s apart (under any rate limit)
  answer_kb_per_hello          what the server sends back for one
  ping_p50_ms, ping_p99_ms     another socket's ping round trip (10 a second), no attack
  attack_ping_p50_ms, _p99_ms  the same while A sockets send such hellos as fast as they are
                               answered (a refused one is sent again at once)
  attack_hellos_answered       hellos answered in full during the attack, and
  attack_hellos_refused        refused (rate_limited), and sockets closed for flooding
  attack_cpu_pct               server CPU during the attack (100 = one core)
`--source DIR` runs the server from another checkout's `src` (PYTHONPATH), e.g. the code
before the fix: `git archive 0c2afd2~1 src | tar -x -C /tmp/hello-before`, then
`--source /tmp/hello-before/src`. The clients speak only the WebSocket protocol both share.
Figures only; nothing is asserted. Clients and server share the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def room_text(tables: int) -> str:
    return ('[room]\nname = "hello"\ncurrency = "USD"\n\n[defaults]\naction_seconds = 60\n\n'
            '[[table]]\nname = "Hello"\ngame = "holdem"\nbetting = "no-limit"\nseats = 2\n'
            f"stakes = {{ small_blind = 100, big_blind = 200 }}\ncopies = {tables}\n")


class Player:
    """A seated player who checks or calls whatever is offered until told to stop."""

    def __init__(self, ws: Any, table: str) -> None:
        self.ws, self.table = ws, table
        self.first_version: int | None = None
        self.version = 0
        self.playing = True
        self.answered: set[tuple[int, int]] = set()

    async def run(self) -> None:
        async for text in self.ws:
            try:
                await self.on(json.loads(text))
            except Exception as exc:  # noqa: BLE001 - told, and the player goes on
                print(f"player at {self.table}: {exc!r}", file=sys.stderr)

    async def on(self, msg: dict[str, Any]) -> None:
        if msg.get("table") != self.table:
            return
        if "version" in msg:
            self.version = max(self.version, msg["version"])
            if self.first_version is None:  # the version the player sat down at
                self.first_version = msg["version"]
        legal = (msg.get("view") or {}).get("legal")
        if not self.playing or not legal or legal.get("after_hand") or legal.get("show"):
            return
        key = (legal["hand"], legal["action_no"])
        if key in self.answered:
            return
        self.answered.add(key)
        action = "check" if legal["check"] else "call"
        await self.ws.send(json.dumps({"type": "act", "table": self.table,
                                       "hand": legal["hand"],
                                       "action_no": legal["action_no"], "action": action}))


async def hello_once(ws: Any, frame: str, tables: int) -> tuple[str, int]:
    """Send one hello; wait for its answer. ("answered" | "refused", bytes received)."""
    await ws.send(frame)
    names = json.loads(frame)["last_versions"]
    seen: set[str] = set()
    size = 0
    while True:
        try:
            text = await asyncio.wait_for(ws.recv(), 60)
        except TimeoutError:
            print(f"a hello got no answer from {sorted(set(names) - seen)}", file=sys.stderr)
            return "lost", size
        size += len(text)
        msg = json.loads(text)
        # refused: the hello's own refusal, or the socket's bucket (no ref: not parsed yet)
        if msg.get("type") == "error" and (msg.get("ref") == "h"
                                           or msg.get("code") == "rate_limited"):
            return "refused", size
        if msg.get("type") in ("table_events", "table_view") and msg.get("table") not in seen:
            seen.add(msg["table"])
            if len(seen) == tables:
                return "answered", size


async def pinger(url: str, stop: asyncio.Event, out: list[float], auth: dict[str, str]) -> None:
    async with websockets.connect(url, max_size=1 << 24, additional_headers=auth) as ws:
        while not stop.is_set():
            t0 = time.perf_counter()
            await ws.send('{"type":"ping"}')
            while json.loads(await asyncio.wait_for(ws.recv(), 60)).get("type") != "pong":
                pass
            out.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.1)  # 10 a second: under the socket's rate limit (20/s)


async def attacker(url: str, frame: str, tables: int, stop: asyncio.Event,
                   counts: dict[str, int], auth: dict[str, str]) -> None:
    while not stop.is_set():
        try:
            async with websockets.connect(url, max_size=1 << 26, additional_headers=auth) as ws:
                while not stop.is_set():
                    outcome, _ = await hello_once(ws, frame, tables)
                    counts[outcome] += 1
        except (websockets.ConnectionClosed, OSError):
            counts["closed"] += 1


async def cpu_ns(http: httpx.AsyncClient) -> int:
    return int((await http.get("/api/metrics")).json()["cpu_ns"])


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="pokerroom-hello-"))
    (folder / "room.toml").write_text(room_text(args.tables))
    port = free_port()
    base, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    env = {**os.environ, "POKERROOM_TESTING": "1"}
    if args.source:
        env["PYTHONPATH"] = str(Path(args.source).resolve())
    command = [sys.executable, "-c", "from pokerroom.cli import app; app()", "serve",
               "--port", str(port), "--database", f"sqlite+aiosqlite:///{folder / 'r.db'}",
               "--room", str(folder / "room.toml"), "--between-hands", "0.05",
               "--insecure-fast-hash", "--metrics", "--signups-per-ip", "100000"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True, env=env, cwd=folder)
    sockets: list[Any] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            for _ in range(1200):
                if server.poll() is not None:
                    raise RuntimeError("the server exited at start")
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get("/api/lobby")).status_code == 200:
                        break
                await asyncio.sleep(0.1)
            ids = [t["id"] for t in (await http.get("/api/lobby")).json()["tables"]
                   if t["kind"] == "poker"][:args.tables]
            players: list[Player] = []
            for t, table in enumerate(ids):
                for i in range(2):
                    r = await http.post("/api/auth/register",
                                        json={"username": f"hello{t}x{i}", "password": PASSWORD})
                    r.raise_for_status()
                    ws = await websockets.connect(url, max_size=1 << 24, additional_headers={
                        "Authorization": f"Bearer {r.json()['token']}"})
                    sockets.append(ws)
                    player = Player(ws, table)
                    players.append(player)
                    tasks.append(asyncio.create_task(player.run()))
                    await ws.send(json.dumps({"type": "sit", "table": table, "buy_in": 20_000}))
            def say(text: str) -> None:
                print(text, file=sys.stderr if args.json else sys.stdout, flush=True)

            say(f"filling {len(ids)} tables to {args.events} events each")
            while True:
                await asyncio.sleep(1.0)
                low = min(p.version - (p.first_version or p.version) for p in players)
                say(f"  the emptiest table holds {low} events"
                    f" ({sorted((p.table, p.first_version, p.version) for p in players)[:3]})")
                if low >= args.events:
                    break
            for p in players:
                p.playing = False
            await asyncio.sleep(1.0)  # the last actions land
            since = {p.table: p.first_version for p in players}
            frame = json.dumps({"type": "hello", "last_versions": since, "ref": "h"},
                               separators=(",", ":"))
            say(f"hello frame {len(frame)} bytes; measuring")
            auths = []
            for i in range(args.attackers + 2):  # logged in: the measuring sockets
                r = await http.post("/api/auth/register",
                                    json={"username": f"helloer{i}", "password": PASSWORD})
                r.raise_for_status()
                auths.append({"Authorization": f"Bearer {r.json()['token']}"})
            # CPU per hello, paced under any rate limit
            answered, received = 0, 0
            async with websockets.connect(url, max_size=1 << 26,
                                          additional_headers=auths[0]) as ws:
                c0 = await cpu_ns(http)
                for _ in range(10):
                    outcome, size = await hello_once(ws, frame, len(ids))
                    if outcome == "answered":
                        answered += 1
                        received += size
                    await asyncio.sleep(0.5)
                c1 = await cpu_ns(http)
            # (the 10 x 0.5 s of idle server in between is counted too: a few ms)
            cpu_per_hello = (c1 - c0) / 1e6 / max(answered, 1)
            # another socket's latency, without and with the attack
            baseline: list[float] = []
            stop = asyncio.Event()
            ping = asyncio.create_task(pinger(url, stop, baseline, auths[1]))
            await asyncio.sleep(args.seconds)
            stop.set()
            await ping
            attacked: list[float] = []
            stop = asyncio.Event()
            counts = {"answered": 0, "refused": 0, "closed": 0, "lost": 0}
            c0, t0 = await cpu_ns(http), time.perf_counter()
            attack = [asyncio.create_task(attacker(url, frame, len(ids), stop, counts,
                                                   auths[2 + i]))
                      for i in range(args.attackers)]
            ping = asyncio.create_task(pinger(url, stop, attacked, auths[1]))
            await asyncio.sleep(args.seconds)
            stop.set()
            c1, elapsed = await cpu_ns(http), time.perf_counter() - t0
            await ping
            for task in attack:
                task.cancel()
            await asyncio.gather(*attack, return_exceptions=True)
    finally:
        for task in tasks:
            task.cancel()
        for ws in sockets:
            with contextlib.suppress(Exception):
                await ws.close()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    return {
        "tables": len(ids), "events_per_table": args.events, "attackers": args.attackers,
        "hello_bytes": len(frame),
        "cpu_ms_per_hello": round(cpu_per_hello, 2),
        "answer_kb_per_hello": round(received / max(answered, 1) / 1024, 1),
        "ping_p50_ms": quantile(baseline, 0.5), "ping_p99_ms": quantile(baseline, 0.99),
        "attack_ping_p50_ms": quantile(attacked, 0.5),
        "attack_ping_p99_ms": quantile(attacked, 0.99),
        "attack_hellos_answered": counts["answered"], "attack_hellos_refused": counts["refused"],
        "attack_sockets_closed": counts["closed"],
        "attack_cpu_pct": round((c1 - c0) / 1e9 / elapsed * 100, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--events", type=int, default=1500)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--attackers", type=int, default=3)
    parser.add_argument("--source", help="run the server from this src folder (PYTHONPATH)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>24}  {value}")


if __name__ == "__main__":
    main()
