"""Hostile input on the WebSocket: each refused with an error; the server keeps serving others."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from roomharness import Client, of_type


async def test_malformed_json_wrong_types_and_unknown_types_get_errors(server) -> None:
    client = await Client.connect(server.ws_url)
    bystander = await Client.connect(server.ws_url)
    await client.send_raw("{not json")
    await client.wait_for(of_type("error", code="bad_message"))
    await client.send_raw("[1, 2, 3]")
    await client.send_raw(json.dumps({"type": "act", "v": 1, "table": "x", "hand": "one",
                                      "action_no": 1, "action": "fold", "ref": "r1"}))
    err = await client.wait_for(of_type("error", ref="r1"))
    assert err["code"] == "bad_message" and "hand" in err["reason"]
    await client.send_raw(json.dumps({"type": "launch_missiles", "v": 1, "ref": "r2"}))
    assert (await client.wait_for(of_type("error", ref="r2")))["code"] == "bad_message"
    await client.send_raw(json.dumps({"type": "ping", "v": 2, "ref": "r3"}))
    assert (await client.wait_for(of_type("error", ref="r3")))["code"] == "bad_message"
    await client.send_raw(b"\xff\xfe binary junk")
    await client.send_raw("[" * 2000 + "]" * 2000)  # deep nesting, under the size limit
    # The connection still works, and so does everyone else's.
    await client.send(type="ping")
    await client.wait_for(of_type("pong"))
    await bystander.send(type="ping")
    await bystander.wait_for(of_type("pong"))
    errors = [m for m in client.received if m["type"] == "error"]
    assert len(errors) == 7
    await client.close()
    await bystander.close()


async def test_huge_message_is_refused_and_connection_survives(server) -> None:
    client = await Client.connect(server.ws_url)
    await client.send(type="chat", table="t", text="x" * 10_000, ref="big")
    err = await client.wait_for(of_type("error"))
    assert err["code"] == "bad_message" and "exceeds" in err["reason"]
    await client.send(type="ping")
    await client.wait_for(of_type("pong"))
    await client.close()


async def test_flood_is_rate_limited_then_closed_while_others_are_served(server) -> None:
    flooder = await Client.connect(server.ws_url)
    other = await Client.connect(server.ws_url)
    for _ in range(60):
        await flooder.send(type="ping")
    await flooder.wait_for(of_type("error", code="rate_limited"))
    pongs = sum(1 for m in flooder.received if m["type"] == "pong")
    assert pongs <= server.settings.rate_burst + 5
    await other.send(type="ping")
    await other.wait_for(of_type("pong"))
    # Keep flooding past the limit of dropped messages: the server closes the socket.
    with pytest.raises(websockets.ConnectionClosed):
        for _ in range(2000):
            await flooder.send(type="ping")
        await asyncio.wait_for(flooder._reader, 10)
        await flooder.send(type="ping")
    assert flooder.ws.close_code == 1008
    await other.send(type="ping", ref="still")
    await other.wait_for(of_type("pong"))
    await other.close()


async def test_foreign_origin_is_refused_and_own_origin_accepted(server) -> None:
    with pytest.raises(websockets.InvalidStatus) as info:
        await websockets.connect(server.ws_url, origin="http://evil.example")
    assert info.value.response.status_code == 403
    own = await Client.connect(server.ws_url, origin=server.base)
    await own.send(type="ping")
    await own.wait_for(of_type("pong"))
    await own.close()


async def test_R_BET_10_acting_for_another_seat_is_refused_and_play_goes_on(server) -> None:
    """R-BET-10: only the player to act may act; a request for someone else's turn is refused
    with the rule and changes nothing."""
    from roomharness import register

    table = "antares-1"
    tokens = {n: await register(server, n) for n in ("alice", "bobby", "mallory")}
    clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
    for n in ("alice", "bobby"):
        await clients[n].send(type="sit", table=table, buy_in=10_000)
        await clients[n].wait_for(of_type("balance"))
    # Whoever is prompted first: the other one tries to take that action.
    prompted = None
    while prompted is None:
        for n in ("alice", "bobby"):
            view = clients[n].views.get(table)
            if view and view.get("legal"):
                prompted = n
        await asyncio.sleep(0.02)
    legal = clients[prompted].views[table]["legal"]
    intruder = "bobby" if prompted == "alice" else "alice"
    await clients[intruder].send(type="act", table=table, hand=legal["hand"],
                                 action_no=legal["action_no"], action="fold", ref="steal")
    err = await clients[intruder].wait_for(of_type("error", ref="steal"))
    assert err["code"] == "illegal_action" and err["rule"] == "R-BET-10"
    # Someone not even seated: refused as well.
    await clients["mallory"].send(type="act", table=table, hand=legal["hand"],
                                  action_no=legal["action_no"], action="fold", ref="m")
    err = await clients["mallory"].wait_for(of_type("error", ref="m"))
    assert err["code"] == "not_in_hand"
    # The rightful player's same action still goes through: nothing changed.
    mark = len(clients[prompted].received)
    await clients[prompted].send(type="act", table=table, hand=legal["hand"],
                                 action_no=legal["action_no"], action="fold")
    done = await clients[prompted].wait_for(of_type("table_events"), start=mark)
    assert any(e["type"] == "Folded" for e in done["events"])
    for c in clients.values():
        await c.close()
