"""A player who disconnects from a tournament table is away at once (R-TOURN-5).

Before, a disconnected player stayed "present": every one of their turns waited for the
whole action clock before it was played for them, so a table with a player gone crawled
(and, with the room's 15 s clock, a field of gone players took hours per level). Now the
closing of a player's last connection marks them away at once, so their turns are played
for them (blinds posted, check or fold) as soon as they come; connecting again brings them
back, and the table waits for their decisions again.

The action clock here is ten minutes: the test can only get through the hands below if
the absent player's turns are played without it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from roomharness import Client, make_settings, register, start_server, stop_server
from tests.tournament_rooms import pictures, seat_of, sit_and_go_room

TID = "duo-1"
ROOM = sit_and_go_room("disconnect test")
HANDS_WHILE_GONE = 6


async def answer(client: Client, answered: set[tuple[int, int, int]]) -> bool:
    """Check or call the client's latest open decision; False when there is none."""
    views = pictures(client)
    if not views:
        return False
    table = views[-1].get("table") or {}
    legal = table.get("legal")
    if not legal or legal.get("after_hand"):  # (R-SD-5's show after the hand: no decision)
        return False
    key = (table["number"], legal["hand"], legal["action_no"])
    if key in answered:
        return False
    answered.add(key)
    action = "check" if legal.get("check") else "call"
    await client.send(type="tournament_act", tournament=TID, hand=legal["hand"], action=action)
    return True


async def test_R_TOURN_5_a_disconnected_player_is_away_at_once_and_back_on_reconnect(
    tmp_path: Path,
) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, action_seconds=600, room_path=room))
    try:
        tokens = [await register(running, f"gone{i}") for i in range(2)]
        stay, leave = [await Client.connect(running.ws_url, t) for t in tokens]
        for c in (stay, leave):
            await c.send(type="hello")
            await c.send(type="tournament_register", tournament=TID)
            await c.send(type="tournament_follow", tournament=TID)
        started = await leave.wait_for(
            lambda m: m.get("type") == "tournament" and (m["view"].get("table") or {})
            .get("hand_number", 0) >= 1, timeout=60)
        me = started["view"]["you"]["entry"]
        await leave.close()  # gone without a word

        # The one still here sees the other away, and plays on: hands start and end without
        # the ten-minute clock ever running out.
        await stay.wait_for(lambda m: m.get("type") == "tournament"
                            and (seat_of(m["view"], me) or {}).get("away") is True, timeout=60)
        first = max(v["table"]["hand_number"] for v in pictures(stay) if v.get("table"))
        answered: set[tuple[int, int, int]] = set()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while True:
            hand = max(v["table"]["hand_number"] for v in pictures(stay) if v.get("table"))
            if hand >= first + HANDS_WHILE_GONE:
                break
            assert loop.time() < deadline, (
                f"only {hand - first} hands in 120 s while a player was gone: "
                "their turns waited for the action clock")
            if not await answer(stay, answered):
                mark = len(stay.received)
                try:
                    await stay.wait_for(lambda m: m.get("type") == "tournament", timeout=5,
                                        start=mark)  # fmt: skip
                except AssertionError:
                    pass
        # Every hand while gone was played for them: blinds posted, check or fold.
        gone_views = [v for v in pictures(stay) if v.get("table")
                      and v["table"]["hand_number"] > first]  # fmt: skip
        assert all((seat_of(v, me) or {}).get("away") for v in gone_views)

        # Back: a new connection brings the player back, and they are asked again.
        back = await Client.connect(running.ws_url, tokens[1])
        await back.send(type="hello")
        await back.send(type="tournament_follow", tournament=TID)
        await back.wait_for(lambda m: m.get("type") == "tournament"
                            and m["view"]["you"]["away"] is False, timeout=30)
        mine: set[tuple[int, int, int]] = set()
        deadline = loop.time() + 120
        while True:
            legal = next((v["table"]["legal"] for v in reversed(pictures(back))
                          if v.get("table")), None)  # fmt: skip
            if legal and not legal.get("after_hand"):
                break  # a decision is offered to the player again
            assert loop.time() < deadline, "the player who came back was never asked again"
            await answer(stay, answered)
            mark = len(back.received)
            try:
                await back.wait_for(lambda m: m.get("type") == "tournament", timeout=5,
                                    start=mark)  # fmt: skip
            except AssertionError:
                pass
        assert await answer(back, mine)
        await back.close()
        await stay.close()
    finally:
        await stop_server(running)
