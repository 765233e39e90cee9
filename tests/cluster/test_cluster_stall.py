"""A node whose lease renewals stall (issue 10): node x reaches PostgreSQL only through a TCP
proxy the test holds shut. Past the time it trusts a lease, x stops its tables (a node that
may have lost a lease must not write). When the link comes back, nobody has taken x's table
(x is the only node), so x resumes it at once (one more epoch, no wait for the lease to run
out): the hand in progress is voided as at a take-over, the players are told, keep their
seats and the stacks the hand started with, and the next hand is dealt to them."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest
from clusterharness import Cluster, Node, cluster
from roomharness import Client, of_type
from sqlalchemy.engine import make_url
from tcpgate import Gate
from test_cluster_failover import FLOP_TABLES, _check_books, _first_prompt, _player, _seats


async def _start_behind_pg(room: Cluster, name: str, pg: Gate) -> Node:
    db = make_url(room.db_url).set(host="127.0.0.1", port=pg.port)
    # a clock longer than the stall: the hand is surely still in progress when x stops
    return await room.start(name, "--action-seconds", "120",
                            links={"--database": db.render_as_string(hide_password=False)})


async def _log_says(node: Node, text: str, limit_s: float = 120.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit_s
    while text not in node.log.read_text():
        assert loop.time() < deadline, f"{node.name} never logged {text!r}:\n" \
                                       f"{node.log.read_text()[-3000:]}"
        await asyncio.sleep(0.1)


@pytest.mark.slow  # about a minute alone
async def test_a_node_whose_renewals_stalled_resumes_its_table_when_they_answer(
        tmp_path: Path) -> None:
    async with cluster(tmp_path) as room:
        target = make_url(room.db_url)
        pg = await Gate.open(target.host or "127.0.0.1", target.port or 5432)
        clients: list[Client] = []
        try:
            x = await _start_behind_pg(room, "x", pg)
            view = await room.wait_balanced(["x"])
            table = FLOP_TABLES[0]
            epoch = next(t["epoch"] for t in view["tables"] if t["id"] == table)
            clients = [await _player(x.base, x.ws_url, f"s{uuid.uuid4().hex[:8]}")
                       for _ in range(2)]
            for client in clients:
                await client.send(type="observe", table=table)
                await client.wait_for(of_type("table_view", table=table), timeout=30)
            buy_in = clients[0].views[table]["min_buy_in"] * 2
            for seat, client in zip((2, 5), clients, strict=True):
                await client.send(type="sit", table=table, seat=seat, buy_in=buy_in,
                                  blind="post")
            _, message = await _first_prompt(clients, table, 0, timeout=60)
            hand = message["view"]["legal"]["hand"]
            start = _seats(message["view"])
            assert sorted(start) == [2, 5]
            # the renewals stall: x stops its tables, then the link comes back
            pg.cut()
            await _log_says(x, "lease not renewed in time")
            pg.heal()
            await _log_says(x, f"{table}: renewals answer again: resumed here at epoch "
                               f"{epoch + 1}")
            # the hand in progress is voided, each player told; the same seats deal again
            for client in clients:
                notice = await client.wait_for(of_type("notice", code="hand_voided",
                                                       table=table, hand=hand), timeout=60)
                assert notice["stack"] == buy_in
            _, message = await _first_prompt(clients, table, hand, timeout=60)
            assert _seats(message["view"]) == start
            after = {t["id"]: t for t in (await room.view("x"))["tables"]}
            assert after[table]["owner"] == "x" and after[table]["epoch"] == epoch + 1
            await _check_books(room, voided_at_least=1)
        finally:
            for client in clients:
                await client.close()
            await pg.close()


pytestmark = pytest.mark.timeout(600)
