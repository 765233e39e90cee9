"""A table's waiting list is kept in PostgreSQL (issue 10): when the node running the table
dies, the node that takes it over goes on with the same list, in the same order, with the
same seat offers."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

from clusterharness import cluster
from roomharness import of_type
from test_cluster_failover import FLOP_TABLES, _player


async def test_a_waiting_list_survives_the_death_of_its_tables_node(tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        for name in ("a", "b"):
            await room.start(name)
        view = await room.wait_balanced(["a", "b"])
        table = next(t["id"] for t in view["tables"]
                     if t["owner"] == "b" and t["id"] in FLOP_TABLES)
        a = room.nodes["a"]  # every socket on a: the list lives with the table, on b
        first, second, third = [await _player(a.base, a.ws_url, f"w{uuid.uuid4().hex[:8]}")
                                for _ in range(3)]
        try:
            for place, client in ((1, first), (2, second)):
                await client.send(type="wait_list", table=table)
                listed = await client.wait_for(of_type("notice", code="wait_listed",
                                                       table=table), timeout=30)
                assert listed["place"] == place
            # every seat is open: both are offered one at once, for a minute
            offer = await first.wait_for(of_type("notice", code="seat_available", table=table),
                                         timeout=30)
            room.nodes["b"].kill()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while True:
                owners = {t["id"]: t["owner"] for t in (await room.view("a"))["tables"]}
                if owners[table] == "a":
                    break
                assert loop.time() < deadline, owners
                await asyncio.sleep(0.3)
            # the new owner knows both, in their order: the next one is third, and the first
            # is already on the list
            await third.send(type="wait_list", table=table)
            listed = await third.wait_for(of_type("notice", code="wait_listed", table=table),
                                          timeout=30)
            assert listed["place"] == 3
            start = len(first.received)
            await first.send(type="wait_list", table=table, ref="again")
            refused = await first.wait_for(of_type("error", ref="again"), timeout=30,
                                           start=start)
            assert "already on this waiting list" in refused["reason"]
            # the offers kept their expiry: the third, not offered before the take-over, is
            # offered a seat now; the first is not offered again
            await third.wait_for(of_type("notice", code="seat_available", table=table),
                                 timeout=30)
            assert [m for m in first.received[start:]
                    if m.get("type") == "notice" and m.get("code") == "seat_available"] == []
            assert offer["expires_ms"] > 0
        finally:
            for client in (first, second, third):
                await client.close()
