"""SIGTERM on a cluster node (issue 10): it deals no new hand, lets the hands in progress
finish, gives its tables away at once and exits; the other node deals the next hand to the
same players on the same sockets, and no hand is voided."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

import asyncpg
import pytest
from clusterharness import cluster
from roomharness import calm
from sqlalchemy.engine import make_url
from test_cluster_failover import FLOP_TABLES, _check_books, _first_prompt, _player, _seats


@pytest.mark.slow  # about a minute
async def test_sigterm_drains_a_node_and_its_tables_move_without_a_void(tmp_path: Path) -> None:
    rng = random.Random(11)
    async with cluster(tmp_path) as room:
        for name in ("a", "b"):
            await room.start(name)
        view = await room.wait_balanced(["a", "b"])
        table = next(t["id"] for t in view["tables"]
                     if t["owner"] == "b" and t["id"] in FLOP_TABLES)
        a = room.nodes["a"]
        clients = [await _player(a.base, a.ws_url, f"d{i}{rng.randrange(10**6)}")
                   for i in range(2)]
        try:
            for client in clients:
                await client.send(type="observe", table=table)
            await asyncio.sleep(0.5)
            buy_in = clients[0].views[table]["min_buy_in"] * 2
            for seat, client in zip((0, 3), clients, strict=True):
                await client.send(type="sit", table=table, seat=seat, buy_in=buy_in,
                                  blind="post")
            asked, message = await _first_prompt(clients, table, 0, timeout=60)
            hand = message["view"]["legal"]["hand"]
            os.kill(room.nodes["b"].proc.pid, signal.SIGTERM)  # mid-hand
            # the hand in progress is played to its end on b
            answered: set[tuple[int, int]] = set()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while not any(m.get("type") == "hand_result" and m.get("hand") == hand
                          for m in clients[0].received):
                assert loop.time() < deadline, clients[0].received[-3:]
                for client in clients:
                    legal = (client.views.get(table) or {}).get("legal")
                    if (legal and not legal.get("after_hand") and legal["hand"] == hand
                            and (id(client), legal["action_no"]) not in answered):
                        answered.add((id(client), legal["action_no"]))
                        action, amount = calm(legal, rng)
                        await client.send(type="act", table=table, hand=hand,
                                          action_no=legal["action_no"], action=action,
                                          **({"amount": amount} if amount is not None else {}))
                await asyncio.sleep(0.02)
            result = next(m for m in clients[0].received
                          if m.get("type") == "hand_result" and m.get("hand") == hand)
            await asyncio.to_thread(room.nodes["b"].proc.wait, 60)
            # a deals the next hand to the same players, same seats, the settled stacks
            asked, message = await _first_prompt(clients, table, hand, timeout=30)
            assert _seats(message["view"]) == {int(s): v for s, v in result["stacks"].items()}
            owners = {t["id"]: t["owner"] for t in (await room.view("a"))["tables"]}
            assert owners[table] == "a"
        finally:
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
