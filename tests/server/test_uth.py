"""Ultimate Texas Hold'em over the WebSocket: bets from the wallet, decisions, settlement."""

from __future__ import annotations

import asyncio

from roomharness import Client, of_type, register


async def wallet(server, token: str) -> int:
    async with server.http() as http:
        r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
        return int(r.json()["balance"])


async def test_U_PAY_1_rounds_settle_into_the_wallet_with_hints_and_limits(server) -> None:
    """U-PAY-1: every round's net (as shown) moves exactly between the wallet and the bank."""
    table = "izar-1"
    token = await register(server, "ulla")
    start = await wallet(server, token)
    client = await Client.connect(server.ws_url, token=token)
    await client.send(type="hello")
    await client.send(type="sit", table=table)
    view = (await client.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["you"]))["view"]
    assert view["phase"] == "betting" and view["paytables"]["blind"][0][1] == "500:1"
    # U-BET-2: an Ante below the table minimum is refused with the rule, nothing staked.
    await client.send(type="uth_bet", table=table, ante=view["limits"]["ante_min"] - 1,
                      trips=0, ref="low")
    err = await client.wait_for(of_type("error", ref="low"))
    assert err["rule"] == "U-BET-2"
    assert await wallet(server, token) == start
    nets = []
    for n in range(3):
        ante, trips = 100, 50 if n % 2 == 0 else 0
        mark = len(client.received)
        await client.send(type="uth_bet", table=table, ante=ante, trips=trips)
        while True:
            # The hint comes in a second view, right after the decision point.
            msg = await client.wait_for(
                lambda m: m["type"] == "uth_view" and (
                    (m["view"]["legal"] and m["view"]["legal"]["hint"])
                    or m["view"]["phase"] == "settled"), start=mark)
            mark = client.received.index(msg) + 1
            v = msg["view"]
            if v["phase"] == "settled":
                me = next(s for s in v["seats"] if s["is_you"])
                nets.append(me["result"]["net"])
                assert v["dealer"][0] is not None and None not in v["board"]
                break
            legal = v["legal"]
            assert legal["hint"] in legal["decisions"]
            # Hidden until the showdown: the dealer's cards and the unturned board.
            assert v["dealer"] == [None, None]
            await client.send(type="uth_decide", table=table, round=legal["round"],
                              decision=legal["hint"])
    await asyncio.sleep(0.2)
    assert await wallet(server, token) == start + sum(nets)
    await client.close()
