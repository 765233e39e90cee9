"""The lobby feed, chat, sitting out and in, and topping up between hands only."""

from __future__ import annotations

import asyncio

from roomharness import Client, of_type, register


async def test_lobby_feed_follows_seats_and_chat_reaches_the_table(server) -> None:
    watcher = await Client.connect(server.ws_url)
    await watcher.send(type="lobby_subscribe")
    lobby = await watcher.wait_for(of_type("lobby"))
    entry = next(t for t in lobby["tables"] if t["id"] == "capella")
    assert entry["taken"] == 0 and entry["min_buy_in"] == 10 * entry["stakes"]["big_bet"]
    assert entry["max_buy_in"] is None  # R-BUYIN-1: no maximum in limit games
    assert any(t["kind"] == "uth" and t["limits"]["ante_min"] > 0 for t in lobby["tables"])
    await watcher.send(type="observe", table="capella")
    player = await Client.connect(server.ws_url, token=await register(server, "petra"))
    await player.send(type="sit", table="capella", buy_in=entry["min_buy_in"])
    update = await watcher.wait_for(
        lambda m: m["type"] == "lobby_update" and m["table"]["id"] == "capella")
    assert update["table"]["taken"] == 1
    await player.send(type="chat", table="capella", text="hello table")
    said = await watcher.wait_for(of_type("chat"))
    assert said["name"] == "petra" and said["text"] == "hello table"
    for c in (watcher, player):
        await c.close()


async def test_R_BUYIN_4_top_up_between_hands_only_and_sit_out_in(server) -> None:
    """R-BUYIN-4: chips are added between hands, never during one, never above the maximum."""
    table = "antares-2"
    names = ("quinn", "rosa")
    clients = {n: await Client.connect(server.ws_url, token=await register(server, n))
               for n in names}
    for c in clients.values():
        await c.send(type="sit", table=table, buy_in=4_000)
        await c.wait_for(of_type("balance"))
    quinn = clients["quinn"]
    await quinn.wait_for(lambda m: m["type"] == "table_events" and m["view"]["hand"] is not None)
    await quinn.send(type="top_up", table=table, amount=1_000, ref="during")
    err = await quinn.wait_for(of_type("error", ref="during"))
    assert err["rule"] == "R-BUYIN-4"
    # Sit out: the current hand goes on (both fold or time out), no further hand for quinn.
    await quinn.send(type="sit_out", table=table)
    for _ in range(400):
        view = quinn.views[table]
        if view["hand"] is None and view["you"]["sitting_out"]:
            break
        for c in clients.values():
            legal = (c.views.get(table) or {}).get("legal")
            if legal:
                await c.send(type="act", table=table, hand=legal["hand"],
                             action_no=legal["action_no"], action="fold")
        await asyncio.sleep(0.05)
    view = quinn.views[table]
    assert view["you"]["sitting_out"]
    stack = next(s["stack"] for s in view["seats"] if s.get("is_you"))
    maximum = view["max_buy_in"]
    await quinn.send(type="top_up", table=table, amount=maximum - stack + 1, ref="over")
    assert (await quinn.wait_for(of_type("error", ref="over")))["rule"] == "R-BUYIN-4"
    mark = len(quinn.received)
    await quinn.send(type="top_up", table=table, amount=500, ref="ok")
    topped = await quinn.wait_for(lambda m: m["type"] == "table_events" and any(
        e["type"] == "ToppedUp" for e in m["events"]), start=mark)
    assert next(s["stack"] for s in topped["view"]["seats"] if s.get("is_you")) == stack + 500
    # The wallet shown follows: its balance after the top-up (as after the sit).
    before = [m["balance"] for m in quinn.received[:mark] if m["type"] == "balance"][-1]
    wallet = await quinn.wait_for(lambda m: m["type"] == "balance", start=mark)
    assert wallet["balance"] == before - 500
    await quinn.send(type="sit_in", table=table)
    back = await quinn.wait_for(lambda m: m["type"] == "table_events" and any(
        e["type"] == "SatIn" for e in m["events"]), start=mark)
    assert back["view"]["you"]["sitting_out"] is False
    # Auto-post off (wait for the big blind): no table event, the player's view says so.
    mark = len(quinn.received)
    await quinn.send(type="auto_post", table=table, on=False)
    await quinn.wait_for(lambda m: m["type"] == "table_view"
                         and m["view"]["you"]["auto_post"] is False, start=mark)
    for c in clients.values():
        await c.close()


async def test_waiting_list_offers_the_seat_that_opens(server) -> None:
    """A full table: the first player waiting is offered the seat someone leaves."""
    table = "deneb"  # six seats
    names = [f"sit{i}" for i in range(6)]
    clients = {n: await Client.connect(server.ws_url, token=await register(server, n))
               for n in names}
    for c in clients.values():
        await c.send(type="sit", table=table, buy_in=4_000, blind="wait")
        await c.wait_for(of_type("balance"))
    waiter = await Client.connect(server.ws_url, token=await register(server, "waiter"))
    await waiter.send(type="sit", table=table, buy_in=4_000, ref="full")
    assert (await waiter.wait_for(of_type("error", ref="full")))["code"] == "table_full"
    await waiter.send(type="wait_list", table=table)
    await waiter.wait_for(of_type("notice", code="wait_listed"))
    # Someone leaves (folding at once if dealt in); the seat goes to the waiter.
    await clients["sit0"].send(type="leave", table=table)
    for _ in range(600):
        if any(m.get("code") == "seat_available" for m in waiter.received):
            break
        for c in clients.values():
            legal = (c.views.get(table) or {}).get("legal")
            if legal:
                await c.send(type="act", table=table, hand=legal["hand"],
                             action_no=legal["action_no"], action="fold")
        await asyncio.sleep(0.05)
    offer = await waiter.wait_for(of_type("notice", code="seat_available"), timeout=1)
    assert offer["table"] == table and offer["expires_ms"] > 0
    await waiter.send(type="sit", table=table, buy_in=4_000)
    await waiter.wait_for(of_type("balance"))
    for c in [*clients.values(), waiter]:
        await c.close()
