"""Live play over real WebSockets: sit, act on the legal actions, hands settle in the ledger."""

from __future__ import annotations

import asyncio
import random

from roomharness import Client, of_type, play_until, register


async def test_two_players_play_hands_and_the_ledger_follows(server) -> None:
    table = "antares-1"
    tokens = {name: await register(server, name) for name in ("alice", "bobby")}
    clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
    for n, c in clients.items():
        await c.send(type="hello")
        await c.wait_for(of_type("welcome"))
        await c.send(type="sit", table=table, buy_in=10_000, ref=f"sit-{n}")
        await c.wait_for(of_type("balance"))
    await play_until(clients, table, hands=3, rng=random.Random(1))
    alice = clients["alice"]
    results = [m for m in alice.received if m["type"] == "hand_result"]
    for result in results:
        assert sum(w["amount"] for w in result["winners"]) + result["rake"] > 0
    # Versions increase by one per event, with no gap, on every client.
    for client in clients.values():
        versions = [e["version"] for m in client.received if m["type"] == "table_events"
                    for e in m["events"]]
        assert versions == list(range(versions[0], versions[0] + len(versions)))
    # A stale action (an old action number) is refused with a reason.
    await alice.send(type="act", table=table, hand=results[0]["hand"], action_no=0,
                     action="fold", ref="stale")
    err = await alice.wait_for(of_type("error", ref="stale"))
    assert err["code"] == "stale_action"
    # Leaving returns the stack to the wallet: wallet + stacks = what both were given.
    for c in clients.values():
        await c.send(type="leave", table=table)
    for c in clients.values():
        await c.wait_for(of_type("notice", code="left"), timeout=30)
    async with server.http() as http:
        total = 0
        for token in tokens.values():
            r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
            total += r.json()["balance"]
    rake = sum(m["rake"] for m in results)
    assert total + rake == 2 * server.settings.starting_balance
    for c in clients.values():
        await c.close()


async def test_leaving_mid_hand_folds_at_once_and_cashes_out_at_hand_end(server) -> None:
    table = "deneb"
    tokens = {name: await register(server, name) for name in ("alice", "bobby")}
    clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
    for c in clients.values():
        await c.send(type="sit", table=table, buy_in=10_000)
        await c.wait_for(of_type("balance"))
    # Wait until bobby is to act in a hand alice is dealt into; then alice leaves.
    answered = set()
    while not (clients["bobby"].views.get(table) or {}).get("legal"):
        mine = (clients["alice"].views.get(table) or {}).get("legal")
        if mine and (mine["hand"], mine["action_no"]) not in answered:
            answered.add((mine["hand"], mine["action_no"]))
            await clients["alice"].send(type="act", table=table, hand=mine["hand"],
                                        action_no=mine["action_no"],
                                        action="check" if mine["check"] else "call")
        await asyncio.sleep(0.01)
    legal = clients["bobby"].views[table]["legal"]
    await clients["alice"].send(type="leave", table=table)
    await asyncio.sleep(0.05)
    loop = asyncio.get_running_loop()
    started = loop.time()
    bobby = clients["bobby"]
    done = of_type("hand_result", hand=legal["hand"])
    while not any(done(m) for m in bobby.received):
        prompt = (bobby.views.get(table) or {}).get("legal")
        if prompt and (prompt["hand"], prompt["action_no"]) not in answered:
            answered.add((prompt["hand"], prompt["action_no"]))
            await bobby.send(type="act", table=table, hand=prompt["hand"],
                             action_no=prompt["action_no"],
                             action="check" if prompt["check"] else "call")
        await asyncio.sleep(0.01)
        assert loop.time() - started < 30
    result = next(m for m in bobby.received if done(m))
    # Faster than the 5 s action clock: alice's turns were taken for her at once.
    assert loop.time() - started < server.settings.action_seconds
    await clients["alice"].wait_for(of_type("notice", code="left"))
    async with server.http() as http:
        total = 0
        for token in tokens.values():
            r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
            total += r.json()["balance"]
    bobby_stack = result["stacks"].get(str(clients["bobby"].views[table]["you"]["seat"]))
    assert total + bobby_stack + result["rake"] == 2 * server.settings.starting_balance
    for c in clients.values():
        await c.close()
