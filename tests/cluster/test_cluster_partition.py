"""A partition (issue 10): node x reaches PostgreSQL and Redis only through a TCP proxy the
test controls. Players whose sockets are on x play at a table x owns; the link is cut in the
middle of a hand, so x's next writes wait in the proxy. Node a takes the table over once the
lease expires (one more epoch, the hand voided). When the link comes back, x's late writes
arrive and are refused by the epoch: no chip moves, no hand is settled twice, the audit is
clean, and the players play on at the same seats (through a) with their stacks intact."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from clusterharness import Cluster, Node, cluster
from roomharness import Client, calm
from sqlalchemy.engine import make_url
from tcpgate import Gate
from test_cluster_failover import FLOP_TABLES, _check_books, _player, _seats


async def _start_behind(room: Cluster, name: str, pg: Gate, redis: Gate) -> Node:
    db = make_url(room.db_url).set(host="127.0.0.1", port=pg.port)
    redis_url = make_url(room.redis_url).set(host="127.0.0.1", port=redis.port)
    return await room.start(name, links={
        "--database": db.render_as_string(hide_password=False),
        "--cluster": redis_url.render_as_string(hide_password=False)})


async def _keep_playing(clients: list[Client], table: str, rng: random.Random,
                        stop: asyncio.Event, answered: set[tuple[int, int, int]]) -> None:
    while not stop.is_set():
        for i, client in enumerate(clients):
            legal = (client.views.get(table) or {}).get("legal")
            if legal and not legal.get("after_hand"):
                key = (i, legal["hand"], legal["action_no"])
                if key not in answered:
                    answered.add(key)
                    action, amount = calm(legal, rng)
                    msg: dict[str, Any] = {"type": "act", "table": table, "hand": legal["hand"],
                                           "action_no": legal["action_no"], "action": action}
                    if amount is not None:
                        msg["amount"] = amount
                    try:
                        await client.send(**msg)
                    except Exception:  # noqa: BLE001 - a socket closed by a stopping node
                        return
        await asyncio.sleep(0.02)


async def _due(clients: list[Client], table: str, rng: random.Random,
               answered: set[tuple[int, int, int]]) -> tuple[Client, dict[str, Any]]:
    """The client whose turn it is, not answered yet, where a fold is legal (it ends the
    hand: two players), with its legal actions; other turns are played calmly."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while loop.time() < deadline:
        for i, client in enumerate(clients):
            legal = (client.views.get(table) or {}).get("legal")
            if not legal or legal.get("after_hand"):
                continue
            key = (i, legal["hand"], legal["action_no"])
            if key in answered:
                continue
            if legal["fold"]:
                return client, legal
            answered.add(key)
            action, amount = calm(legal, rng)
            await client.send(type="act", table=table, hand=legal["hand"],
                              action_no=legal["action_no"], action=action,
                              **({"amount": amount} if amount is not None else {}))
        await asyncio.sleep(0.02)
    raise AssertionError("no player was asked to call or fold")


@pytest.mark.slow  # about a minute alone
async def test_a_cut_off_node_loses_its_tables_and_its_late_writes_are_refused(
        tmp_path: Path) -> None:
    rng = random.Random(5)
    async with cluster(tmp_path) as room:
        redis_target = make_url(room.redis_url)
        pg_target = make_url(room.db_url)
        pg_gate = await Gate.open(pg_target.host or "127.0.0.1", pg_target.port or 5432)
        redis_gate = await Gate.open(redis_target.host or "127.0.0.1",
                                     redis_target.port or 6379)
        clients: list[Client] = []
        try:
            await room.start("a")
            x = await _start_behind(room, "x", pg_gate, redis_gate)
            view = await room.wait_balanced(["a", "x"])
            table = next(t["id"] for t in view["tables"]
                         if t["owner"] == "x" and t["id"] in FLOP_TABLES)
            epoch = next(t["epoch"] for t in view["tables"] if t["id"] == table)
            clients = [await _player(x.base, x.ws_url, f"q{i}{rng.randrange(10**6)}")
                       for i in range(2)]
            for client in clients:
                await client.send(type="observe", table=table)
            await asyncio.sleep(0.5)
            buy_in = clients[0].views[table]["min_buy_in"] * 2
            for seat, client in zip((2, 5), clients, strict=True):
                await client.send(type="sit", table=table, seat=seat, buy_in=buy_in,
                                  blind="post")
            stop = asyncio.Event()
            answered: set[tuple[int, int, int]] = set()
            player = asyncio.create_task(_keep_playing(clients, table, rng, stop, answered))
            # a few hands played through x
            for _ in range(600):
                results = [m for m in clients[0].received if m.get("type") == "hand_result"]
                if len(results) >= 2:
                    break
                await asyncio.sleep(0.05)
            assert len(results) >= 2, clients[0].received[-5:]
            stop.set()
            await player
            # Cut x off just before a fold ends a hand, so that x's settlement of that hand is
            # a write surely in flight at the cut (waiting at the proxy): left to chance, the
            # cut fell between writes in some runs and the test could not prove the refusal.
            asked, legal = await _due(clients, table, rng, answered)
            pg_gate.cut()
            redis_gate.cut()
            await asked.send(type="act", table=table, hand=legal["hand"],
                             action_no=legal["action_no"], action="fold")
            # a takes the table: a newer epoch, owner a
            async with httpx.AsyncClient(base_url=room.nodes["a"].base, timeout=10) as http:
                for _ in range(400):
                    tables = {t["id"]: t for t in (await http.get("/api/cluster")).json()[
                        "tables"]}
                    if tables[table]["owner"] == "a" and tables[table]["epoch"] > epoch:
                        break
                    await asyncio.sleep(0.1)
            assert tables[table]["owner"] == "a", tables[table]
            late_before = pg_gate.late_bytes
            pg_gate.heal()
            redis_gate.heal()
            # x's late writes arrive now and are refused by the epoch
            for _ in range(300):
                if "write refused" in x.log.read_text():
                    break
                await asyncio.sleep(0.1)
            assert late_before > 0, "x wrote nothing during the cut: the test proves nothing"
            assert "write refused" in x.log.read_text(), x.log.read_text()[-3000:]
            # the players are still seated, in the same seats, at the table a runs now
            watcher = await _player(room.nodes["a"].base, room.nodes["a"].ws_url,
                                    f"w{rng.randrange(10**6)}")
            clients.append(watcher)
            await watcher.send(type="observe", table=table)
            seen = await watcher.wait_for(lambda m: m.get("type") == "table_view"
                                          and m.get("table") == table, timeout=20)
            assert sorted(_seats(seen["view"])) == [2, 5]
            # the hand x could not settle was voided by a, once
            await _check_books(room, voided_at_least=1)
        finally:
            for client in clients:
                await client.close()
            await pg_gate.close()
            await redis_gate.close()


pytestmark = pytest.mark.timeout(600)
