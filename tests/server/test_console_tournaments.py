"""Tournaments from the operator's console (issue 16): create one (kept in the database, there
again after a restart) and cancel it, through its director, with R-TOURN-12's money: before
the start every entry (buy-in and fee) is refunded, once running the pool not yet paid goes to
the players left. Each action is in the operator log, the cancel in the same transaction as
the money it moved, and the audit stays clean. No god mode: the console sees summaries only."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from roomharness import (
    Client,
    RunningServer,
    make_settings,
    register,
    start_server,
    stop_server,
)
from test_console import bearer, grant

from pokerroom.cli.audit import audit_url

SNG = {"name": "Friday Duel", "game": "holdem", "betting": "no-limit", "seats": 2,
       "min_entrants": 2, "max_entrants": 2, "buy_in": 1000, "fee": 100,
       "starting_chips": 1500, "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 30}]}


async def wallet(server: RunningServer, token: str) -> int:
    async with server.http() as http:
        return int((await http.get("/api/wallet", headers=bearer(token))).json()["balance"])


async def status_of(server: RunningServer, tid: str, wanted: str) -> dict[str, Any]:
    for _ in range(200):
        listing = {t["id"]: t for t in server.app.state.room.tournaments.listing()}
        if listing.get(tid, {}).get("status") == wanted:
            return listing[tid]
        await asyncio.sleep(0.05)
    raise AssertionError(f"{tid} never {wanted}: {listing.get(tid)}")


async def enter(server: RunningServer, tokens: dict[str, str], tid: str) -> list[Client]:
    clients = []
    for token in tokens.values():
        client = await Client.connect(server.ws_url, token=token)
        await client.send(type="tournament_register", tournament=tid)
        clients.append(client)
    return clients


async def test_create_then_cancel_before_the_start_refunds_every_entry(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    server = await start_server(settings)
    try:
        boss = await register(server, "boss")
        await grant(server, "boss")
        async with server.http() as http:
            bad = await http.post("/api/admin/tournaments", headers=bearer(boss),
                                  json={**SNG, "levels": []})
            assert bad.status_code == 422  # refused, naming what is wrong; nothing created
            bad = await http.post("/api/admin/tournaments", headers=bearer(boss),
                                  json={**SNG, "name": "sng6"})
            assert bad.status_code == 422 and "room file" in bad.json()["detail"]["reason"]
            r = await http.post("/api/admin/tournaments", headers=bearer(boss),
                                json={**SNG, "min_entrants": 3, "max_entrants": 3})
            assert r.status_code == 201, r.text
            tid = r.json()["tournament"]
            assert tid == "friday-duel-1"
            public = (await http.get("/api/tournaments")).json()["tournaments"]
            assert any(t["id"] == tid for t in public)  # players see it at once
    finally:
        await stop_server(server)
    server = await start_server(settings)  # kept in the database: there after a restart
    try:
        await status_of(server, tid, "registering")
        tokens = {n: await register(server, n) for n in ("ann", "bob")}
        before = {n: await wallet(server, t) for n, t in tokens.items()}
        clients = await enter(server, tokens, tid)
        await status_of(server, tid, "registering")
        for _ in range(100):  # both registered: buy-in and fee paid
            if [await wallet(server, t) for t in tokens.values()] == [
                    before[n] - 1100 for n in tokens]:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the entries were not paid")
        boss = (await server.app.state.room.accounts.login("boss", "correct horse battery",
                                                            ip="")).token
        async with server.http() as http:
            r = await http.post(f"/api/admin/tournaments/{tid}/cancel", headers=bearer(boss),
                                json={"reason": "not enough players"})
            assert r.status_code == 200, r.text
            assert (r.json()["before"], r.json()["after"]) == ("registering", "cancelled")
            for name, token in tokens.items():
                assert await wallet(server, token) == before[name]  # buy-in and fee back
            again = await http.post(f"/api/admin/tournaments/{tid}/cancel",
                                    headers=bearer(boss), json={"reason": "twice"})
            assert again.status_code in (404, 409)  # gone, or refused naming R-TOURN-12
            log = (await http.get("/api/admin/log", headers=bearer(boss))).json()["entries"]
        actions = {(e["action"], e["target"]): e for e in log}
        assert ("create_tournament", f"tournament:{tid}") in actions
        cancel = actions[("cancel_tournament", f"tournament:{tid}")]
        assert cancel["before"] == {"status": "registering"}
        assert cancel["reason"] == "not enough players"
        assert sorted(amount for _, amount in cancel["after"]["payouts"]) == [1100, 1100]
        for client in clients:
            await client.close()
    finally:
        await stop_server(server)
    ok, text = await audit_url(settings.database_url)
    assert ok, text


async def test_cancel_a_running_tournament_pays_the_pool_by_R_TOURN_12(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, action_seconds=60.0)
    server = await start_server(settings)
    try:
        boss = await register(server, "boss")
        await grant(server, "boss")
        async with server.http() as http:
            r = await http.post("/api/admin/tournaments", headers=bearer(boss), json=SNG)
            tid = r.json()["tournament"]
        tokens = {n: await register(server, n) for n in ("cat", "dan")}
        before = {n: await wallet(server, t) for n, t in tokens.items()}
        clients = await enter(server, tokens, tid)
        await status_of(server, tid, "running")  # full: a sit & go starts
        async with server.http() as http:
            r = await http.post(f"/api/admin/tournaments/{tid}/cancel", headers=bearer(boss),
                                json={"reason": "server maintenance"})
            assert r.status_code == 200, r.text
            assert (r.json()["before"], r.json()["after"]) == ("running", "cancelled")
            payouts = dict((e, a) for e, a in r.json()["payouts"])
        # The whole pool (2 x 1000) goes back to the two players left, by chips (each still
        # has the 1500 of the start: the hand in play is void); the fees stay with the house.
        assert sum(payouts.values()) == 2000
        after = {n: await wallet(server, t) for n, t in tokens.items()}
        assert sum(after.values()) - sum(before.values()) == -200
        for client in clients:
            await client.close()
    finally:
        await stop_server(server)
    ok, text = await audit_url(settings.database_url)
    assert ok, text
