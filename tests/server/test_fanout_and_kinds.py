"""The seam between sockets and tables (issue 10): runners publish to the fan-out and hold no
socket; the table's public channel never carries a hole card nobody has shown, an account's
channel only that account's own; a message a kind of table does not take is refused naming
the kind."""

from __future__ import annotations

import random
from typing import Any

from roomharness import Client, of_type, play_until, register

from pokerroom.services.fanout import LocalFanOut, account_channel, table_channel
from pokerroom.services.outbound import Frame, Outbound, decode, encode

TABLE = "antares-1"


class Recording(LocalFanOut):
    def __init__(self) -> None:
        super().__init__()
        self.published: list[tuple[str, dict[str, Any], frozenset[int]]] = []

    def publish(self, channel: str, message: Outbound | Frame, *, skip: Any = ()) -> None:
        # What crosses the channel, as its receivers read it (a table's fan-out hands over
        # its frames already encoded).
        frame = message if isinstance(message, Frame) else encode(message)
        self.published.append((channel, decode(frame), frozenset(skip)))
        super().publish(channel, message, skip=skip)


def _shown_cards(view: dict[str, Any]) -> dict[int, list[Any]]:
    return {s["seat"]: s.get("cards") or [] for s in view["seats"] if s.get("cards")}


async def test_runners_publish_filtered_copies_per_channel(server: Any) -> None:
    room = server.app.state.room
    recording = Recording()
    # Every runner and the lobby publish through the room's fan-out: swap in a recording one
    # before anyone connects.
    room.fanout = recording
    room.lobby.fanout = recording
    for runner in room.lobby.runners():
        runner.fanout = recording
    clients: dict[str, Client] = {}
    ids: dict[str, int] = {}
    for name in ("fern", "gus"):
        token = await register(server, name)
        client = await Client.connect(server.ws_url, token)
        await client.send(type="hello")
        welcome = await client.wait_for(of_type("welcome"))
        ids[name] = welcome["account"]["id"]
        clients[name] = client
    watcher = await Client.connect(server.ws_url)  # an observer without an account
    await watcher.send(type="observe", table=TABLE)
    for seat, name in enumerate(clients):
        await clients[name].send(type="sit", table=TABLE, seat=seat, buy_in=4000, blind="post")
    await play_until(clients, TABLE, 3, random.Random(5))

    public = [(m, skip) for ch, m, skip in recording.published if ch == table_channel(TABLE)]
    own = {name: [m for ch, m, _ in recording.published if ch == account_channel(ids[name])]
           for name in clients}
    assert any(m["type"] == "table_events" for m, _ in public)
    for message, skip in public:
        if message["type"] != "table_events":
            continue
        # The players looking get their own copy: the observers' copy skips them.
        assert skip <= set(ids.values())
        view = message["view"]
        shown = any(e["type"] == "HandShown" for e in message["events"])
        if view.get("hand") is not None and not shown:
            assert all(c is None for cards in _shown_cards(view).values() for c in cards), view
    for name, messages in own.items():
        events = [m for m in messages if m["type"] == "table_events"]
        assert events, f"{name} got no copy of their own"
        for message in events:
            me = message["view"]["you"]
            if me is None or message["view"].get("hand") is None:
                continue
            if any(e["type"] == "HandShown" for e in message["events"]):
                continue
            for seat, cards in _shown_cards(message["view"]).items():
                if seat != me["seat"]:
                    assert all(c is None for c in cards), message["view"]
    # The observer received the public copies only, and never an account's own.
    assert all(m.get("view", {}).get("you") is None for m in watcher.received
               if m["type"] in ("table_events", "table_view"))
    for client in (*clients.values(), watcher):
        await client.close()


async def test_a_uth_message_at_a_poker_table_is_refused_naming_the_kind(server: Any) -> None:
    client = await Client.connect(server.ws_url, await register(server, "hana"))
    await client.send(type="hello")
    await client.wait_for(of_type("welcome"))
    await client.send(type="uth_bet", table=TABLE, ante=100, ref="b1")
    error = await client.wait_for(of_type("error", ref="b1"))
    assert error["code"] == "wrong_table"
    assert "poker table" in error["reason"]
    await client.send(type="uth_decide", table=TABLE, round=1, decision="check", ref="b2")
    error = await client.wait_for(of_type("error", ref="b2"))
    assert error["code"] == "wrong_table" and "uth_decide" in error["reason"]
    await client.close()


async def test_the_tournament_hall_publishes_filtered_copies_per_channel(tmp_path: Any) -> None:
    """The hall holds no socket either: each entrant's picture (their own cards only) goes
    to their account channel, the summary without any table to `tournament:<id>` for the
    other followers (here an anonymous one), which skips the entrants."""
    import asyncio

    from roomharness import make_settings, start_server, stop_server
    from test_tournament_away import TID, Player
    from test_tournament_hand_records import ROOM

    from pokerroom.services.fanout import tournament_channel

    room_file = tmp_path / "room.toml"
    room_file.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, room_path=room_file))
    try:
        room = running.app.state.room
        recording = Recording()
        room.fanout = recording
        room.tournaments.fanout = recording
        assert not hasattr(room.tournaments, "followers")
        watcher = await Client.connect(running.ws_url)
        await watcher.send(type="tournament_follow", tournament=TID)
        tokens = [await register(running, f"fan{i}") for i in range(2)]
        players = [Player(running.ws_url, t, seed=i, sleep_first=False)
                   for i, t in enumerate(tokens)]  # fmt: skip
        await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), 120)
        finished = await watcher.wait_for(
            lambda m: m.get("type") == "tournament" and m["view"]["summary"]["status"] == "finished")
        assert finished["view"]["you"] is None and finished["view"]["table"] is None
        await watcher.close()
    finally:
        await stop_server(running)
    ids = {p.last["you"]["entry"] for p in players if p.last}  # type: ignore[index]
    public = [(m, skip) for ch, m, skip in recording.published if ch == tournament_channel(TID)]
    assert public
    for message, skip in public:
        assert message["view"]["table"] is None and message["view"]["you"] is None
        # The entrants so far got their own copy (the update after the first registration
        # is published before the second player registers, so it skips only the first).
        assert {str(a) for a in skip} <= ids
    assert {str(a) for a in public[-1][1]} == ids
    own = [(ch, m) for ch, m, _ in recording.published
           if ch.startswith("account:") and m["type"] == "tournament"]  # fmt: skip
    assert {ch.split(":")[1] for ch, _ in own} == ids
    hands = 0
    for channel, message in own:
        view = message["view"]
        assert view["you"]["entry"] == channel.split(":")[1]
        table = view["table"]
        if not table or not table["hand"] or table["hand"]["is_over"]:
            continue
        hands += 1
        for seat, cards in _shown_cards(table["hand"]).items():
            if seat != table["seat"]:
                assert all(c is None for c in cards), view
    assert hands
