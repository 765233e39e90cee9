"""deploy/nginx.conf in front of two cluster nodes (issue 10): the room's HTTP API and its
WebSocket pass through nginx, and a client connected through it sees tables run by either
node. Runs Debian's nginx from /usr/sbin (skipped where it is not installed, outside CI)."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

import httpx
import pytest
from clusterharness import NGINX, cluster, free_port, nginx_config
from roomharness import of_type
from test_cluster_failover import FLOP_TABLES, _player


async def test_http_and_websockets_through_nginx_reach_tables_of_every_node(
        tmp_path: Path) -> None:
    if not os.path.exists(NGINX):
        if os.environ.get("CI"):
            raise AssertionError("CI needs nginx")
        pytest.skip("nginx is not installed")
    async with cluster(tmp_path) as room:
        for name in ("a", "b"):
            await room.start(name)
        view = await room.wait_balanced(["a", "b"])
        listen = free_port()
        config = nginx_config(tmp_path, listen, [n.port for n in room.nodes.values()])
        proc = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(config),
                                 "-g", "daemon off;"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        client = None
        try:
            base = f"http://127.0.0.1:{listen}"
            async with httpx.AsyncClient(base_url=base, timeout=10) as http:
                for _ in range(100):
                    try:
                        if (await http.get("/api/lobby")).status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    await asyncio.sleep(0.1)
                through = (await http.get("/api/cluster")).json()
            assert sorted(n["id"] for n in through["nodes"]) == ["a", "b"]
            owners = {t["id"]: t["owner"] for t in view["tables"]}
            one_each = [next(t for t in FLOP_TABLES if owners.get(t) == node)
                        for node in ("a", "b")]
            client = await _player(base, f"ws://127.0.0.1:{listen}/ws", "viaproxy")
            for table in one_each:
                await client.send(type="observe", table=table)
                seen = await client.wait_for(of_type("table_view", table=table), timeout=20)
                assert seen["view"]["table"] == table
        finally:
            if client is not None:
                await client.close()
            proc.terminate()
            proc.wait(timeout=10)

