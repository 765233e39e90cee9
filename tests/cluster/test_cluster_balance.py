"""Balancing when a node joins (issue 10): node a runs every table, two players play on at
one of them; node b starts. a gives b its share, each table between two hands (a table
being given away deals no new hand and is released once its hand is over), so no hand is
voided; the players keep their seats and play on wherever the table now runs. Prints the
time from b's start to the balanced room (a figure, not a bound)."""

from __future__ import annotations

import asyncio
import random
import uuid
from pathlib import Path

import asyncpg
from clusterharness import cluster
from roomharness import Client
from sqlalchemy.engine import make_url
from test_cluster_failover import FLOP_TABLES, _check_books, _player, _seats
from test_cluster_partition import _keep_playing


async def test_a_joining_node_gets_its_share_and_no_hand_is_voided(tmp_path: Path) -> None:
    rng = random.Random(3)
    async with cluster(tmp_path) as room:
        a = await room.start("a")
        view = await room.wait_balanced(["a"])
        table = FLOP_TABLES[0]
        clients: list[Client] = [await _player(a.base, a.ws_url, f"j{uuid.uuid4().hex[:8]}")
                                 for _ in range(2)]
        stop = asyncio.Event()
        player = None
        try:
            for client in clients:
                await client.send(type="observe", table=table)
            await asyncio.sleep(0.5)
            buy_in = clients[0].views[table]["min_buy_in"] * 2
            for seat, client in zip((1, 3), clients, strict=True):
                await client.send(type="sit", table=table, seat=seat, buy_in=buy_in,
                                  blind="post")
            player = asyncio.create_task(_keep_playing(clients, table, rng, stop, set()))
            loop = asyncio.get_running_loop()
            started = loop.time()
            starting = asyncio.create_task(room.start("b"))
            alive_at = None
            while alive_at is None:  # b's heartbeat: its start-up is done, it may take tables
                view = await room.view("a")
                if any(n["id"] == "b" and n["alive"] for n in view["nodes"]) or any(
                        t["owner"] == "b" for t in view["tables"]):
                    alive_at = loop.time()
                assert not starting.done() or starting.exception() is None
                await asyncio.sleep(0.1)
            await starting
            view = await room.wait_balanced(["a", "b"], limit_s=120)
            owned = {n["id"]: len(n["tables"]) for n in view["nodes"]}
            print(f"balance: b alive {alive_at - started:.1f} s after its launch; "
                  f"each node owns tables {loop.time() - alive_at:.1f} s later ({owned})")
            # keep playing until both own their share (ceil(tables / 2) at most each)
            share = -(-len(view["tables"]) // 2)
            for _ in range(600):
                view = await room.view("a")
                owned = {n["id"]: len(n["tables"]) for n in view["nodes"] if n["alive"]}
                if owned.get("a", 0) <= share and owned.get("b", 0) >= len(
                        view["tables"]) - share:
                    break
                await asyncio.sleep(0.2)
            print(f"balance: shares reached {loop.time() - alive_at:.1f} s after b was alive "
                  f"({owned})")
            assert owned.get("a", 0) <= share, owned
            hands_before = len([m for m in clients[0].received
                                if m.get("type") == "hand_result"])
            for _ in range(600):  # and they play on at the same seats
                if len([m for m in clients[0].received
                        if m.get("type") == "hand_result"]) > hands_before + 1:
                    break
                await asyncio.sleep(0.1)
            latest = clients[0].views[table]
            assert sorted(_seats(latest)) == [1, 3]
        finally:
            stop.set()
            if player is not None:
                await player
            for client in clients:
                await client.close()
        url = make_url(room.db_url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        conn = await asyncpg.connect(url)
        try:
            assert await conn.fetchval("SELECT count(*) FROM hands WHERE status = 'voided'") == 0
        finally:
            await conn.close()
        await _check_books(room, voided_at_least=0)
