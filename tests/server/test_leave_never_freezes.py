"""Leaving mid-hand over real WebSockets: the table never freezes and the leaver is folded.

A stud player who must bring in and leaves used to freeze the table for good (the leave path
tried Fold, the engine refused it, and the clock was cancelled). A hold'em player who left with
a check available was checked for, and could win the pot (PROTOCOL.md: folded first).
"""

from __future__ import annotations

import asyncio
from typing import Any

from roomharness import Client, of_type, register


def events(client: Client, table: str) -> list[dict[str, Any]]:
    return [e for m in client.received if m["type"] == "table_events" and m["table"] == table
            for e in m["events"]]  # fmt: skip


async def seat_two(server: Any, table: str) -> dict[str, Client]:
    tokens = {name: await register(server, name) for name in ("alice", "bobby")}
    clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
    for c in clients.values():
        await c.send(type="sit", table=table, buy_in=10_000)
        await c.wait_for(of_type("balance"))
    return clients


async def prompted(clients: dict[str, Client], table: str, want: Any) -> tuple[str, dict[str, Any]]:
    """Wait (checking or calling for everyone) until a player's legal prompt satisfies `want`."""
    answered: set[tuple[str, int, int]] = set()
    for _ in range(2000):
        for name, c in clients.items():
            legal = (c.views.get(table) or {}).get("legal")
            if not legal or legal.get("after_hand"):
                continue
            if want(legal):
                return name, legal
            key = (name, legal["hand"], legal["action_no"])
            if key not in answered:
                answered.add(key)
                action = "check" if legal["check"] else "call" if legal["call"] else "bring_in"
                await c.send(type="act", table=table, hand=legal["hand"],
                             action_no=legal["action_no"], action=action)
        await asyncio.sleep(0.01)
    raise AssertionError("no such decision came")


async def test_R_BET_10_the_bring_in_player_who_leaves_brings_in_and_the_hand_goes_on(server) -> None:
    table = "fomalhaut"
    clients = await seat_two(server, table)
    name, legal = await prompted(clients, table, lambda legal: legal.get("bring_in"))
    seat = clients[name].views[table]["you"]["seat"]
    await clients[name].send(type="leave", table=table)
    other = clients["bobby" if name == "alice" else "alice"]
    # The hand ends (the other player acts on their prompts), well before any clock ran out.
    result = None
    answered: set[int] = set()
    for _ in range(3000):
        result = next((m for m in other.received if m["type"] == "hand_result"
                       and m["hand"] == legal["hand"]), None)  # fmt: skip
        if result is not None:
            break
        mine = (other.views.get(table) or {}).get("legal")
        if (mine and mine["hand"] == legal["hand"] and not mine.get("after_hand")
                and mine["action_no"] not in answered):
            answered.add(mine["action_no"])
            await other.send(type="act", table=table, hand=mine["hand"],
                             action_no=mine["action_no"],
                             action="check" if mine["check"] else "call")
        await asyncio.sleep(0.01)
    assert result is not None, "the table froze after the bring-in player left"
    posted = [e for e in events(other, table) if e["type"] == "BringInPosted"]
    assert any(e["seat"] == seat for e in posted)
    await clients[name].wait_for(of_type("notice", code="left"))
    for c in clients.values():
        await c.close()


async def test_a_player_who_leaves_with_a_check_available_is_folded_not_checked(server) -> None:
    table = "antares-1"
    clients = await seat_two(server, table)
    name, legal = await prompted(clients, table, lambda legal: legal["check"])
    seat = clients[name].views[table]["you"]["seat"]
    other = clients["bobby" if name == "alice" else "alice"]
    await clients[name].send(type="leave", table=table)
    result = await other.wait_for(of_type("hand_result", hand=legal["hand"]))
    mine = [e for e in events(other, table) if e.get("seat") == seat
            and e["type"] in ("Folded", "Checked")]  # fmt: skip
    assert mine[-1]["type"] == "Folded"
    assert [w["seat"] for w in result["winners"]] != [seat]
    await clients[name].wait_for(of_type("notice", code="left"))
    for c in clients.values():
        await c.close()
