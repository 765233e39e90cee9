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
