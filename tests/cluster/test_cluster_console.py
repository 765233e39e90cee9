"""The operator console on a cluster (issue 10): a console action on a table another node
runs goes to that node, like a player's command; a room-wide notice and an account lock reach
the sockets of every node."""

from __future__ import annotations

import asyncio
import subprocess
import uuid
from pathlib import Path

import httpx
from clusterharness import BIN, cluster
from roomharness import PASSWORD, of_type
from test_cluster_failover import FLOP_TABLES, _player


async def _operator(base: str, db_url: str) -> dict[str, str]:
    name = f"op{uuid.uuid4().hex[:8]}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/auth/register", json={"username": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        token = str(r.json()["token"])
    done = await asyncio.to_thread(
        subprocess.run, [str(BIN / "pokerroom"), "admin", "grant-operator", name,
                         "--database", db_url], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return {"Authorization": f"Bearer {token}"}


async def test_console_actions_on_another_nodes_table_reach_its_owner(tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        for name in ("a", "b"):
            await room.start(name)
        view = await room.wait_balanced(["a", "b"])
        table = next(t["id"] for t in view["tables"]
                     if t["owner"] == "b" and t["id"] in FLOP_TABLES)
        a, b = room.nodes["a"], room.nodes["b"]
        op = await _operator(a.base, room.db_url)
        seated = await _player(a.base, a.ws_url, f"s{uuid.uuid4().hex[:8]}")
        locked = await _player(b.base, b.ws_url, f"l{uuid.uuid4().hex[:8]}")
        try:
            await seated.send(type="observe", table=table)
            await seated.wait_for(of_type("table_view", table=table), timeout=30)
            buy_in = seated.views[table]["min_buy_in"] * 2
            await seated.send(type="sit", table=table, seat=1, buy_in=buy_in, blind="post")
            await seated.wait_for(lambda m: m.get("table") == table and any(
                s.get("is_you") for s in (m.get("view") or {}).get("seats", [])), timeout=30)
            async with httpx.AsyncClient(base_url=a.base, timeout=60, headers=op) as http:
                # every table, as an observer sees it, from its owner
                r = await http.get("/api/admin/tables")
                assert r.status_code == 200, r.text
                row = next(t for t in r.json()["tables"] if t["id"] == table)
                assert [s["seat"] for s in row["view"]["seats"] if s["status"] != "empty"] == [1]
                assert all(s.get("cards") in (None, []) for s in row["view"]["seats"])
                # close b's table from a: b stands the player up and cashes them out
                r = await http.post(f"/api/admin/tables/{table}/close", json={"reason": "t"})
                assert r.status_code == 200, r.text
                assert r.json()["after"] == "closed"
                await seated.wait_for(of_type("notice", code="left", table=table), timeout=30)
                async with httpx.AsyncClient(base_url=b.base, timeout=30) as on_b:
                    rows = (await on_b.get("/api/lobby")).json()
                rows = rows["tables"] if isinstance(rows, dict) else rows
                assert next(t for t in rows if t["id"] == table)["status"] == "closed"
                # a room-wide notice from a reaches a socket on b
                r = await http.post("/api/admin/broadcast", json={"text": "hello all"})
                assert r.status_code == 200, r.text
                await locked.wait_for(of_type("notice", code="broadcast", text="hello all"),
                                      timeout=30)
                # locking an account on a ends its socket on b
                me = await locked.wait_for(of_type("welcome"))
                r = await http.post(f"/api/admin/accounts/{me['account']['id']}/lock",
                                    json={"reason": "t"})
                assert r.status_code == 200, r.text
                await locked.wait_for(of_type("notice", code="account_locked"), timeout=30)
        finally:
            await seated.close()
            await locked.close()


async def test_console_counts_the_sockets_reached_on_every_node(tmp_path: Path) -> None:
    """A room-wide notice, a table's notice and an account lock answer how many sockets they
    reached on all nodes, not only on the node whose console was asked (each node counts
    its own into a tally in Redis)."""
    from roomharness import Client

    async with cluster(tmp_path) as room:
        for name in ("a", "b"):
            await room.start(name)
        view = await room.wait_balanced(["a", "b"])
        table = next(t["id"] for t in view["tables"] if t["id"] in FLOP_TABLES)
        a, b = room.nodes["a"], room.nodes["b"]
        op = await _operator(a.base, room.db_url)
        x_on_a = await _player(a.base, a.ws_url, f"x{uuid.uuid4().hex[:8]}")
        async with httpx.AsyncClient(base_url=a.base, timeout=30) as http:
            name = f"x{uuid.uuid4().hex[:8]}"
            r = await http.post("/api/auth/register",
                                json={"username": name, "password": PASSWORD})
            assert r.status_code == 201, r.text
            x_token, x_id = str(r.json()["token"]), int(r.json()["account"]["id"])
        x_clients = [await Client.connect(node.ws_url, x_token) for node in (a, b)]
        watchers = [await _player(node.base, node.ws_url, f"w{uuid.uuid4().hex[:8]}")
                    for node in (a, b)]
        everyone = [x_on_a, *x_clients, *watchers]
        try:
            for client in x_clients:
                await client.send(type="hello")
                await client.wait_for(of_type("welcome"), timeout=30)
            for watcher in watchers:
                await watcher.send(type="observe", table=table)
                await watcher.wait_for(of_type("table_view", table=table), timeout=30)
            async with httpx.AsyncClient(base_url=a.base, timeout=60, headers=op) as http:
                r = await http.post("/api/admin/broadcast", json={"text": "to all"})
                assert r.status_code == 200, r.text
                assert r.json()["reached"] == len(everyone)  # 2 sockets on a, 3 on b
                r = await http.post("/api/admin/broadcast",
                                    json={"text": "to the table", "table": table})
                assert r.status_code == 200, r.text
                assert r.json()["reached"] == 2  # one watcher on each node
                r = await http.post(f"/api/admin/accounts/{x_id}/lock", json={"reason": "t"})
                assert r.status_code == 200, r.text
                assert r.json()["sockets_closed"] == 2  # the account's socket on a and on b
            for client in x_clients:
                await client.wait_for(of_type("notice", code="account_locked"), timeout=30)
        finally:
            for client in everyone:
                await client.close()
