"""Tournaments are balanced to a node that joins, as tables are (issue 13 under issue 10).

Node a runs two heads-up sit & gos (created from the console), each being played (a hand in play almost always), with an
action clock of ten minutes; node b starts. a gives b its share: the tournament given away
deals no new hand, its hand in play ends, and only then its lease goes, so b restores it from
the stored snapshot with nothing voided; both tournaments play on, the players' sockets
still on a. Prints the time from b's start to the balanced room (a figure, not a bound)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import httpx
from clusterharness import cluster
from roomharness import Client, of_type, register
from test_cluster_console import _operator
from test_cluster_tournament_presence import _At
from test_cluster_tournaments import _hands

ROOM = """
[room]
name = "cluster tournament balance"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = { small_blind = 1, big_blind = 2 }
"""
# One-off tournaments from the console: a node that starts opens none of its own (it opens
# the room file's next instances), so the two running ones are all there is to balance.
TIDS = ("duo-a-1", "duo-b-1")


async def _play(client: Client, tid: str, stop: asyncio.Event) -> None:
    """Check or call every decision offered, at once; an action the server dropped for
    coming too fast (more than the 20 messages a second of an account) is sent again, as
    any client must (a dropped action is no answer: the table would wait ten minutes)."""
    answered: set[tuple[int, int, int]] = set()
    sent = (0, (0, 0, 0))  # where the last action was sent, and its decision
    while not stop.is_set():
        if any(m.get("code") == "rate_limited" for m in client.received[sent[0]:]):
            answered.discard(sent[1])
            sent = (len(client.received), sent[1])
            await asyncio.sleep(0.25)
        view = next((m["view"] for m in reversed(client.received)
                     if m.get("type") == "tournament" and m["tournament"] == tid), None)
        table = (view or {}).get("table") or {}
        legal = table.get("legal")
        if legal and (table["number"], legal["hand"], legal["action_no"]) not in answered:
            answered.add((table["number"], legal["hand"], legal["action_no"]))
            sent = (len(client.received), (table["number"], legal["hand"], legal["action_no"]))
            await client.send(type="tournament_act", tournament=tid, hand=legal["hand"],
                              action="check" if legal.get("check") else "call")  # fmt: skip
        mark = len(client.received)
        with contextlib.suppress(AssertionError):
            await client.wait_for(lambda m: m.get("type") == "tournament", timeout=1, start=mark)


async def _settled(room: Any) -> dict[str, int]:
    out = {}
    for tid in TIDS:
        out[tid] = sum(h["status"] == "settled" for h in await _hands(room, tid))
    return out


async def _owners(room: Any) -> dict[str, str | None]:
    rows = {t["id"]: t for t in (await room.view("a")).get("tournaments", [])}
    return {tid: rows.get(tid, {}).get("owner") for tid in TIDS}


async def test_tournaments_are_balanced_to_a_joining_node_with_nothing_voided(
    tmp_path: Path,
) -> None:
    room_file = tmp_path / "room.toml"
    room_file.write_text(ROOM)
    async with cluster(tmp_path, "--room", str(room_file), "--action-seconds", "600") as room:
        a = await room.start("a")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        op = await _operator(a.base, room.db_url)
        async with httpx.AsyncClient(base_url=a.base, timeout=30, headers=op) as http:
            for name in ("Duo A", "Duo B"):
                r = await http.post("/api/admin/tournaments", json={
                    "name": name, "game": "holdem", "betting": "no-limit", "seats": 2,
                    "min_entrants": 2, "max_entrants": 2, "buy_in": 1000, "fee": 100,
                    "starting_chips": 100000,
                    "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 600}]})
                assert r.status_code == 201, r.text
        clients: list[tuple[Client, str]] = []
        for i in range(4):
            tid = TIDS[i % 2]
            client = await Client.connect(a.ws_url, await register(_At(a.base), f"bal{i}"))  # type: ignore[arg-type]
            await client.send(type="hello")
            await client.wait_for(of_type("welcome"))
            await client.send(type="tournament_register", tournament=tid)
            clients.append((client, tid))
        assert set((await _owners(room)).values()) == {"a"}
        stop = asyncio.Event()
        players = [asyncio.create_task(_play(c, tid, stop)) for c, tid in clients]
        try:
            while min((await _settled(room)).values()) < 2:  # both are being played
                assert loop.time() < deadline + 60, await _settled(room)
                await asyncio.sleep(0.2)
            started = loop.time()
            await room.start("b")
            while sorted(str(o) for o in (await _owners(room)).values()) != ["a", "b"]:
                assert loop.time() - started < 120, await _owners(room)
                await asyncio.sleep(0.2)
            print(f"tournament balance: {loop.time() - started:.1f} s from b's launch to one "
                  f"tournament on each node ({await _owners(room)})")
            settled = await _settled(room)
            while True:  # both play on
                now = await _settled(room)
                if all(now[tid] >= settled[tid] + 3 for tid in TIDS):
                    break
                assert loop.time() - started < 240, (settled, now)
                await asyncio.sleep(0.2)
        finally:
            stop.set()
            for task in players:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for tid in TIDS:  # given away between hands: nothing voided
            assert [h["hand_number"] for h in await _hands(room, tid)
                    if h["status"] == "voided"] == [], tid
        for client, _ in clients:
            await client.close()
