"""A table added from the console while the room runs on several nodes (issue 10): it is
stored, every node lists it (in its lobby and GET /api/cluster, a node started later too),
balancing gives it a lease and an owner, players whose sockets are on either node sit and
are dealt a hand, and closing it from a node that does not own it stands them up."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import httpx
from clusterharness import Cluster, cluster
from roomharness import of_type
from test_cluster_console import _operator
from test_cluster_failover import _first_prompt, _player

NEW_TABLE = {"name": "Zeta Console", "game": "holdem", "betting": "no-limit", "seats": 6,
             "small_blind": 50, "big_blind": 100}
TABLE = "zeta-console"


async def _listed_everywhere(room: Cluster, names: list[str]) -> dict[str, Any]:
    """Until every node lists the table in its lobby and names one owner for it with a
    lease epoch in GET /api/cluster; the row of the first node's answer."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    rows: dict[str, Any] = {}
    while loop.time() < deadline:
        rows = {}
        for name in names:
            async with httpx.AsyncClient(base_url=room.nodes[name].base, timeout=10) as http:
                lobby = (await http.get("/api/lobby")).json()
                view = (await http.get("/api/cluster")).json()
            listed = lobby["tables"] if isinstance(lobby, dict) else lobby
            row = next((t for t in view["tables"] if t["id"] == TABLE), None)
            if any(t["id"] == TABLE for t in listed) and row is not None:
                rows[name] = row
        owners = {r["owner"] for r in rows.values()}
        if len(rows) == len(names) and len(owners) == 1 and owners <= set(names):
            return next(iter(rows.values()))
        await asyncio.sleep(0.3)
    raise AssertionError(f"the console table is not known to every node: {rows}")


async def test_a_console_table_on_a_cluster_is_every_nodes_and_deals(tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        for name in ("a", "b"):
            await room.start(name)
        await room.wait_balanced(["a", "b"])
        a, b = room.nodes["a"], room.nodes["b"]
        op = await _operator(a.base, room.db_url)
        async with httpx.AsyncClient(base_url=a.base, timeout=60, headers=op) as http:
            r = await http.post("/api/admin/tables", json=NEW_TABLE)
            assert r.status_code == 201, r.text
            assert r.json()["table"] == TABLE
            again = await http.post("/api/admin/tables", json=NEW_TABLE)
            assert again.status_code == 409, again.text
        row = await _listed_everywhere(room, ["a", "b"])
        assert row["epoch"] >= 1
        # a player on each node sits; the two are dealt a hand by the owner
        players = [await _player(node.base, node.ws_url, f"c{uuid.uuid4().hex[:8]}")
                   for node in (a, b)]
        try:
            for seat, player in enumerate(players, start=1):
                await player.send(type="observe", table=TABLE)
                await player.wait_for(of_type("table_view", table=TABLE), timeout=30)
                buy_in = player.views[TABLE]["min_buy_in"] * 2
                await player.send(type="sit", table=TABLE, seat=seat, buy_in=buy_in,
                                  blind="post")
            # the hand is dealt: whoever is to act folds, which ends it (two players)
            turn, prompt = await _first_prompt(players, TABLE, 0, timeout=60)
            legal = prompt["view"]["legal"]
            await turn.send(type="act", table=TABLE, hand=legal["hand"],
                            action_no=legal["action_no"], action="fold")
            errors = [m for p in players for m in p.received if m.get("type") == "error"]
            assert errors == []
            # closing it from the node that does not own it stands both players up
            other = "b" if row["owner"] == "a" else "a"
            async with httpx.AsyncClient(base_url=room.nodes[other].base, timeout=60,
                                         headers=op) as http:
                r = await http.post(f"/api/admin/tables/{TABLE}/close", json={"reason": "t"})
                assert r.status_code == 200, r.text
                assert r.json()["after"] == "closed"
            for player in players:
                await player.wait_for(of_type("notice", code="left", table=TABLE), timeout=60)
            # a node started afterwards knows the table from the database
            await room.start("c")
            await _listed_everywhere(room, ["a", "b", "c"])
        finally:
            for player in players:
                await player.close()
