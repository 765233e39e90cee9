"""Viewers whose socket was on a node that died (issue 10): the owner of the table drops them
once that node's heartbeat expires, as if their sockets had closed, instead of counting them
(and building their views) for ever."""

from __future__ import annotations

import asyncio
import re
import uuid
from pathlib import Path

import httpx
from clusterharness import Node, cluster
from roomharness import of_type
from test_cluster_failover import FLOP_TABLES, _player


async def _viewers(node: Node) -> int:
    async with httpx.AsyncClient(timeout=30) as http:
        text = (await http.get(f"{node.base}/metrics")).text
    found = re.search(r"^pokerroom_table_viewers (\S+)$", text, re.M)
    assert found is not None, text[:2000]
    return int(float(found.group(1)))


async def _until(node: Node, wanted: int, limit_s: float) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit_s
    while (seen := await _viewers(node)) != wanted:
        assert loop.time() < deadline, f"{node.name} counts {seen} viewers, not {wanted}"
        await asyncio.sleep(0.3)


async def test_the_viewers_of_a_dead_gateway_are_dropped_by_the_tables_owner(
        tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        for name in ("a", "b", "c"):
            await room.start(name)
        view = await room.wait_balanced(["a", "b", "c"])
        table = next(t["id"] for t in view["tables"]
                     if t["owner"] == "b" and t["id"] in FLOP_TABLES)
        b = room.nodes["b"]
        assert await _viewers(b) == 0
        clients = []
        for gateway in ("a", "a", "c"):
            node = room.nodes[gateway]
            client = await _player(node.base, node.ws_url, f"v{uuid.uuid4().hex[:8]}")
            await client.send(type="observe", table=table)
            await client.wait_for(of_type("table_view", table=table), timeout=30)
            clients.append(client)
        buy_in = clients[0].views[table]["min_buy_in"] * 2
        await clients[0].send(type="sit", table=table, seat=2, buy_in=buy_in, blind="post")
        await _until(b, 3, 30)
        try:
            room.nodes["a"].kill()  # its two clients' sockets die with it, unannounced
            await _until(b, 1, 60)  # c's client is still counted
            await asyncio.sleep(2)
            assert await _viewers(b) == 1
        finally:
            for client in clients:
                await client.close()
