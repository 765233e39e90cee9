"""The types of the outbound messages are what a real room sends (issue 10, typed outbound
messages): every message a client receives, nested parts included (lobby entries, poker and
UTH views, seats, `legal`, hand results), has exactly the keys and value types that
services.outbound and services.outbound_parts declare; and docs/PROTOCOL.md names every key
of those parts."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, is_typeddict

from roomharness import Client, greeted, of_type, play_until

from pokerroom.services import outbound_parts
from pokerroom.services.outbound import OUTBOUND_CLASSES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
POKER, UTH = "antares-1", "izar-1"


def mismatches(value: Any, tp: Any, where: str = "") -> list[str]:
    """Where `value` is not of the type `tp` (empty: it is)."""
    if tp is Any:
        return []
    if tp is None or tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Literal:
        return [] if value in args and type(value) in {type(a) for a in args} else [
            f"{where}: {value!r} not one of {args}"]
    if origin in (typing.Union, types.UnionType):
        tries = [mismatches(value, arm, where) for arm in args]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [m for i, item in enumerate(value) for m in mismatches(item, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [m for k, item in value.items() for m in mismatches(item, args[1], f"{where}.{k}")]
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object ({tp.__name__})"]
        hints = typing.get_type_hints(tp)
        keys = set(value)
        out = [f"{where}: {tp.__name__} lacks {sorted(tp.__required_keys__ - keys)}"
               ] if tp.__required_keys__ - keys else []
        if keys - set(hints):
            out.append(f"{where}: {tp.__name__} has no keys {sorted(keys - set(hints))}")
        return out + [m for k in keys & set(hints)
                      for m in mismatches(value[k], hints[k], f"{where}.{k}")]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not a bool"]
    if tp is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [
            f"{where}: {value!r} is not an int"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a string"]
    raise AssertionError(f"the checker does not know the type {tp!r}")


def message_mismatches(message: dict[str, Any]) -> list[str]:
    """A message against the class of its type and keys (notices and errors have several)."""
    body = {k: v for k, v in message.items() if k != "v"}
    for cls in OUTBOUND_CLASSES:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        if fields["type"].default == body["type"] and set(fields) == set(body):
            hints = typing.get_type_hints(cls)
            return [m for k, v in body.items() for m in mismatches(v, hints[k], f"{body['type']}.{k}")]
    return [f"no outbound class has the type {body['type']!r} and keys {sorted(body)}"]


def test_the_checker_finds_a_wrong_part() -> None:
    """The checker above can fail: a seat without its status, a card that is a number, a key
    no type names."""
    assert mismatches({"seat": 0, "status": "empty"}, outbound_parts.EmptySeat) == []
    assert mismatches({"seat": 0}, outbound_parts.EmptySeat)
    assert mismatches({"seat": 0, "status": "empty", "x": 1}, outbound_parts.EmptySeat)
    assert mismatches([None, "As", 3], outbound_parts.Cards)
    assert message_mismatches({"type": "pong", "now_ms": "soon", "v": 1})
    assert message_mismatches({"type": "pong", "now_ms": 1, "v": 1}) == []


def test_every_key_of_every_part_is_in_the_protocol_doc() -> None:
    missing = sorted(
        f"{name}.{key}"
        for name, part in vars(outbound_parts).items() if is_typeddict(part)
        for key in typing.get_type_hints(part)
        if not re.search(rf'(`|"|\b){re.escape(key)}(`|"|\b)', DOC)
    )
    assert not missing, f"keys missing from docs/PROTOCOL.md: {missing}"


async def test_every_message_a_room_sends_has_its_declared_types(server: Any) -> None:
    players = await greeted(server, "oona", "piet")
    watcher = await Client.connect(server.ws_url)  # anonymous: lobby and an observer's view
    await watcher.send(type="hello")
    await watcher.send(type="lobby_subscribe")
    await watcher.send(type="observe", table=POKER)
    await watcher.wait_for(of_type("table_view", table=POKER))
    for seat, client in enumerate(players.values()):
        await client.send(type="sit", table=POKER, seat=seat, buy_in=4000, blind="post")
    await play_until(players, POKER, 1, random.Random(3))
    oona = players["oona"]
    await oona.send(type="chat", table=POKER, text="gg")
    await oona.send(type="sit_out", table=POKER)
    await oona.send(type="act", table=POKER, hand=999, action_no=0, action="fold", ref="stale")
    await oona.wait_for(of_type("error", ref="stale"))
    # A UTH round to its settlement.
    await oona.send(type="sit", table=UTH)
    await oona.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["you"])
    mark = len(oona.received)
    await oona.send(type="uth_bet", table=UTH, ante=100, trips=50)
    while True:
        msg = await oona.wait_for(lambda m: m["type"] == "uth_view" and (
            (m["view"]["legal"] and m["view"]["legal"]["hint"])
            or m["view"]["phase"] == "settled"), start=mark, timeout=30)
        mark = oona.received.index(msg) + 1
        if msg["view"]["phase"] == "settled":
            break
        legal = msg["view"]["legal"]
        await oona.send(type="uth_decide", table=UTH, round=legal["round"],
                        decision=legal["hint"])
    await asyncio.sleep(0.2)
    received = [m for c in (*players.values(), watcher) for m in c.received]
    kinds = {m["type"] for m in received}
    assert {"welcome", "lobby", "lobby_update", "table_view", "table_events", "hand_result",
            "chat", "error", "balance", "uth_view"} <= kinds, kinds
    wrong = [m for message in received for m in message_mismatches(message)]
    assert not wrong, wrong[:20]
    for client in (*players.values(), watcher):
        await client.close()
