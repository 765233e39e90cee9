"""Watching a tournament table over real WebSockets (PROTOCOL 2.6, `tournament_watch`): a
stranger who watches a table gets its felt at once, then a `tournament_table` picture after
each change there, built from the core's observer view: no hidden card, no choice, no seat
of their own. Four players at two heads-up tables of a sit & go play to showdowns."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from roomharness import Client, make_settings, register, start_server, stop_server
from tests.tournament_rooms import sit_and_go_room

TID = "pair-1"
ROOM = sit_and_go_room("tournament watch test", tid="pair", title="Two tables", entrants=4)


def watched(client: Client, table: int, start: int = 0) -> list[dict[str, Any]]:
    return [m["view"] for m in client.received[start:]
            if m.get("type") == "tournament_table" and m["table"] == table]


async def play_calling(player: Client, stop: asyncio.Event) -> None:
    """Check or call every turn (heads-up hands then end at a showdown)."""
    answered: set[tuple[int, int]] = set()
    seen = 0
    while not stop.is_set():
        pictures = [m for m in player.received[seen:] if m.get("type") == "tournament"]
        seen = len(player.received)
        for m in pictures[-1:]:
            table = m["view"]["table"]
            legal = table and table["legal"]
            if legal and not legal["show"] and (legal["hand"], legal["action_no"]) not in answered:
                answered.add((legal["hand"], legal["action_no"]))
                await player.send(type="tournament_act", tournament=TID, hand=legal["hand"],
                                  action="check" if legal["check"] else "call")  # fmt: skip
        await asyncio.sleep(0.02)


def assert_nothing_hidden(picture: dict[str, Any]) -> None:
    """A watcher's picture: no seat, no choice, no own hand; while a hand runs no card of a
    player; once it is over only the cards shown at the showdown (its result)."""
    assert picture["seat"] is None and picture["legal"] is None and picture["own_hand"] is None
    hand = picture["hand"]
    if hand is None:
        return
    shown = {int(seat): cards for seat, cards in (picture.get("result") or {}).get("shown", {}).items()}
    for sv in hand["seats"]:
        visible = [c for c in sv["cards"] if c is not None]
        if not hand["is_over"]:
            assert visible == [], (sv, picture)
        else:
            assert visible == [c for c in shown.get(sv["seat"], []) if c is not None], (sv, shown)


async def test_a_watcher_sees_the_felt_of_the_table_it_watches_and_no_hidden_card(
        tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, action_seconds=600, room_path=room))
    clients: list[Client] = []
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    try:
        tokens = [await register(running, n) for n in ("wa0", "wa1", "wa2", "wa3", "rail")]
        clients = [await Client.connect(running.ws_url, t) for t in tokens]
        *players, watcher = clients
        for c in clients:
            await c.send(type="hello")
        for c in players:
            await c.send(type="tournament_register", tournament=TID)
        at: dict[int, set[str]] = {}
        for c in players:
            picture = await c.wait_for(lambda m: m.get("type") == "tournament"
                                       and m["view"].get("table") is not None, timeout=60)
            at.setdefault(picture["view"]["table"]["number"], set()).add(
                picture["view"]["you"]["name"])
        ta, tb = sorted(at)

        # Watching table A: its felt now, as it is (its players, their chips).
        await watcher.send(type="tournament_watch", tournament=TID, table=ta)
        first = await watcher.wait_for(lambda m: m.get("type") == "tournament_table", timeout=10)
        assert first["tournament"] == TID and first["table"] == ta
        assert first["view"]["number"] == ta
        assert {s["name"] for s in first["view"]["seats"] if s} == at[ta]
        assert_nothing_hidden(first["view"])
        tasks = [asyncio.create_task(play_calling(p, stop)) for p in players]

        # The hands at A go on: the watcher follows them to their showdowns.
        await watcher.wait_for(lambda m: m.get("type") == "tournament_table"
                               and m["view"].get("result") is not None
                               and m["view"]["result"]["shown"], timeout=60)  # fmt: skip
        pictures = watched(watcher, ta)
        assert len(pictures) >= 5
        for picture in pictures:
            assert_nothing_hidden(picture)
        assert any(p["hand"] is not None and not p["hand"]["is_over"] for p in pictures)
        assert watched(watcher, tb) == []

        # Watching B instead: B's felt at once, A's no more.
        await watcher.send(type="tournament_watch", tournament=TID, table=tb)
        switched = len(watcher.received)
        await watcher.wait_for(lambda m: m.get("type") == "tournament_table" and m["table"] == tb,
                               timeout=10)  # fmt: skip
        await watcher.send(type="ping")
        await watcher.wait_for(lambda m: m.get("type") == "pong", timeout=10, start=switched)
        after = len(watcher.received)
        await watcher.wait_for(lambda m: m.get("type") == "tournament_table" and m["table"] == tb,
                               timeout=30, start=after)  # B's next change comes
        assert watched(watcher, ta, after) == []
        for picture in watched(watcher, tb, switched):
            assert_nothing_hidden(picture)

        # Watching nothing: no more pictures.
        await watcher.send(type="tournament_watch", tournament=TID, table=None)
        sent = len(watcher.received)
        await watcher.send(type="ping")
        await watcher.wait_for(lambda m: m.get("type") == "pong", timeout=10, start=sent)
        quiet = len(watcher.received)
        await players[0].wait_for(lambda m: m.get("type") == "tournament", timeout=10,
                                  start=len(players[0].received))  # fmt: skip
        await asyncio.sleep(0.5)
        assert [m for m in watcher.received[quiet:] if m.get("type") == "tournament_table"] == []
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        for c in clients:
            await c.close()
        await stop_server(running)
