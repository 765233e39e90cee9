"""Abuse over real sockets (issue 12, items 12, 18-20): each attack as a regression test."""

from __future__ import annotations

from roomharness import Client, of_type, register


async def test_R_BUYIN_2_a_buy_in_over_the_maximum_moves_no_chip(server) -> None:
    """R-BUYIN-2: refused before any chip moves (it used to move, then come back)."""
    token = await register(server, "olga")
    client = await Client.connect(server.ws_url, token=token)
    await client.send(type="sit", table="antares-1", buy_in=50_000, ref="big")
    error = await client.wait_for(of_type("error", ref="big"))
    assert error["code"] == "bad_buy_in" and error["rule"] == "R-BUYIN-2"
    async with server.http() as http:
        r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
        assert [e["kind"] for e in r.json()["entries"]] == ["deposit"]  # no buy-in, no refund
    await client.close()


async def test_chat_only_where_one_sits_or_watches_and_rate_limited(server) -> None:
    client = await Client.connect(server.ws_url, token=await register(server, "pia"))
    await client.send(type="chat", table="antares-1", text="spam from afar", ref="far")
    assert (await client.wait_for(of_type("error", ref="far")))["code"] == "not_at_table"
    await client.send(type="observe", table="antares-1")
    await client.wait_for(of_type("table_view"))
    for i in range(8):
        await client.send(type="chat", table="antares-1", text=f"line {i}", ref=f"c{i}")
    await client.wait_for(of_type("error", ref="c7"))
    lines = [m for m in client.received if m["type"] == "chat"]
    refused = [m for m in client.received if m["type"] == "error" and m["code"] == "rate_limited"]
    assert len(lines) == 5 and len(refused) == 3
    await client.close()


async def test_a_hello_pays_for_every_table_it_names(server) -> None:
    client = await Client.connect(server.ws_url)
    names = {f"t{i}": 1 for i in range(32)}
    await client.send(type="hello", last_versions=names, ref="h1")
    await client.wait_for(of_type("welcome"))
    await client.send(type="hello", last_versions=names, ref="h2")
    error = await client.wait_for(of_type("error", ref="h2"))
    assert error["code"] == "rate_limited"
    await client.close()


async def test_a_client_far_behind_gets_one_full_view_not_a_long_replay(server) -> None:
    import random

    from roomharness import play_until

    table = "antares-1"
    clients = {n: await Client.connect(server.ws_url, token=await register(server, n))
               for n in ("quinn", "rosa")}
    for c in clients.values():
        await c.send(type="sit", table=table, buy_in=10_000)
        await c.wait_for(of_type("balance"))
    first = next(m for m in clients["quinn"].received if m["type"] == "table_events")
    since = first["version"]
    await play_until(clients, table, hands=12, rng=random.Random(3))
    behind = sum(len(m["events"]) for m in clients["quinn"].received
                 if m["type"] == "table_events" and m["from_version"] > since)
    assert behind > 100
    late = await Client.connect(server.ws_url)
    await late.send(type="hello", last_versions={table: since})
    answer = await late.wait_for(lambda m: m.get("table") == table)
    assert answer["type"] == "table_view", f"replayed {len(answer.get('events', []))} events"
    near = await Client.connect(server.ws_url)
    await near.send(type="hello", last_versions={table: answer["version"] - 2})
    answer = await near.wait_for(lambda m: m.get("table") == table)
    assert answer["type"] == "table_events" and len(answer["events"]) == 2
    for c in (*clients.values(), late, near):
        await c.close()
