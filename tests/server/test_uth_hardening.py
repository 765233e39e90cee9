"""UTH tables that mislead or stall (issue 12, items 3-5), over real WebSockets.

A new player saw the previous player's settled round as their own; an Ante the wallet could
place but not back with a Play bet was accepted, then every Play was refused; an abandoned
seat held its place and made every round wait out the betting clock.
"""

from __future__ import annotations

from typing import Any

from roomharness import Client, of_type, register

TABLE = "izar-1"


def uth_view(client: Client, start: int = 0, **want: Any) -> Any:
    def match(m: dict[str, Any]) -> bool:
        return m["type"] == "uth_view" and all(m["view"].get(k) == v for k, v in want.items())
    return client.wait_for(match, start=start)


async def play_round(client: Client, ante: int = 100) -> dict[str, Any]:
    """Bet, then check/fold every decision; returns the settled view."""
    mark = len(client.received)
    await client.send(type="uth_bet", table=TABLE, ante=ante, trips=0)
    decided: set[tuple[int, str]] = set()
    while True:
        msg = await client.wait_for(lambda m: m["type"] == "uth_view" and (
            m["view"]["phase"] == "settled" or m["view"]["legal"]), start=mark)
        mark = client.received.index(msg) + 1
        view = msg["view"]
        if view["phase"] == "settled":
            return view
        legal = view["legal"]
        key = (legal["round"], view["phase"])
        if key in decided:
            continue
        decided.add(key)
        choice = "check" if "check" in legal["decisions"] else "fold"
        await client.send(type="uth_decide", table=TABLE, round=legal["round"], decision=choice)


async def test_U_TABLE_1_a_new_player_never_sees_the_previous_players_round(server) -> None:
    ann = await Client.connect(server.ws_url, token=await register(server, "ann"))
    await ann.send(type="sit", table=TABLE, seat=2)
    await uth_view(ann)
    settled = await play_round(ann)
    mine = next(s for s in settled["seats"] if s["is_you"])
    assert mine["result"] is not None and mine["last"]
    await ann.send(type="leave", table=TABLE)
    await ann.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["seats"][2]["name"] is None)
    bob = await Client.connect(server.ws_url, token=await register(server, "bob"))
    mark = len(bob.received)
    await bob.send(type="sit", table=TABLE, seat=2)
    view = (await bob.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["you"],
                               start=mark))["view"]
    seat = view["seats"][2]
    assert seat["is_you"] and seat["name"] == "bob"
    assert seat["cards"] == [] and seat["result"] is None and "last" not in seat, seat
    await ann.close()
    await bob.close()


async def test_U_BET_1_an_ante_the_wallet_cannot_back_with_a_play_is_refused_when_bet(server) -> None:
    token = await register(server, "cleo")
    cleo = await Client.connect(server.ws_url, token=token)
    # Leave 20,000 in the wallet: a limit table has no maximum buy-in.
    start = server.settings.starting_balance
    await cleo.send(type="sit", table="capella", buy_in=start - 20_000)
    await cleo.wait_for(of_type("balance", balance=20_000))
    await cleo.send(type="sit", table=TABLE)
    await uth_view(cleo)
    # Ante 7,500 + Blind 7,500 + Trips 5,000 = 20,000 fit, but not the Play of 7,500 more.
    await cleo.send(type="uth_bet", table=TABLE, ante=7_500, trips=5_000, ref="big")
    error = await cleo.wait_for(of_type("error", ref="big"))
    assert error["code"] == "insufficient_funds" and error["rule"] == "U-BET-1"
    async with server.http() as http:
        r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
        assert r.json()["balance"] == 20_000  # nothing staked
    await cleo.close()


async def test_U_BET_1_a_play_the_wallet_cannot_pay_is_never_offered(server) -> None:
    """The wallet is drained elsewhere after the bet: the decision offers no Play it cannot
    pay, and the hint never names one."""
    token = await register(server, "dora")
    dora = await Client.connect(server.ws_url, token=token)
    eve = await Client.connect(server.ws_url, token=await register(server, "eve"))
    await eve.send(type="sit", table=TABLE, seat=0)  # seated, not betting: a betting clock runs
    await uth_view(eve)
    await dora.send(type="sit", table=TABLE, seat=1)
    await uth_view(dora)
    mark = len(dora.received)
    await dora.send(type="uth_bet", table=TABLE, ante=1_000, trips=0)
    await dora.wait_for(of_type("balance"), start=mark)
    # Before the deal, 1,500 are left: a Play of 1x (1,000) is payable, 3x and 4x are not.
    start = server.settings.starting_balance
    mark = len(dora.received)
    await dora.send(type="sit", table="capella", buy_in=start - 2_000 - 1_500)
    await dora.wait_for(of_type("balance", balance=1_500), start=mark)
    msg = await dora.wait_for(lambda m: m["type"] == "uth_view" and m["view"]["legal"],
                              start=mark, timeout=15)
    legal = msg["view"]["legal"]
    assert "play4" not in legal["decisions"] and "play3" not in legal["decisions"], legal
    assert "check" in legal["decisions"]
    assert legal["hint"] in legal["decisions"] or legal["hint"] is None
    await dora.close()
    await eve.close()


async def test_U_TABLE_1_an_abandoned_seat_holds_up_no_deal_and_is_freed(server) -> None:
    fay = await Client.connect(server.ws_url, token=await register(server, "fay"))
    gus = await Client.connect(server.ws_url, token=await register(server, "gus"))
    await gus.send(type="sit", table=TABLE, seat=3)
    await uth_view(gus)
    await fay.send(type="sit", table=TABLE, seat=4)
    await uth_view(fay)
    await gus.close()  # gus goes away without leaving
    for _ in range(3):
        mark = len(fay.received)
        await fay.send(type="uth_bet", table=TABLE, ante=100, trips=0)
        # Dealt at once: the next view is a round in play, not a betting clock waiting for gus.
        view = (await fay.wait_for(lambda m: m["type"] == "uth_view" and (
            m["view"]["phase"] != "betting" or m["view"]["clock"]), start=mark))["view"]
        assert view["phase"] != "betting", "the deal waited for a player who is gone"
        await play_round_after_bet(fay, mark)
    view = fay.views[TABLE]
    assert view["seats"][3]["name"] is None, "the abandoned seat was not freed"
    await fay.close()


async def play_round_after_bet(client: Client, mark: int) -> None:
    decided: set[str] = set()
    while True:
        msg = await client.wait_for(lambda m: m["type"] == "uth_view" and (
            m["view"]["phase"] == "settled" or m["view"]["legal"]), start=mark)
        mark = client.received.index(msg) + 1
        view = msg["view"]
        if view["phase"] == "settled":
            return
        legal = view["legal"]
        if view["phase"] in decided:
            continue
        decided.add(view["phase"])
        choice = "check" if "check" in legal["decisions"] else "fold"
        await client.send(type="uth_decide", table=TABLE, round=legal["round"], decision=choice)
