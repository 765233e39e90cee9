"""Server benchmark: T tables x 6 bots over loopback WebSockets, bots acting at once.

    .venv/bin/python benchmarks/bench_server.py --tables 10 50 200 --seconds 20 \
        [--postgres postgresql://postgres@127.0.0.1:5432/test]

For each T: starts `pokerroom serve` as a subprocess on a fresh SQLite file with a room of T
six-max no-limit hold'em tables, runs 6*T bot clients (pokerroom.bots, real WebSockets, no
think time) in this process, waits until they play, then measures over `--seconds`:
player actions per second (all tables), the action round trip (act sent -> the table's
answer received) p50 / p99, and the server's resident memory per table (RSS with the
tables playing minus RSS at start with empty tables, divided by T; plus the total).
Figures only; nothing is asserted. The bots and the server share the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from pokerroom.bots.client import Bot

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def room_file(tables: int, folder: Path) -> Path:
    path = folder / "bench-room.toml"
    text = '[room]\nname = "bench"\ncurrency = "USD"\n\n[defaults]\naction_seconds = 60\n'
    block = 0
    while tables > 0:  # at most 100 copies per [[table]]
        copies = min(tables, 100)
        text += (f'\n[[table]]\nname = "Bench {block}"\ngame = "holdem"\nbetting = "no-limit"\n'
                 f"seats = 6\nstakes = {{ small_blind = 100, big_blind = 200 }}\n"
                 f"copies = {copies}\n")
        tables -= copies
        block += 1
    path.write_text(text)
    return path


async def wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(timeout=5) as http:
        for _ in range(600):
            if proc.poll() is not None:
                raise RuntimeError("server exited")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(base + "/api/lobby")).status_code == 200:
                    return
            await asyncio.sleep(0.1)
    raise RuntimeError("server did not start")


async def fresh_postgres(url: str) -> str:
    """A new, empty database on the PostgreSQL server of `url`; returns its URL."""
    import uuid

    import asyncpg
    from sqlalchemy.engine import make_url

    base = make_url(url).set(drivername="postgresql")
    name = f"pokerroom_bench_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(base.render_as_string(hide_password=False))
    await admin.execute(f'CREATE DATABASE "{name}"')
    await admin.close()
    return base.set(drivername="postgresql+asyncpg", database=name).render_as_string(
        hide_password=False)


async def run(tables: int, seconds: float, postgres: str | None = None) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    database = (await fresh_postgres(postgres) if postgres
                else f"sqlite+aiosqlite:///{folder / 'bench.db'}")
    proc = subprocess.Popen(
        [str(BIN / "pokerroom"), "serve", "--port", str(port), "--database", database,
         "--room", str(room_file(tables, folder)), "--between-hands", "0.05",
         "--insecure-fast-hash"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        await wait_up(base, proc)
        rss_start = rss_kb(proc.pid)
        async with httpx.AsyncClient(timeout=30) as http:
            ids = [t["id"] for t in (await http.get(base + "/api/lobby")).json()["tables"]
                   if t["kind"] == "poker"][:tables]
        bots = [Bot(base, f"b{t}x{i}", table=ids[t], seed=t * 10 + i)
                for t in range(tables) for i in range(6)]
        # Sign up in small batches (argon2 is deliberately slow even when cheap).
        for start in range(0, len(bots), 50):
            await asyncio.gather(*(b.login() for b in bots[start:start + 50]))
        tasks = [asyncio.create_task(b.run()) for b in bots]
        warm = time.perf_counter()
        while sum(b.stats.hands > 0 for b in bots) < len(bots) * 0.9:
            if time.perf_counter() - warm > 120:
                break
            await asyncio.sleep(0.5)
        for b in bots:
            b.stats.latencies_ms.clear()
        actions0 = sum(b.stats.actions for b in bots)
        hands0 = sum(b.stats.hands for b in bots)
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        actions = sum(b.stats.actions for b in bots) - actions0
        hands = (sum(b.stats.hands for b in bots) - hands0) / 6
        rss_end = rss_kb(proc.pid)
        latencies = sorted(x for b in bots for x in b.stats.latencies_ms)
        for b in bots:
            b.stop()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    q = statistics.quantiles(latencies, n=100) if len(latencies) >= 100 else [float("nan")] * 99
    return {
        "tables": tables, "actions_per_s": actions / elapsed, "hands_per_s": hands / elapsed,
        "p50_ms": q[49], "p99_ms": q[98], "samples": len(latencies),
        "rss_total_mb": rss_end / 1024,
        "kb_per_table": (rss_end - rss_start) / tables,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--postgres", metavar="URL",
                        help="also run each T on a fresh database of this PostgreSQL server")
    args = parser.parse_args()
    print(f"bench_server: {os.cpu_count()} CPUs, bots and server on one machine")
    print(f"{'db':>8} {'T':>5} {'actions/s':>10} {'hands/s':>8} {'rtt p50':>9} {'rtt p99':>9} "
          f"{'samples':>8} {'RSS MB':>7} {'KB/table':>9}")
    first = None
    databases = ["sqlite"] + (["postgres"] if args.postgres else [])
    for tables in args.tables:
        for db in databases:
            r = asyncio.run(run(tables, args.seconds, args.postgres if db == "postgres" else None))
            first = first or r
            print(f"{db:>8} {r['tables']:>5} {r['actions_per_s']:>10.0f} {r['hands_per_s']:>8.1f} "
                  f"{r['p50_ms']:>7.1f}ms {r['p99_ms']:>7.1f}ms {r['samples']:>8} "
                  f"{r['rss_total_mb']:>7.0f} {r['kb_per_table']:>9.0f}   "
                  f"(actions/s x{r['actions_per_s'] / first['actions_per_s']:.2f} vs sqlite "
                  f"T={first['tables']})", flush=True)


if __name__ == "__main__":
    main()
