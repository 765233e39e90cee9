"""Between two tournament hands, over real WebSockets: the table rests (the finished hand
stays in the players' pictures) and the winner without a showdown may show (R-SD-5), which
the other player dealt in sees; then the next hand is dealt. The turn's clock is in both
players' pictures, in the cash tables' shape, with the time bank of the player to act."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roomharness import Client, make_settings, register, start_server, stop_server
from tests.tournament_rooms import sit_and_go_room

TID = "duo-1"
ROOM = sit_and_go_room("show test")


def table_of(message: dict[str, Any]) -> dict[str, Any] | None:
    if message.get("type") != "tournament" or message.get("tournament") != TID:
        return None
    table: dict[str, Any] | None = message["view"]["table"]
    return table


def deciding(message: dict[str, Any]) -> bool:
    table = table_of(message)
    return bool(table and table["legal"] and not table["legal"].get("after_hand"))


async def test_R_SD_5_a_tournament_table_rests_and_the_winner_shows_over_websockets(
    tmp_path: Path,
) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(
        tmp_path, room_path=room, action_seconds=60.0, tournament_between_hands_seconds=3.0,
        tournament_time_bank_seconds=10.0))
    try:
        clients = [await Client.connect(running.ws_url, await register(running, f"show{i}"))
                   for i in range(2)]  # fmt: skip
        for client in clients:
            await client.send(type="hello")
            await client.send(type="tournament_register", tournament=TID)
            await client.send(type="tournament_follow", tournament=TID)
        first = [await c.wait_for(lambda m: bool((table_of(m) or {}).get("hand")), timeout=30)
                 for c in clients]  # fmt: skip
        assert all(table_of(m)["hand_number"] == 1 for m in first)  # type: ignore[index]
        # Heads-up the button acts first before the flop, and folds: the big blind wins
        # without a showdown.
        starts = [len(c.received) for c in clients]
        decisions = [await _first(c, deciding) for c in clients]
        folder = next(i for i, d in enumerate(decisions) if d is not None)
        legal = table_of(decisions[folder])["legal"]  # type: ignore[index,index]
        # The small blind (the button) has chips in the pot: the bank is on its clock, and
        # both players see the same clock.
        clocks = [table_of(d or first[i])["clock"] for i, d in enumerate(decisions)]  # type: ignore[index]
        mine = clocks[folder]
        assert mine is not None and mine["seat"] == legal["seat"], clocks
        assert mine["action_ms"] == 60_000 and mine["time_bank_ms"] == 10_000
        assert mine["deadline_ms"] - mine["action_deadline_ms"] == 10_000
        assert all(c is not None and c["deadline_ms"] == mine["deadline_ms"] for c in clocks)
        loser, winner = clients[folder], clients[1 - folder]
        mark = len(loser.received)
        await loser.send(type="tournament_act", tournament=TID, hand=legal["hand"],
                         action="fold")  # fmt: skip
        offer = await winner.wait_for(
            lambda m: bool(((table_of(m) or {}).get("legal") or {}).get("after_hand")), timeout=10,
            start=starts[1 - folder])
        table = table_of(offer)
        assert table is not None and table["hand"]["is_over"] and table["legal"]["show"]
        winner_seat = table["seat"]
        await winner.send(type="tournament_act", tournament=TID, hand=table["legal"]["hand"],
                          action="show")  # fmt: skip

        def winner_cards_seen(m: dict[str, Any]) -> bool:
            t = table_of(m)
            if not t or not t["hand"]:
                return False
            seat = next(s for s in t["hand"]["seats"] if s["seat"] == winner_seat)
            return bool(seat["cards"]) and all(seat["cards"])

        seen = await loser.wait_for(winner_cards_seen, timeout=10, start=mark)
        shown = table_of(seen)
        assert shown is not None and shown["hand"]["is_over"] and shown["hand_number"] == 1
        # Every picture the folded player got from the fold to the show kept the finished
        # hand on the felt: nothing was dealt meanwhile.
        between = [table_of(m) for m in loser.received[mark:loser.received.index(seen) + 1]]
        assert all(t is None or t["hand_number"] == 1 for t in between)
        assert any(t and t["hand"] and t["hand"]["is_over"] for t in between)
        # Then the next hand is dealt, and the show is no longer offered.
        nxt = await winner.wait_for(lambda m: (table_of(m) or {}).get("hand_number") == 2,
                                    timeout=20, start=len(winner.received) - 1)
        assert not ((table_of(nxt) or {}).get("legal") or {}).get("after_hand")
        errors = [m for c in clients for m in c.received if m.get("type") == "error"]
        assert not errors, errors
        for c in clients:
            await c.close()
    finally:
        await stop_server(running)


async def _first(client: Client, predicate: Any) -> dict[str, Any] | None:
    """The first message so far (or within a second) that satisfies `predicate`, if any."""
    try:
        return await client.wait_for(predicate, timeout=1.0)
    except AssertionError:
        return None
