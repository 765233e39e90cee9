"""`pokerroom bench server`: the room under a crowd of bots, measured (issue 11, pinned).

For each T: starts `pokerroom serve` as a subprocess on a fresh database (a new SQLite file, or
a new database on the PostgreSQL server of `--database`) with a generated room of T six-max
no-limit hold'em tables (blinds 100/200), and 6*T bots in separate processes
(`pokerroom.bots.swarm`, up to BOTS_PER_PROCESS sockets each) that act after a think time
uniform in [0.5*MS, 1.5*MS]. Once every bot is connected, nine in ten have acted and the room
has settled T hands (warm-up: it waits as long as bots keep joining, a crowd of thousands takes
minutes), it measures over S seconds:
  actions_per_s, hands_per_s     player actions, hands settled (counted in the database)
  rtt_p50_ms, rtt_p99_ms         an action sent -> its table's answer received, at the bot
  server_cpu_ms_per_hand         the server process's CPU (all threads) / hands settled
  storage_cpu_ms_per_hand        the part of it spent storing (pokerroom.storage.meter)
  rss_mb                         the server's resident memory at the end
Figures only; nothing is asserted. Bots and server share the machine's cores.
"""

from __future__ import annotations

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
import uuid
from pathlib import Path
from typing import Any

import httpx

from pokerroom.bots.secret import read_bot_secret

BOTS_PER_PROCESS = 2500
KEYS = ("tables", "think_ms", "actions_per_s", "hands_per_s", "rtt_p50_ms", "rtt_p99_ms",
        "server_cpu_ms_per_hand", "storage_cpu_ms_per_hand", "rss_mb")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def room_text(tables: int) -> str:
    text = '[room]\nname = "bench"\ncurrency = "USD"\n\n[defaults]\naction_seconds = 60\n'
    block = 0
    while tables > 0:  # at most 100 copies per [[table]]
        copies = min(tables, 100)
        text += (f'\n[[table]]\nname = "Bench {block}"\ngame = "holdem"\nbetting = "no-limit"\n'
                 f"seats = 6\nstakes = {{ small_blind = 100, big_blind = 200 }}\n"
                 f"copies = {copies}\n")
        tables -= copies
        block += 1
    return text


async def fresh_database(url: str | None, folder: Path) -> str:
    """A new, empty database: a SQLite file in `folder`, or one on `url`'s PostgreSQL server."""
    if url is None or "sqlite" in url or "://" not in url:
        return f"sqlite+aiosqlite:///{folder / 'bench.db'}"
    import asyncpg
    from sqlalchemy.engine import make_url

    base = make_url(url).set(drivername="postgresql")
    name = f"pokerroom_bench_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(base.render_as_string(hide_password=False))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return base.set(drivername="postgresql+asyncpg", database=name).render_as_string(
        hide_password=False)


async def drop_database(url: str) -> None:
    if not url.startswith("postgresql"):
        return
    import asyncpg
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    admin = await asyncpg.connect(parsed.set(drivername="postgresql", database="postgres")
                                  .render_as_string(hide_password=False))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
    finally:
        await admin.close()


async def hands_settled(url: str) -> int:
    from sqlalchemy import text

    from pokerroom.storage.database import Database

    db = Database(url)
    try:
        async with db.read() as session:
            value = (await session.execute(
                text("SELECT count(*) FROM hands WHERE status = 'settled'"))).scalar_one()
            return int(value)
    finally:
        await db.close()


class SwarmProcess:
    """One bot process, driven over its stdin/stdout (see pokerroom.bots.swarm)."""

    def __init__(self, plan: dict[str, Any], folder: Path, index: int) -> None:
        path = folder / f"swarm-{index}.json"
        path.touch(mode=0o600)  # it holds the room's bot secret
        path.write_text(json.dumps(plan))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pokerroom.bots.swarm", str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=True, text=True,
        )

    def ask(self, command: str) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("a bot process exited")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def quantile(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


async def wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(timeout=5) as http:
        for _ in range(1200):
            if proc.poll() is not None:
                raise RuntimeError("the server exited at start")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(base + "/api/metrics")).status_code == 200:
                    return
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def measure(tables: int, think_ms: float, seconds: float, database: str | None,
                  *, server_bin: str | None = None, warmup_s: float = 3600.0,
                  stall_s: float = 120.0,
                  profile: str | None = None,
                  serve_options: list[str] | None = None,
                  progress: Any = None) -> dict[str, Any]:
    """One run at T tables; returns the figures under KEYS."""
    say = progress or (lambda _text: None)
    folder = Path(tempfile.mkdtemp(prefix="pokerroom-bench-"))
    (folder / "room.toml").write_text(room_text(tables))
    url = await fresh_database(database, folder)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [server_bin or str(Path(sys.executable).parent / "pokerroom"), "serve",
               "--port", str(port), "--database", url, "--room", str(folder / "room.toml"),
               "--between-hands", "0.05", "--insecure-fast-hash", "--metrics",
               "--seal-key", str(folder / "seal.key"),
               # every swarm bot connects from this address
               "--signups-per-ip", "1000000", "--sockets-per-ip", "1000000",
               *(serve_options or [])]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True,  # a benchmark may hash cheaply:
                              env={**os.environ, "POKERROOM_TESTING": "1"})
    swarms: list[SwarmProcess] = []
    try:
        await wait_up(base, server)
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            ids = [t["id"] for t in (await http.get("/api/lobby")).json()["tables"]
                   if t["kind"] == "poker"][:tables]
            bots = [[f"bot-{t}x{i}", ids[t]] for t in range(tables) for i in range(6)]
            secret = await read_bot_secret(url)  # the room made it on its first start
            count = max(1, -(-len(bots) // BOTS_PER_PROCESS))
            for k in range(count):
                plan = {"base": base, "bots": bots[k::count], "think_ms": think_ms, "seed": k,
                        "secret": secret}
                swarms.append(SwarmProcess(plan, folder, k))
            say(f"T={tables}: {len(bots)} bots in {count} process(es), warming up")
            start = progressed = told = time.monotonic()
            seen = (0, 0)
            while True:
                await asyncio.sleep(1.0)
                status = [s.ask("status") for s in swarms]
                now = (sum(x["connected"] for x in status), sum(x["playing"] for x in status))
                playing = now[1]
                if time.monotonic() - told >= 15:  # a crowd of thousands: say how it goes
                    told = time.monotonic()
                    say(f"T={tables}: {now[0]} bots connected, {playing} playing after "
                        f"{told - start:.0f} s")
                if now != seen:  # still seating: a crowd of thousands takes minutes
                    seen, progressed = now, time.monotonic()
                # Warm: every bot connected (none still logging in, which costs the server
                # far more than a move), nine in ten acted, and the room settled a hand per
                # table (the first showdown of a process fills the evaluator's tables: not a
                # hand's cost).
                if (now[0] >= len(bots) and playing >= 0.9 * len(bots)
                        and await hands_settled(url) >= tables) or (
                        time.monotonic() - progressed > stall_s):
                    break
                if time.monotonic() - start > warmup_s:
                    raise RuntimeError(f"T={tables}: only {playing} of {len(bots)} bots playing "
                                       f"after {warmup_s:.0f} s")
            say(f"T={tables}: {playing} bots playing after {time.monotonic() - start:.0f} s; "
                f"measuring {seconds:.0f} s")
            for s in swarms:
                s.ask("mark")
            hands0 = await hands_settled(url)
            query = {"profile": profile} if profile else None
            cpu0 = (await http.get("/api/metrics", params=query)).json()
            t0 = time.perf_counter()
            await asyncio.sleep(seconds)
            cpu1 = (await http.get("/api/metrics", params=query)).json()
            elapsed = time.perf_counter() - t0
            reports = [s.ask("report") for s in swarms]
            hands = await hands_settled(url) - hands0
            memory = rss_mb(server.pid)
            full = cpu1.get("full_collections", 0) - cpu0.get("full_collections", 0)
            say(f"T={tables}: {full} full collections of the server's heap in the window")
    finally:
        for s in swarms:
            s.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        with contextlib.suppress(Exception):
            await drop_database(url)
    errors: dict[str, int] = {}
    for r in reports:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    if errors:
        say(f"T={tables}: refusals and socket errors at the bots since they started: {errors}")
    rtt = sorted(x for r in reports for x in r["rtt_ms"])
    per_hand = 1e6 * max(hands, 1)

    def rounded(value: float | None, digits: int = 1) -> float | None:
        return None if value is None else round(value, digits)

    return {
        "hands": hands,
        "tables": tables, "think_ms": think_ms,
        "actions_per_s": rounded(sum(r["actions"] for r in reports) / elapsed),
        "hands_per_s": rounded(hands / elapsed, 2),
        "rtt_p50_ms": rounded(quantile(rtt, 0.50)), "rtt_p99_ms": rounded(quantile(rtt, 0.99)),
        "server_cpu_ms_per_hand": rounded((cpu1["cpu_ns"] - cpu0["cpu_ns"]) / per_hand, 2),
        "storage_cpu_ms_per_hand": rounded(
            (cpu1["storage_cpu_ns"] - cpu0["storage_cpu_ns"]) / per_hand, 2),
        "rss_mb": rounded(memory),
    }  # fmt: skip
