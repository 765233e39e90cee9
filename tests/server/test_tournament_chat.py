"""Chat at tournament tables over real WebSockets: the cash tables' chat (length, rate, sit or
watch), one channel per table. Four players at two tables of a sit & go and a stranger who
watches: a line reaches the players of its table and its watchers, never the other table."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from roomharness import Client, make_settings, register, start_server, stop_server

TID = "quad-1"
ROOM = """
[room]
name = "tournament chat test"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = { small_blind = 1, big_blind = 2 }

[[tournaments]]
id = "quad"
name = "Two tables"
seats = 2
min_entrants = 4
max_entrants = 4
buy_in = 1000
fee = 100
starting_chips = 5000
levels = [{ small_blind = 10, big_blind = 20, minutes = 600 }]
"""


def lines(client: Client) -> list[tuple[str, str, str]]:
    return [(m["table"], m["name"], m["text"]) for m in client.received if m.get("type") == "chat"]


async def refusal(client: Client, ref: str) -> dict[str, Any]:
    answer = await client.wait_for(lambda m: m.get("ref") == ref, timeout=10)
    assert answer["type"] == "error", answer
    return answer


async def test_chat_at_a_tournament_table_reaches_that_table_only(tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, action_seconds=600, room_path=room))
    clients: list[Client] = []
    try:
        names = [f"talk{i}" for i in range(4)] + ["watcher"]
        tokens = [await register(running, n) for n in names]
        clients = [await Client.connect(running.ws_url, t) for t in tokens]
        *players, watcher = clients
        for c in clients:
            await c.send(type="hello")
        for c in players:
            await c.send(type="tournament_register", tournament=TID)
        seated: dict[int, list[int]] = {}
        for i, c in enumerate(players):
            picture = await c.wait_for(lambda m: m.get("type") == "tournament"
                                       and m["view"].get("table") is not None, timeout=60)
            seated.setdefault(picture["view"]["table"]["number"], []).append(i)
        assert sorted(len(v) for v in seated.values()) == [2, 2], seated
        (ta, (a, a2)), (tb, (b, b2)) = sorted(seated.items())
        name = dict(enumerate(names))

        # A line at table A reaches both players of A; one at B both of B; neither crosses.
        await players[a].send(type="tournament_chat", tournament=TID, table=ta, text="hello A")
        await players[b].send(type="tournament_chat", tournament=TID, table=tb, text="hello B")
        for i, table, text in ((a, ta, "hello A"), (a2, ta, "hello A"),
                               (b, tb, "hello B"), (b2, tb, "hello B")):
            await players[i].wait_for(lambda m, tx=text: m.get("type") == "chat"
                                      and m["text"] == tx, timeout=10)  # fmt: skip
            sender = name[a] if table == ta else name[b]
            assert lines(players[i]) == [(f"{TID}/{table}", sender, text)]

        # Chat only where you sit or watch; a stranger watches table A and hears it.
        await players[a].send(type="tournament_chat", tournament=TID, table=tb, text="x", ref="r1")
        assert (await refusal(players[a], "r1"))["code"] == "not_at_table"
        await watcher.send(type="tournament_chat", tournament=TID, table=ta, text="x", ref="r2")
        assert (await refusal(watcher, "r2"))["code"] == "not_at_table"
        await watcher.send(type="tournament_watch", tournament=TID, table=99, ref="r3")
        assert (await refusal(watcher, "r3"))["code"] == "no_table"
        await watcher.send(type="tournament_watch", tournament="nope-1", table=1, ref="r4")
        assert (await refusal(watcher, "r4"))["code"] == "unknown_tournament"
        await watcher.send(type="tournament_watch", tournament=TID, table=ta)
        await watcher.send(type="tournament_chat", tournament=TID, table=ta, text="hi from rail")
        await players[a2].send(type="tournament_chat", tournament=TID, table=ta, text="hi rail")
        for c in (players[a], players[a2], watcher):
            await c.wait_for(lambda m: m.get("type") == "chat" and m["text"] == "hi rail",
                             timeout=10)  # fmt: skip
        assert lines(watcher) == [(f"{TID}/{ta}", "watcher", "hi from rail"),
                                  (f"{TID}/{ta}", name[a2], "hi rail")]
        # Watching table B instead: A's lines no longer come.
        await watcher.send(type="tournament_watch", tournament=TID, table=tb)
        await watcher.send(type="ping", ref="p")
        await watcher.wait_for(lambda m: m.get("type") == "pong", timeout=10)
        await players[a].send(type="tournament_chat", tournament=TID, table=ta, text="A only")
        await players[b].send(type="tournament_chat", tournament=TID, table=tb, text="B now")
        await watcher.wait_for(lambda m: m.get("type") == "chat" and m["text"] == "B now",
                               timeout=10)  # fmt: skip
        await players[a2].wait_for(lambda m: m.get("type") == "chat" and m["text"] == "A only",
                                   timeout=10)  # fmt: skip
        assert "A only" not in [text for _, _, text in lines(watcher)]
        for i in (b, b2):
            assert all(table == f"{TID}/{tb}" for table, _, _ in lines(players[i]))
        for i in (a, a2):
            assert all(table == f"{TID}/{ta}" for table, _, _ in lines(players[i]))

        # The cash tables' limits: 200 characters, 5 lines per 10 s per account.
        await players[b2].send(type="tournament_chat", tournament=TID, table=tb, text="y" * 201,
                               ref="long")  # fmt: skip
        assert (await refusal(players[b2], "long"))["code"] == "bad_message"
        for n in range(6):
            await players[b2].send(type="tournament_chat", tournament=TID, table=tb,
                                   text=f"line {n}", ref=f"l{n}")  # fmt: skip
        assert (await refusal(players[b2], "l5"))["code"] == "rate_limited"
        await players[b].wait_for(lambda m: m.get("type") == "chat" and m["text"] == "line 4",
                                  timeout=10)  # fmt: skip
        await asyncio.sleep(0.3)
        assert "line 5" not in [text for _, _, text in lines(players[b])]
        errors = [m for m in players[b2].received if m.get("type") == "error"]
        assert [m["ref"] for m in errors] == ["long", "l5"]
    finally:
        for c in clients:
            await c.close()
        await stop_server(running)
