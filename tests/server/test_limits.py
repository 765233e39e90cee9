"""Player protection on a real server: limits a player sets on themselves, enforced at
sit-down and at each hand; stricter at once, looser only after 24 hours; a cool-off or
self-exclusion blocks sitting and betting (poker and UTH)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from roomharness import Client, RunningServer, of_type, register

TABLE = "antares-1"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def put_limit(server: RunningServer, token: str, kind: str, value: int | None
                    ) -> Any:
    async with server.http() as http:
        return await http.put("/api/me/limits", json={"kind": kind, "value": value},
                              headers=bearer(token))


async def test_a_daily_loss_limit_stops_play_at_the_next_hand_and_at_sit_down(
        server: RunningServer) -> None:
    ann, ben = await register(server, "ann"), await register(server, "ben")
    # From no limit to 10,000 is stricter: at once; then lowered to 300: at once too.
    r = await put_limit(server, ann, "loss_day", 10_000)
    assert r.json()["limits"]["loss_day"]["value"] == 10_000
    r = await put_limit(server, ann, "loss_day", 300)
    assert r.json()["limits"]["loss_day"] == {"value": 300, "pending": None}
    # Raising it again waits 24 hours.
    r = await put_limit(server, ann, "loss_day", 5_000)
    limits = r.json()["limits"]["loss_day"]
    assert limits["value"] == 300 and limits["pending"]["value"] == 5_000
    assert limits["pending"]["effective_ms"] > time.time() * 1000 + 23.9 * 3600 * 1000
    bad = await put_limit(server, ann, "loss_year", 5)
    assert bad.status_code == 422 and bad.json()["detail"]["field"] == "kind"

    clients = {}
    for name, token in (("ann", ann), ("ben", ben)):
        c = await Client.connect(server.ws_url, token=token)
        await c.send(type="sit", table=TABLE, buy_in=10_000)
        await c.wait_for(of_type("balance"))
        clients[name] = c
    # ann folds every hand, ben raises: ann loses her blinds until the limit stops her.
    answered: set[tuple[str, int, int]] = set()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while not any(m["type"] == "notice" and m.get("code") == "limit_reached"
                  for m in clients["ann"].received):
        assert loop.time() < deadline, "the loss limit never stopped ann"
        for name, c in clients.items():
            legal = (c.views.get(TABLE) or {}).get("legal")
            if legal and not legal.get("after_hand"):
                key = (name, legal["hand"], legal["action_no"])
                if key in answered:
                    continue
                answered.add(key)
                msg = {"type": "act", "table": TABLE, "hand": legal["hand"],
                       "action_no": legal["action_no"]}
                if name == "ann":
                    msg["action"] = "fold" if legal["fold"] else "check"
                elif legal["raise"]:
                    msg.update(action="raise", amount=legal["raise"]["min"])
                else:
                    msg["action"] = "check" if legal["check"] else "call"
                await c.send(**msg)
        await asyncio.sleep(0.01)
    # The notice carries the limit's message and amounts for the client to word (no English
    # sentence for the player): the day's limit and what was lost, in chip units.
    notice = next(m for m in clients["ann"].received
                  if m["type"] == "notice" and m.get("code") == "limit_reached")
    assert notice["message"] == "limit_loss_day", notice
    assert notice["params"]["limit"] == 300 and notice["params"]["lost"] >= 300, notice
    # Not dealt in from this hand on: sat out.
    await clients["ann"].wait_for(lambda m: m["type"] in ("table_events", "table_view") and (
        m["view"].get("you") or {}).get("sitting_out") is True, timeout=15)
    async with server.http() as http:
        ann_id = (await http.get("/api/auth/me", headers=bearer(ann))).json()["account"]["id"]
    assert await server.app.state.room.limits.losses(ann_id, 0) >= 300
    # Sitting down again is refused too, naming the limit.
    await clients["ann"].send(type="leave", table=TABLE)
    await clients["ann"].wait_for(of_type("notice", code="left"))
    await clients["ann"].send(type="sit", table=TABLE, buy_in=5_000, ref="again")
    err = await clients["ann"].wait_for(of_type("error", ref="again"))
    assert err["code"] == "limit_reached" and err["rule"] == "loss_day"
    assert err["message"] == "limit_loss_day" and err["params"]["limit"] == 300, err
    for c in clients.values():
        await c.close()


async def test_self_exclusion_blocks_sitting_and_betting_and_cannot_be_shortened(
        server: RunningServer) -> None:
    cid = await register(server, "cleo")
    until = int(time.time() * 1000) + 3600_000
    r = await put_limit(server, cid, "exclusion_until", until)
    assert r.status_code == 200
    blocked = r.json()["blocked"]
    assert blocked["kind"] == "exclusion_until" and blocked["message"] == "limit_exclusion"
    assert blocked["params"] == {"until": until}, blocked
    shorter = await put_limit(server, cid, "exclusion_until", until - 60_000)
    assert shorter.status_code == 422
    c = await Client.connect(server.ws_url, token=cid)
    await c.send(type="sit", table=TABLE, buy_in=10_000, ref="poker")
    err = await c.wait_for(of_type("error", ref="poker"))
    assert err["code"] == "limit_reached" and err["rule"] == "exclusion_until"
    assert err["message"] == "limit_exclusion" and err["params"] == {"until": until}, err
    async with server.http() as http:
        wallet = (await http.get("/api/wallet", headers=bearer(cid))).json()["balance"]
    # UTH: betting refused too (the seat is taken before the first bet at a UTH table).
    await c.send(type="sit", table="izar-1", ref="uth")
    err = await c.wait_for(of_type("error", ref="uth"))
    assert err["code"] == "limit_reached"
    async with server.http() as http:
        assert (await http.get("/api/wallet", headers=bearer(cid))).json()["balance"] == wallet
    await c.close()


async def test_a_session_length_limit_sends_a_reminder_at_the_next_hand(
        server: RunningServer) -> None:
    dan, eve = await register(server, "dana"), await register(server, "evey")
    assert (await put_limit(server, dan, "session_minutes", 30)).status_code == 200
    clients = {}
    for name, token in (("dana", dan), ("evey", eve)):
        c = await Client.connect(server.ws_url, token=token)
        await c.send(type="sit", table=TABLE, buy_in=10_000)
        await c.wait_for(of_type("balance"))
        clients[name] = c
    async with server.http() as http:
        dan_id = (await http.get("/api/auth/me", headers=bearer(dan))).json()["account"]["id"]
    # The session began 31 minutes ago: the next hand reminds her.
    runner = server.app.state.room.lobby.runner(TABLE)
    runner.services.session_start[dan_id] = int(time.time() * 1000) - 31 * 60_000
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    answered: set[tuple[str, int, int]] = set()
    while not any(m.get("code") == "session_reminder" for m in clients["dana"].received):
        assert loop.time() < deadline, "no reminder"
        for name, c in clients.items():  # hands end fast: whoever is to act folds
            legal = (c.views.get(TABLE) or {}).get("legal")
            if legal and not legal.get("after_hand") and (
                    name, legal["hand"], legal["action_no"]) not in answered:
                answered.add((name, legal["hand"], legal["action_no"]))
                await c.send(type="act", table=TABLE, hand=legal["hand"],
                             action_no=legal["action_no"],
                             action="check" if legal["check"] else "fold")
        await asyncio.sleep(0.02)
    note = await clients["dana"].wait_for(of_type("notice", code="session_reminder"))
    assert "30 minutes" in note["text"]
    assert note["message"] == "session_reminder" and note["params"] == {"minutes": 30}, note
    assert not any(m.get("code") == "session_reminder" for m in clients["evey"].received)
    for c in clients.values():
        await c.close()
