"""No hidden card crosses the bus unfiltered (issue 10). Two nodes; two players whose sockets
are on node a play hands at a table node b runs, so every message they get crossed Redis.
A spy subscribed to every channel of the room's prefix records all of it: the fan-out's
table and account channels and the node-to-node calls. Then:
- on the table's public channel no hole card is ever face up unless its seat showed it
  (HandShown), and every HoleCardsDealt / CardsMucked event carries no card;
- on a player's own channel, and in the answers to their forwarded `observe`, only their
  own hole cards and shown hands are face up (mucked hands go to players dealt in, R-SD-2).
The check is verified to fail: the same spy on the players' own view of their cards finds
them, so a leak could not hide."""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import orjson
from clusterharness import bus_spy, cluster
from roomharness import Client, play_until
from test_cluster_failover import FLOP_TABLES, _player


def _shown(messages: list[dict[str, Any]]) -> dict[int, set[str]]:
    shown: dict[int, set[str]] = defaultdict(set)
    for message in messages:
        for event in message.get("events") or []:
            if event.get("type") == "HandShown":
                shown[event["seat"]].update(c for c in event["cards"] if c)
        for seat, cards in (message.get("shown") or {}).items():
            shown[int(seat)].update(c for c in cards if c)
    return shown


def _face_up(message: dict[str, Any]) -> list[tuple[int, str]]:
    """(seat, card) for every hole card face up in the message's view and events."""
    out: list[tuple[int, str]] = []
    view = message.get("view") or {}
    for seat in view.get("seats") or []:
        out.extend((seat["seat"], c) for c in seat.get("cards") or [] if c)
    for event in message.get("events") or []:
        if event.get("type") in ("HoleCardsDealt", "CardsMucked"):
            out.extend((event["seat"], c) for c in event.get("cards") or [] if c)
    return out


def _own_seat(message: dict[str, Any]) -> int | None:
    you = (message.get("view") or {}).get("you")
    return None if you is None else you.get("seat")


def _read(raw: bytes) -> Any:
    """One bus message as the spy reads it: a fan-out publish (the skip list, a newline, the
    frame's JSON: services.redis_fanout) as {"s", "m"}; a cluster-bus JSON object, whose
    forwarded observe's answer ("ok") is the frame's text the owner encoded, decoded too."""
    head, newline, frame = raw.partition(b"\n")
    if newline and head.startswith(b"["):
        return {"s": orjson.loads(head), "m": orjson.loads(frame)}
    data = orjson.loads(raw)
    if isinstance(data, dict) and isinstance(data.get("ok"), str) and data["ok"][:1] == "{":
        data["ok"] = orjson.loads(data["ok"])
    return data


async def test_every_message_on_the_bus_is_filtered_for_its_audience(tmp_path: Path) -> None:
    rng = random.Random(4)
    async with cluster(tmp_path) as room, bus_spy(room, _read) as heard:
        clients = {}
        watcher = None
        try:
            for name in ("a", "b"):
                await room.start(name)
            view = await room.wait_balanced(["a", "b"])
            table = next(t["id"] for t in view["tables"]
                         if t["owner"] == "b" and t["id"] in FLOP_TABLES)
            a = room.nodes["a"]
            for i in range(2):
                clients[f"s{i}"] = await _player(a.base, a.ws_url, f"s{i}{rng.randrange(10**6)}")
            # an observer without an account, so the observers' copy is published too
            watcher = await Client.connect(a.ws_url)
            await watcher.send(type="hello")
            await watcher.send(type="observe", table=table)
            for client in clients.values():
                await client.send(type="observe", table=table)
            await asyncio.sleep(0.5)
            buy_in = next(iter(clients.values())).views[table]["min_buy_in"] * 2
            for seat, client in zip((1, 2), clients.values(), strict=True):
                await client.send(type="sit", table=table, seat=seat, buy_in=buy_in,
                                  blind="post")
            await play_until(clients, table, 4, rng, timeout=180)
            await asyncio.sleep(0.5)
        finally:
            for client in clients.values():
                await client.close()
            if watcher is not None:
                await watcher.close()

    public = f"{room.prefix}f:table:{table}"
    account_prefix = f"{room.prefix}f:account:"
    everything = [m for _, d in heard for m in ([d.get("m")] if isinstance(d, dict) else [])
                  if isinstance(m, dict)]
    everything += [d["ok"] for _, d in heard if isinstance(d, dict)
                   and isinstance(d.get("ok"), dict)]
    shown = _shown(everything)
    own_cards_seen = 0
    for channel, data in heard:
        if channel == public:
            message = data["m"]
            for seat, card in _face_up(message):
                assert card in shown[seat], f"seat {seat}'s {card} on the public channel"
        elif channel.startswith(account_prefix):
            message = data["m"]
            if message.get("table") != table:
                continue
            me = _own_seat(message)
            mucked = {(e["seat"], c) for e in message.get("events") or []
                      if e.get("type") == "CardsMucked" for c in e["cards"] if c}
            for seat, card in _face_up(message):
                if seat == me:
                    own_cards_seen += 1
                    continue
                assert card in shown[seat] or (seat, card) in mucked, (
                    f"seat {seat}'s {card} on the channel of seat {me}")
        elif ":rpc:" in channel and isinstance(data.get("ok"), dict):
            message = data["ok"]  # a forwarded observe: the view of the one who asked
            me = _own_seat(message)
            for seat, card in _face_up(message):
                assert seat == me or card in shown[seat], f"{card} of seat {seat} to {me}"
    # the spy did see hole cards where they belong: a leak could not have gone unseen
    assert own_cards_seen > 0
    assert any(channel.startswith(account_prefix) for channel, _ in heard)
    assert any(channel == public and "view" in data["m"] for channel, data in heard)
    assert any(m.get("type") == "table_view" for m in watcher.received)
