"""Encode once per audience (issue 11): every observer of a table is sent the very same frame
of each event, byte for byte, and that public frame never holds a seated player's hole
cards; each player's own frame does."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from roomharness import Client, greeted, of_type, play_until, register

from pokerroom.services import table_runner
from pokerroom.services.fanout import LocalFanOut, table_channel
from pokerroom.services.outbound import Frame, Notice, TableEvents, encode
from pokerroom.services.poker_view import SharedView

TABLE = "antares-1"


def _fold_first(legal: dict[str, Any], rng: Any) -> tuple[str, int | None]:
    """Fold whenever folding is offered: no hand reaches a showdown, no card is shown."""
    return ("fold", None) if legal["fold"] else ("check", None)


def _frames_of(client: Client, kind: str) -> list[str]:
    return [text for text in client.raw if json.loads(text)["type"] == kind]


def _hole_cards(client: Client) -> set[str]:
    """Every hole card this player was dealt, from the events of its own frames."""
    cards: set[str] = set()
    for message in client.received:
        for event in message.get("events", []) if message["type"] == "table_events" else []:
            if event["type"] == "HoleCardsDealt":
                cards |= {c for c in event.get("cards") or [] if c is not None}
    return cards


async def test_observers_share_one_frame_and_it_holds_no_hole_card(server: Any) -> None:
    players = await greeted(server, "ivy", "jon")
    # One observer without an account, one logged in who does not sit: the same audience.
    anonymous = await Client.connect(server.ws_url)
    member = await Client.connect(server.ws_url, await register(server, "kim"))
    for observer in (anonymous, member):
        await observer.send(type="observe", table=TABLE)
        await observer.wait_for(of_type("table_view", table=TABLE))
    for seat, client in enumerate(players.values()):
        await client.send(type="sit", table=TABLE, seat=seat, buy_in=4000, blind="post")
    await play_until(players, TABLE, 3, random.Random(7), policy=_fold_first)

    public = _frames_of(anonymous, "table_events")
    assert len(public) >= 6
    # Byte-identical: the frames the two observers got since both watched are one list.
    seen_by_member = _frames_of(member, "table_events")
    assert public[: len(seen_by_member)] == seen_by_member[: len(public)]
    assert min(len(public), len(seen_by_member)) >= 6
    for name, client in players.items():
        cards = _hole_cards(client)
        assert len(cards) >= 4, f"{name} saw no cards of their own"
        own_frames = "".join(_frames_of(client, "table_events"))
        assert all(f'"{card}"' in own_frames for card in cards)
        for frame in public + seen_by_member:
            leaked = [card for card in cards if f'"{card}"' in frame]
            assert not leaked, f"{name}'s hole cards {leaked} in an observer frame"
    for client in (*players.values(), anonymous, member):
        await client.close()


async def test_the_shared_part_of_the_views_holds_no_hole_card(
        server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The part of the views one fan-out builds once for every viewer (issue 11) holds a
    seat's card only once that seat showed it: the players' own cards and the hands mucked
    at the showdown (R-SD-2) are added per viewer, never to the shared part."""
    built: list[tuple[int | None, str]] = []
    real = table_runner.shared_view

    def recording(**kwargs: Any) -> SharedView:
        shared = real(**kwargs)
        # As built: the seats (later copied per viewer, never changed).
        built.append((shared.hand_number, json.dumps(shared.view["seats"])))
        return shared

    monkeypatch.setattr(table_runner, "shared_view", recording)
    players: dict[str, Client] = {}
    for name in ("lea", "max", "noa"):
        client = await Client.connect(server.ws_url, await register(server, name))
        await client.send(type="hello")
        await client.wait_for(of_type("welcome"))
        players[name] = client
    for seat, client in enumerate(players.values()):
        await client.send(type="sit", table=TABLE, seat=seat, buy_in=4000, blind="post")
    # Check or call: hands reach the showdown, where losers muck (R-SD-2).
    await play_until(players, TABLE, 4, random.Random(11))

    results = [m for m in next(iter(players.values())).received if m["type"] == "hand_result"]
    shown = {(m["hand"], int(seat)): set(cards) for m in results
             for seat, cards in m["shown"].items()}
    hands_with_cards = set()
    for hand, seats in built:
        for entry in json.loads(seats):
            cards = {c for c in entry.get("cards", []) if c is not None}
            if cards:
                hands_with_cards.add(hand)
                assert cards <= shown.get((hand, entry["seat"]), set()), (
                    f"hand {hand}: seat {entry['seat']}'s unshown cards {cards} in the shared part")
    own = [v for c in players.values() for m in c.received if m["type"] == "table_events"
           for v in [m["view"]] if v["you"] is not None and any(
               s.get("is_you") and any(s["cards"]) for s in v["seats"])]
    assert own, "no player was ever shown their own cards"
    assert len(built) >= 20 and hands_with_cards, "no fan-out reached a showdown"
    for client in players.values():
        await client.close()


class _Sink:
    def __init__(self, account_id: int | None) -> None:
        self.account_id = account_id
        self.frames: list[Frame] = []

    def send(self, frame: Frame) -> None:
        self.frames.append(frame)


def test_a_published_message_is_encoded_once_for_every_subscriber() -> None:
    fanout = LocalFanOut()
    sinks = [_Sink(None), _Sink(None), _Sink(3), _Sink(4)]
    for sink in sinks:
        fanout.subscribe(table_channel("t"), sink)
    fanout.publish(table_channel("t"), Notice(code="broadcast", table="t", hand=None,
                                              text="hello"), skip={4})
    first = sinks[0].frames[0]
    assert all(s.frames[0] is first for s in sinks[:3])  # one object, not equal copies
    assert sinks[3].frames == []  # skipped: it gets its own copy elsewhere
    assert json.loads(first.text) == {"type": "notice", "code": "broadcast", "table": "t",
                                      "hand": None, "text": "hello", "v": 1}


def _steady(legal: dict[str, Any], rng: Any) -> tuple[str, int | None]:
    """Check or call, sometimes a minimum bet or raise, the bring-in when it is due (stud)."""
    if legal.get("bring_in"):
        return "bring_in", None
    for kind in ("bet", "raise"):
        if legal.get(kind) and rng.random() < 0.2:
            return kind, legal[kind]["min"]
    return ("check", None) if legal["check"] else ("call", None)


# Hold'em; seven-card stud (up cards, the bring-in); HORSE, whose game changes after an orbit
# (five players: five hands).
@pytest.mark.parametrize(("table", "hands"), [("antares-1", 4), ("fomalhaut", 3),
                                              ("lyra", 7)])
async def test_each_receivers_frame_is_the_view_built_for_it(server: Any, table: str,
                                                             hands: int) -> None:
    """A table's fan-out encodes the part of a moment's views every viewer shares once and
    puts each receiver's own part in per receiver (issue 11): every frame it publishes must
    read exactly as the message built the plain way for that receiver, whose view is
    `view_for` (the one place a view is filtered) and whose events are `visible_to` each;
    the encoded shared part is the shared view's seats, which hold no unshown card
    (test_the_shared_part_of_the_views_holds_no_hole_card). A frame that is not is kept and
    failed on afterwards: raised in the fan-out, it would reach the table's actor (which
    logs it and plays on), never this test."""
    room = server.app.state.room
    runner = next(r for r in room.lobby.runners() if r.table_id == table)
    checked: list[int | None] = []
    mismatched: list[tuple[int | None, Any, Any]] = []
    encoded_seats: list[tuple[Any, Any]] = []
    real_fan_out = runner.fan_out
    real_view_json = table_runner.view_json

    class Capture:
        def __init__(self, inner: Any) -> None:
            self.inner = inner
            self.frames: list[tuple[str, Any]] = []

        def publish(self, channel: str, message: Any, *, skip: Any = ()) -> None:
            self.frames.append((channel, message))
            self.inner.publish(channel, message, skip=skip)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    def recording_view_json(shared: SharedView, parts: Any) -> bytes:
        out = real_view_json(shared, parts)
        encoded_seats.append((json.loads(b"[" + b",".join(shared.encoded[1:]) + b"]"),
                              shared.view["seats"]))
        return out

    def checking_fan_out(entries: Any) -> None:
        inner = runner.fanout
        capture = Capture(inner)
        runner.fanout = capture
        try:
            real_fan_out(entries)
        finally:
            runner.fanout = inner
        for channel, message in capture.frames:
            if not isinstance(message, Frame):  # every fan-out message is encoded once
                mismatched.append((None, message, "a Frame"))
                continue
            got = json.loads(message.text)
            if got["type"] != "table_events":
                continue
            account = None if channel == table_channel(table) else int(channel.split(":")[1])
            # the same moment: fan_out changed nothing the views are built from
            expected = json.loads(encode(TableEvents(
                table=table, from_version=entries[0].version, version=runner.log.version,
                events=[runner._wire(e, account) for e in entries],
                view=runner.view_for(account))).text)
            if got != expected:  # (raised here, it would reach the table's actor, not us)
                mismatched.append((account, got, expected))
            checked.append(account)

    runner.fan_out = checking_fan_out
    table_runner.view_json = recording_view_json
    try:
        players = await greeted(server, "olu", "pia", "quinn", "rosa", "sven")
        watcher = await Client.connect(server.ws_url)
        await watcher.send(type="observe", table=table)
        first = await watcher.wait_for(of_type("table_view", table=table))
        buy_in = first["view"]["max_buy_in"] or 10 * first["view"]["min_buy_in"]
        for seat, client in enumerate(players.values()):
            await client.send(type="sit", table=table, seat=seat, buy_in=buy_in, blind="post")
        # Mostly check or call: hands reach the showdown, where losers muck (R-SD-2).
        await play_until(players, table, hands, random.Random(3), policy=_steady)
    finally:
        table_runner.view_json = real_view_json
        del runner.fan_out
    assert not mismatched, f"{len(mismatched)} frames are not their receiver's view, the " \
        f"first one for {mismatched[0][0]}: {mismatched[0][1]} != {mismatched[0][2]}"
    assert None in checked and len({a for a in checked if a is not None}) == 5
    assert len(checked) >= 40
    assert encoded_seats and all(decoded == seats for decoded, seats in encoded_seats)
    for client in (*players.values(), watcher):
        await client.close()
