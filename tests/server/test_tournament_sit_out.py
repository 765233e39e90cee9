"""A player sits out at a tournament table by their own word and comes back by it
(R-TOURN-5: an absent player is dealt in, posts and is checked or folded).

Before `tournament_sit_out` only a closed connection or a turn timed out made a player away;
a player could not step away from the page. Here, over real WebSockets, with an action clock
of ten minutes (so the hands can only go on if the away player's turns are played at once):
the player sits out, the hands go on with them dealt in and played for, a reconnection does
not bring them back (unlike an away a closed connection began), and `tournament_back` does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from roomharness import Client, make_settings, register, start_server, stop_server
from tests.tournament_rooms import pictures, seat_of, sit_and_go_room

TID = "duo-1"
ROOM = sit_and_go_room("sit out test")
HANDS_WHILE_OUT = 4


def hand_of(view: dict[str, Any]) -> int:
    return int((view.get("table") or {}).get("hand_number", 0))


async def answer(client: Client, answered: set[tuple[int, int, int]]) -> bool:
    """Check or call the client's latest open decision; False when there is none."""
    views = pictures(client)
    table = (views[-1].get("table") or {}) if views else {}
    legal = table.get("legal")
    if not legal:
        return False
    key = (table["number"], legal["hand"], legal["action_no"])
    if key in answered:
        return False
    answered.add(key)
    action = "check" if legal.get("check") else "call"
    await client.send(type="tournament_act", tournament=TID, hand=legal["hand"], action=action)
    return True


async def play_hands(stay: Client, answered: set[tuple[int, int, int]], hands: int) -> None:
    """`stay` answers its decisions until `hands` more hands have started at the table."""
    loop = asyncio.get_running_loop()
    first = max(hand_of(v) for v in pictures(stay))
    deadline = loop.time() + 120
    while max(hand_of(v) for v in pictures(stay)) < first + hands:
        assert loop.time() < deadline, "the hands stopped: the away player's turns waited"
        if not await answer(stay, answered):
            mark = len(stay.received)
            try:
                await stay.wait_for(lambda m: m.get("type") == "tournament", timeout=5,
                                    start=mark)  # fmt: skip
            except AssertionError:
                pass


async def test_R_TOURN_5_a_player_sits_out_by_their_word_and_only_their_word_brings_them_back(
    tmp_path: Path,
) -> None:
    """R-TOURN-5: the sat-out player is dealt in and played for; a reconnection keeps them
    out; `tournament_back` brings them back."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, action_seconds=600, room_path=room))
    try:
        tokens = [await register(running, f"sitter{i}") for i in range(3)]
        stay, out, stranger = [await Client.connect(running.ws_url, t) for t in tokens]
        for c in (stay, out):
            await c.send(type="hello")
            await c.send(type="tournament_register", tournament=TID)
            await c.send(type="tournament_follow", tournament=TID)
        started = await out.wait_for(
            lambda m: m.get("type") == "tournament" and hand_of(m["view"]) >= 1, timeout=60)
        me = started["view"]["you"]["entry"]

        # Refused, nothing changed: a tournament that does not exist, a player not in it.
        await stranger.send(type="hello")
        await stranger.send(type="tournament_sit_out", tournament="nope-1", ref="a")
        await stranger.send(type="tournament_sit_out", tournament=TID, ref="b")
        bad = await stranger.wait_for(lambda m: m.get("ref") == "a", timeout=10)
        assert bad["type"] == "error" and bad["code"] == "unknown_tournament"
        bad = await stranger.wait_for(lambda m: m.get("ref") == "b", timeout=10)
        assert bad["type"] == "error" and bad["code"] == "not_in_tournament"

        mark = len(out.received)
        await out.send(type="tournament_sit_out", tournament=TID)
        mine = await out.wait_for(lambda m: m.get("type") == "tournament"
                                  and m["view"]["you"]["sitting_out"], timeout=30, start=mark)
        assert mine["view"]["you"]["away"] is True
        await stay.wait_for(lambda m: m.get("type") == "tournament"
                            and (seat_of(m["view"], me) or {}).get("away") is True, timeout=30)

        # The hands go on without the ten-minute clock: the sat-out player is dealt in and
        # played for (blinds posted, check or fold), and never offered a decision.
        answered: set[tuple[int, int, int]] = set()
        await play_hands(stay, answered, HANDS_WHILE_OUT)
        seen = pictures(out, mark)
        later = [v for v in seen if hand_of(v) > hand_of(mine["view"])]
        assert later, "the sat-out player saw no hand dealt to them"
        assert all(v["you"]["away"] for v in seen)
        # their picture after the sit-out's own offers them nothing to decide
        assert not any((v.get("table") or {}).get("legal") for v in later)

        # A reconnection does not end a sit-out (it ends an away a closed socket began).
        await out.close()
        await stay.wait_for(lambda m: m.get("type") == "tournament"
                            and (seat_of(m["view"], me) or {}).get("away") is True, timeout=30)
        again = await Client.connect(running.ws_url, tokens[1])
        await again.send(type="hello")
        await again.send(type="tournament_follow", tournament=TID)
        first = await again.wait_for(lambda m: m.get("type") == "tournament", timeout=30)
        assert first["view"]["you"]["away"] is True, "a reconnection ended the sit-out"
        assert first["view"]["you"]["sitting_out"] is True
        await play_hands(stay, answered, 2)
        assert all(v["you"]["sitting_out"] for v in pictures(again))

        # Their own word brings them back: they are asked again.
        mark = len(again.received)
        await again.send(type="tournament_back", tournament=TID)
        await again.wait_for(lambda m: m.get("type") == "tournament"
                             and m["view"]["you"]["away"] is False
                             and m["view"]["you"]["sitting_out"] is False, timeout=30, start=mark)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while not any((v.get("table") or {}).get("legal") for v in pictures(again, mark)):
            assert loop.time() < deadline, "the player who came back was never asked again"
            await answer(stay, answered)
            at = len(again.received)
            try:
                await again.wait_for(lambda m: m.get("type") == "tournament", timeout=5, start=at)
            except AssertionError:
                pass
        for c in (again, stay, stranger):
            await c.close()
    finally:
        await stop_server(running)
