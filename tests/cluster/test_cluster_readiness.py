"""A clustered node's /readyz and /metrics (issue 16): Redis reachable and leases current are
readiness checks next to the database, and `pokerroom_leases_held` counts the tables the node
runs. Real PostgreSQL and Redis; one node reaches Redis through a TCP gate the test cuts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from clusterharness import Cluster, Node, cluster
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.engine import make_url
from tcpgate import Gate


async def _ready(node: Node) -> tuple[int, dict[str, Any]]:
    async with httpx.AsyncClient(timeout=30) as http:
        r = await http.get(f"{node.base}/readyz")
        return r.status_code, r.json()


async def _leases_held(node: Node) -> float:
    async with httpx.AsyncClient(timeout=30) as http:
        text = (await http.get(f"{node.base}/metrics")).text
    for family in text_string_to_metric_families(text):
        if family.name == "pokerroom_leases_held":
            return float(family.samples[0].value)
    raise AssertionError("no pokerroom_leases_held in /metrics")


async def _until(what: str, check: Any, limit_s: float = 60.0) -> Any:
    loop = asyncio.get_running_loop()
    deadline, last = loop.time() + limit_s, None
    while loop.time() < deadline:
        ok, last = await check()
        if ok:
            return last
        await asyncio.sleep(0.3)
    raise AssertionError(f"{what}: never; last {last}")


async def _start_behind_redis(room: Cluster, name: str, gate: Gate) -> Node:
    redis_url = make_url(room.redis_url).set(host="127.0.0.1", port=gate.port)
    return await room.start(name, links={
        "--cluster": redis_url.render_as_string(hide_password=False)})


async def test_readyz_checks_redis_and_leases_and_metrics_count_the_leases_held(
        tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        target = make_url(room.redis_url)
        gate = await Gate.open(target.host or "127.0.0.1", target.port or 6379)
        try:
            a = await room.start("a")
            x = await _start_behind_redis(room, "x", gate)
            view = await room.wait_balanced(["a", "x"])
            for node in (a, x):
                status, body = await _ready(node)
                assert status == 200, body
                assert body["checks"] == {"database": "ok", "redis": "ok", "leases": "ok"}

            async def counted() -> tuple[bool, Any]:
                # ownership may move between two reads while the room balances: read again
                owners = [t["owner"] for t in (await room.view("a"))["tables"]]
                held = {n.name: await _leases_held(n) for n in (a, x)}
                want = {name: float(owners.count(name)) for name in ("a", "x")}
                return held == want and sum(held.values()) == len(view["tables"]), (held, want)

            held, _ = await _until("the leases held match the owners", counted)
            assert held["a"] >= 1 and held["x"] >= 1
            # Redis cut off from x: not ready (Redis, then its leases), and its tables stop
            gate.cut()

            async def x_unready() -> tuple[bool, Any]:
                status, body = await _ready(x)
                checks = body["checks"]
                return (status == 503 and checks["redis"] != "ok" and checks["leases"] != "ok"
                        and checks["database"] == "ok"), body

            body = await _until("x unready while Redis is cut off", x_unready)
            assert body["ok"] is False and body["checks"]["redis"].startswith("failed")

            async def x_holds_none() -> tuple[bool, Any]:
                held = await _leases_held(x)
                return held == 0.0, held

            # it stops the tables it could not renew (at its next tick past the deadline)
            await _until("x stops the tables whose leases it could not renew", x_holds_none)
            status, body = await _ready(a)
            assert status == 200, body  # a reaches Redis: ready all along
            # the link is back: ready again
            gate.heal()

            async def x_ready() -> tuple[bool, Any]:
                status, body = await _ready(x)
                return status == 200, body

            await _until("x ready again once Redis answers", x_ready)
        finally:
            gate.heal()
            await gate.close()
