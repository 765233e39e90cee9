"""Cluster benchmark (issue 10): the same crowd of bots on one node and on N nodes, in one run.

    .venv/bin/python benchmarks/bench_cluster.py \
        --database postgresql+asyncpg://postgres@127.0.0.1:5432/test \
        --redis redis://127.0.0.1:6379/0 [--nodes 1 3] [--tables 6] [--think 300] \
        [--seconds 30] [--json]

For each node count N: a fresh PostgreSQL database and Redis key prefix, N `pokerroom serve
--cluster` nodes on loopback sharing them (a room of T six-max hold'em tables, balanced over
the nodes), and 6*T bots (pokerroom.bots.swarm), bot k of the crowd connected to node k mod N,
so most bots play at a table another node runs (their commands cross the bus). After the
warm-up (nine bots in ten acting, T hands settled) it measures over S seconds:
  actions_per_s                 player actions answered, all bots
  hands_per_s                   hands settled (counted in the database)
  rtt_p50_ms, rtt_p99_ms        an action sent -> its table's answer received, at the bot
  cpu_ms_per_action             CPU of all nodes together (all threads) / actions
  node_cpu_ms_per_action        the same per node (owner and gateway work together)
  redis_msgs_per_action         messages all nodes published on Redis (fan-out frames, calls
                                and their answers) / actions
and prints each N against the first N: ratios measured in the same run, since the machine
is shared (absolute figures move with the load; the bots share the cores with the nodes).
Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from pokerroom.bots.secret import read_bot_secret
from pokerroom.cli.bench_server import (
    SwarmProcess,
    drop_database,
    free_port,
    fresh_database,
    hands_settled,
    quantile,
    room_text,
    wait_up,
)

BIN = Path(sys.executable).parent / "pokerroom"


async def _balanced(bases: list[str], tables: int, limit_s: float = 180.0) -> None:
    """Until every table has a live owner and each node runs its share (rounded down)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit_s
    async with httpx.AsyncClient(timeout=10) as http:
        while loop.time() < deadline:
            view = (await http.get(bases[0] + "/api/cluster")).json()
            owners = [t["owner"] for t in view["tables"]]
            alive = [n["id"] for n in view["nodes"] if n["alive"]]
            if (None not in owners and len(alive) == len(bases)
                    and all(owners.count(n) >= tables // len(bases) for n in alive)):
                return
            await asyncio.sleep(0.5)
    raise RuntimeError(f"the nodes did not balance: {view}")


async def _node_figures(bases: list[str]) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(timeout=30) as http:
        return [(await http.get(base + "/api/metrics")).json() for base in bases]


async def measure(nodes: int, tables: int, think_ms: float, seconds: float, database: str,
                  redis_url: str, say: Any) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="pokerroom-cluster-bench-"))
    (folder / "room.toml").write_text(room_text(tables))
    url = await fresh_database(database, folder)
    prefix = f"bench{uuid.uuid4().hex[:8]}:"
    procs: list[subprocess.Popen[bytes]] = []
    swarms: list[SwarmProcess] = []
    bases: list[str] = []
    try:
        for k in range(nodes):
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            procs.append(subprocess.Popen(
                [str(BIN), "serve", "--port", str(port), "--database", url,
                 "--cluster", redis_url, "--cluster-prefix", prefix, "--node-id", f"n{k}",
                 "--room", str(folder / "room.toml"), "--between-hands", "0.05",
                 "--insecure-fast-hash", "--metrics", "--seal-key", str(folder / "seal.key"),
                 "--signups-per-ip", "1000000", "--sockets-per-ip", "1000000"],
                stdout=(folder / f"n{k}.log").open("ab"), stderr=subprocess.STDOUT,
                start_new_session=True, env={**os.environ, "POKERROOM_TESTING": "1"}))
            await wait_up(base, procs[-1])
            bases.append(base)
        await _balanced(bases, tables)
        async with httpx.AsyncClient(base_url=bases[0], timeout=60) as http:
            ids = [t["id"] for t in (await http.get("/api/lobby")).json()["tables"]
                   if t["kind"] == "poker"][:tables]
        bots = [[f"bot-{t}x{i}", ids[t]] for t in range(tables) for i in range(6)]
        secret = await read_bot_secret(url)
        for k in range(nodes):
            plan = {"base": bases[k], "bots": bots[k::nodes], "think_ms": think_ms, "seed": k,
                    "secret": secret}
            swarms.append(SwarmProcess(plan, folder, k))
        say(f"N={nodes}: {len(bots)} bots over {nodes} node(s), warming up")
        start = time.monotonic()
        while True:
            await asyncio.sleep(1.0)
            playing = sum(s.ask("status")["playing"] for s in swarms)
            if (playing >= 0.9 * len(bots) and await hands_settled(url) >= tables) or (
                    time.monotonic() - start > 300):
                break
        say(f"N={nodes}: {playing} bots playing; measuring {seconds:.0f} s")
        for s in swarms:
            s.ask("mark")
        hands0 = await hands_settled(url)
        before = await _node_figures(bases)
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        after = await _node_figures(bases)
        elapsed = time.perf_counter() - t0
        reports = [s.ask("report") for s in swarms]
        hands = await hands_settled(url) - hands0
    finally:
        for s in swarms:
            s.kill()
        for proc in procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        with contextlib.suppress(Exception):
            await drop_database(url)
        with contextlib.suppress(Exception):
            import redis.asyncio as aioredis

            r = aioredis.from_url(redis_url)
            keys = [k async for k in r.scan_iter(match=f"{prefix}*")]
            if keys:
                await r.delete(*keys)
            await r.aclose()
    actions = sum(r["actions"] for r in reports)
    per_action = max(actions, 1)
    cpu = [(a["cpu_ns"] - b["cpu_ns"]) / 1e6 / per_action for a, b in zip(after, before,
                                                                           strict=True)]
    messages = sum(a["bus_messages"] - b["bus_messages"] for a, b in zip(after, before,
                                                                         strict=True))
    rtt = sorted(x for r in reports for x in r["rtt_ms"])
    errors: dict[str, int] = {}
    for r in reports:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    return {
        "nodes": nodes, "tables": tables, "think_ms": think_ms, "actions": actions,
        "actions_per_s": round(actions / elapsed, 1), "hands_per_s": round(hands / elapsed, 2),
        "rtt_p50_ms": quantile(rtt, 0.5), "rtt_p99_ms": quantile(rtt, 0.99),
        "cpu_ms_per_action": round(sum(cpu), 3),
        "node_cpu_ms_per_action": [round(c, 3) for c in cpu],
        "redis_msgs_per_action": round(messages / per_action, 2),
        "refusals": errors,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", required=True, help="a PostgreSQL URL (a fresh database "
                        "is made on its server for each run)")
    parser.add_argument("--redis", required=True)
    parser.add_argument("--nodes", type=int, nargs="+", default=[1, 3])
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--think", type=float, default=300.0, help="bot think time (ms)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    runs = [asyncio.run(measure(n, args.tables, args.think, args.seconds, args.database,
                                args.redis, say)) for n in args.nodes]
    if args.json:
        print(json.dumps(runs, indent=2))
        return
    first = runs[0]
    for run in runs:
        def ratio(key: str, run: dict[str, Any] = run) -> str:
            a, b = run[key], first[key]
            return f"{a / b:.2f}x" if a and b else "-"

        print(f"{run['nodes']} node(s): {run['actions_per_s']} actions/s "
              f"({ratio('actions_per_s')} of {first['nodes']}), {run['hands_per_s']} hands/s, "
              f"rtt p50 {run['rtt_p50_ms']} ms p99 {run['rtt_p99_ms']} ms "
              f"({ratio('rtt_p50_ms')}), CPU {run['cpu_ms_per_action']} ms/action all nodes "
              f"({ratio('cpu_ms_per_action')}), per node {run['node_cpu_ms_per_action']}, "
              f"Redis {run['redis_msgs_per_action']} msgs/action"
              + (f", refusals {run['refusals']}" if run["refusals"] else ""))


if __name__ == "__main__":
    main()
