"""GET /api/cluster on a single node (issue 10): the one node, alive, owning every table; each
table with its owner, epoch and the hands dealt there since the room was created."""

from __future__ import annotations

import random
from typing import Any

from roomharness import Client, of_type, play_until, register

TABLE = "antares-1"


async def test_cluster_lists_the_one_node_and_counts_hands_per_table(server: Any) -> None:
    async with server.http() as http:
        before = (await http.get("/api/cluster")).json()
        lobby = (await http.get("/api/lobby")).json()["tables"]
    ids = sorted(t["id"] for t in lobby)
    assert [n["id"] for n in before["nodes"]] == ["local"] and before["nodes"][0]["alive"]
    assert sorted(before["nodes"][0]["tables"]) == ids
    assert sorted(t["id"] for t in before["tables"]) == ids
    assert all(t["owner"] == "local" and t["hands"] == 0 for t in before["tables"])

    clients = {}
    for seat, name in enumerate(("ida", "jon")):
        clients[name] = await Client.connect(server.ws_url, await register(server, name))
        await clients[name].send(type="hello")
        await clients[name].wait_for(of_type("welcome"))
        await clients[name].send(type="sit", table=TABLE, seat=seat, buy_in=4000, blind="post")
    await play_until(clients, TABLE, 2, random.Random(3))
    async with server.http() as http:
        after = {t["id"]: t for t in (await http.get("/api/cluster")).json()["tables"]}
    assert after[TABLE]["hands"] >= 2
    assert all(t["hands"] == 0 for tid, t in after.items() if tid != TABLE)
    for client in clients.values():
        await client.close()
