"""The operator's console on a real server: the role is checked on every request (403), no
god mode (no hole card of a hand in progress in any console response or page), and every
action lands in the append-only operator log, which the audit covers."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from roomharness import (
    PASSWORD,
    Client,
    RunningServer,
    make_settings,
    of_type,
    register,
    start_server,
    stop_server,
)
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from typer.testing import CliRunner

from pokerroom.cli import app

TABLE = "antares-1"
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")

# Every console request: (method, path, body).
CONSOLE = [
    ("GET", "/api/admin/me", None), ("GET", "/api/admin/tables", None),
    ("POST", f"/api/admin/tables/{TABLE}/pause", {"reason": "x"}),
    ("POST", f"/api/admin/tables/{TABLE}/open", {"reason": "x"}),
    ("POST", f"/api/admin/tables/{TABLE}/close", {"reason": "x"}),
    ("POST", "/api/admin/tables", {"name": "Zeta", "game": "holdem", "betting": "no-limit",
                                   "seats": 6, "small_blind": 50, "big_blind": 100}),
    ("GET", "/api/admin/accounts?q=a", None), ("GET", "/api/admin/accounts/1", None),
    ("POST", "/api/admin/accounts/1/lock", {"reason": "x"}),
    ("POST", "/api/admin/accounts/1/unlock", {"reason": "x"}),
    ("POST", "/api/admin/accounts/1/credit", {"amount": 5, "reason": "x"}),
    ("POST", "/api/admin/accounts/1/debit", {"amount": 5, "reason": "x"}),
    ("POST", "/api/admin/accounts/1/reset-link", None), ("POST", "/api/admin/audit", None),
    ("POST", "/api/admin/broadcast", {"text": "hi"}), ("GET", "/api/admin/log", None),
    ("GET", "/api/admin/tournaments", None),
    ("POST", "/api/admin/tournaments", {
        "name": "Friday", "game": "holdem", "betting": "no-limit", "seats": 6,
        "min_entrants": 2, "max_entrants": 6, "buy_in": 100, "fee": 10, "starting_chips": 1500,
        "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 5}]}),
    ("POST", "/api/admin/tournaments/sng6-1/cancel", {"reason": "x"}),
]  # fmt: skip


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def grant(server: RunningServer, name: str, on: bool = True) -> None:
    verb = "grant-operator" if on else "revoke-operator"
    out = await asyncio.to_thread(CliRunner().invoke, app, [
        "admin", verb, name, "--database", server.settings.database_url])
    assert out.exit_code == 0, out.output


async def test_console_requests_without_the_operator_role_are_refused(
        server: RunningServer) -> None:
    player = await register(server, "nick")
    async with server.http() as http:
        for method, path, body in CONSOLE:
            r = await http.request(method, path, json=body, headers=bearer(player))
            assert r.status_code == 403, (method, path, r.text)
            r = await http.request(method, path, json=body)
            assert r.status_code == 401, (method, path, r.text)
        # The role is read on every request: granted, then revoked, the same session.
        await grant(server, "nick")
        assert (await http.get("/api/admin/me", headers=bearer(player))).status_code == 200
        await grant(server, "nick", on=False)
        assert (await http.get("/api/admin/me", headers=bearer(player))).status_code == 403
        # Nothing the refused requests asked for happened.
        assert server.app.state.room.lobby.runner(TABLE).status == "open"
        assert not server.app.state.room.lobby.has("zeta")
        listing = {t["id"]: t for t in server.app.state.room.tournaments.listing()}
        assert listing["sng6-1"]["status"] == "registering" and "friday-1" not in listing


def hole_cards(client: Client) -> set[str]:
    return {c for m in client.received if m["type"] == "table_events"
            for e in m["events"] if e["type"] == "HoleCardsDealt" for c in e["cards"] if c}


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(set(), *(cards_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(cards_in(v) for v in value))
    return set()


async def seat(server: RunningServer, names: tuple[str, ...]) -> dict[str, tuple[str, Client]]:
    out = {}
    for name in names:
        token = await register(server, name)
        c = await Client.connect(server.ws_url, token=token)
        await c.send(type="sit", table=TABLE, buy_in=10_000)
        await c.wait_for(of_type("balance"))
        out[name] = (token, c)
    return out


async def test_no_god_mode_and_every_action_in_the_operator_log(tmp_path: Path) -> None:
    # A short action clock: nobody acts, so hands end by timeouts.
    server = await start_server(make_settings(tmp_path, between_hands_seconds=0.3,
                                              action_seconds=2.0))
    try:
        await _console_session(server)
    finally:
        await stop_server(server)
    # Tables added from the console survive a restart.
    server = await start_server(make_settings(tmp_path, between_hands_seconds=0.3,
                                              port=server.settings.port))
    try:
        async with server.http() as http:
            tables = {t["id"]: t for t in (await http.get("/api/lobby")).json()["tables"]}
        assert "zeta" in tables and tables["zeta"]["stakes"]["big_blind"] == 100
    finally:
        await stop_server(server)


async def _console_session(server: RunningServer) -> None:
    op = await register(server, "olga")
    await grant(server, "olga")
    players = await seat(server, ("pia", "pam"))
    ids = {}
    async with server.http() as http:
        for name, (token, _) in players.items():
            ids[name] = (await http.get("/api/auth/me", headers=bearer(token))).json()["account"]["id"]
        # A hand in progress: every console response, and the page, carries no hole card.
        pia = players["pia"][1]
        await pia.wait_for(lambda m: m["type"] == "table_events" and any(
            e["type"] == "HoleCardsDealt" and all(e["cards"]) for e in m["events"]))
        hidden = hole_cards(pia) | hole_cards(players["pam"][1])
        assert len(hidden) >= 4
        responses = []
        for method, path in [("GET", "/api/admin/tables"), ("GET", f"/api/admin/accounts/{ids['pia']}"),
                             ("GET", "/api/admin/accounts?q=p"), ("GET", "/api/admin/log"),
                             ("GET", "/admin"), ("GET", "/js/admin.js")]:
            r = await http.request(method, path, headers=bearer(op))
            assert r.status_code == 200, (path, r.text)
            responses.append(r.text)
        tables = json.loads(responses[0])["tables"]
        live = next(t for t in tables if t["id"] == TABLE)
        assert live["view"]["hand"] is not None  # the hand is in progress, seen as observed
        board = set(x for x in live["view"].get("board", []) if x)
        for body in responses:
            try:
                found = cards_in(json.loads(body))
            except ValueError:
                found = {c for c in hidden if f'"{c}"' in body}
            assert not (found & hidden) - board, found
        # Pause after the hand; no new hand while paused; open again.
        r = await http.post(f"/api/admin/tables/{TABLE}/pause", json={"reason": "maintenance"},
                            headers=bearer(op))
        assert r.json() == {"table": TABLE, "before": "open", "after": "paused"}
        # Players at the table are told, with the status for their client to word.
        await pia.wait_for(of_type("notice", code="table_status", status="paused"))
        # Credit twice with one key: one transaction; a debit; a debit too large refused.
        before = (await http.get(f"/api/admin/accounts/{ids['pam']}", headers=bearer(op))).json()
        body = {"amount": 700, "reason": "goodwill", "key": "gw-1"}
        first = await http.post(f"/api/admin/accounts/{ids['pam']}/credit", json=body,
                                headers=bearer(op))
        again = await http.post(f"/api/admin/accounts/{ids['pam']}/credit", json=body,
                                headers=bearer(op))
        assert first.json()["replayed"] is False and again.json()["replayed"] is True
        assert again.json()["account"]["balance"] == before["account"]["balance"] + 700
        r = await http.post(f"/api/admin/accounts/{ids['pam']}/debit",
                            json={"amount": 200, "reason": "correction"}, headers=bearer(op))
        assert r.json()["account"]["balance"] == before["account"]["balance"] + 500
        r = await http.post(f"/api/admin/accounts/{ids['pam']}/debit",
                            json={"amount": 10**11, "reason": "too much"}, headers=bearer(op))
        assert r.status_code == 409
        r = await http.post(f"/api/admin/accounts/{ids['pam']}/credit",
                            json={"amount": 5, "reason": " "}, headers=bearer(op))
        assert r.status_code == 422 and r.json()["detail"]["field"] == "reason"
        # Broadcast to the table.
        r = await http.post("/api/admin/broadcast", json={"text": "Back in five", "table": TABLE},
                            headers=bearer(op))
        assert r.json()["reached"] >= 2
        await pia.wait_for(of_type("notice", code="broadcast", text="Back in five"))
        # Lock: the session ends, login is refused; unlock: login works again.
        nick = await register(server, "nick")
        nick_id = (await http.get("/api/auth/me", headers=bearer(nick))).json()["account"]["id"]
        r = await http.post(f"/api/admin/accounts/{nick_id}/lock", json={"reason": "fraud check"},
                            headers=bearer(op))
        assert r.json()["account"]["locked"] is True
        assert (await http.get("/api/auth/me", headers=bearer(nick))).status_code == 401
        r = await http.post("/api/auth/login", json={"username": "nick", "password": PASSWORD})
        assert r.status_code == 403 and r.json()["detail"]["code"] == "account_locked"
        await http.post(f"/api/admin/accounts/{nick_id}/unlock", json={"reason": "cleared"},
                        headers=bearer(op))
        r = await http.post("/api/auth/login", json={"username": "nick", "password": PASSWORD})
        assert r.status_code == 200
        # A password reset link, used once.
        r = await http.post(f"/api/admin/accounts/{nick_id}/reset-link", headers=bearer(op))
        token = r.json()["link"].rsplit("/", 1)[1]
        new = "a brand new secret 42"
        assert (await http.post("/api/auth/reset", json={"token": token, "password": new})
                ).status_code == 200
        assert (await http.post("/api/auth/reset", json={"token": token, "password": new})
                ).status_code == 422
        assert (await http.post("/api/auth/login", json={"username": "nick", "password": new})
                ).status_code == 200
        # Add a table from the form; a bad one is refused naming the problem.
        r = await http.post("/api/admin/tables", headers=bearer(op), json={
            "name": "Zeta", "game": "holdem", "betting": "no-limit", "seats": 6,
            "small_blind": 50, "big_blind": 100})
        assert r.status_code == 201, r.text
        r = await http.post("/api/admin/tables", headers=bearer(op), json={
            "name": "Eta", "game": "chess", "betting": "no-limit", "seats": 6,
            "small_blind": 50, "big_blind": 100})
        assert r.status_code == 422
        # The paused table dealt no new hand; open it, then close it: players cashed out.
        runner = server.app.state.room.lobby.runner(TABLE)
        for _ in range(400):
            if runner.run is None:
                break
            await asyncio.sleep(0.05)
        assert runner.run is None
        number = runner.table.hands_played
        await asyncio.sleep(1.0)
        assert runner.table.hands_played == number
        await http.post(f"/api/admin/tables/{TABLE}/open", json={"reason": "done"},
                        headers=bearer(op))
        for _, c in players.values():  # the clock sat them out after their timeouts
            await c.send(type="sit_in", table=TABLE)
        for _ in range(400):
            if runner.table.hands_played > number:
                break
            await asyncio.sleep(0.05)
        assert runner.table.hands_played > number
        r = await http.post(f"/api/admin/tables/{TABLE}/close", json={"reason": "end of day"},
                            headers=bearer(op))
        assert r.json()["after"] == "closed"
        # Cashed out once the hand in play is over: no chip of theirs is left at the table.
        cashier = server.app.state.room.cashier
        for _ in range(300):
            left = [e for e in await cashier.escrows() if e[0] == TABLE and e[2] > 0]
            if not left:
                break
            await asyncio.sleep(0.05)
        assert not left and not runner.table.players()
        assert runner.run is None and runner.status == "closed"
        audit = (await http.post("/api/admin/audit", headers=bearer(op))).json()
        assert audit["ok"] is True and audit["counts"]["operator_actions"] >= 10
        log = (await http.get("/api/admin/log", headers=bearer(op))).json()["entries"]
    actions = [e["action"] for e in log]
    for action in ("grant_operator", "pause", "credit", "debit", "broadcast", "lock", "unlock",
                   "reset_link", "add_table", "open", "close", "audit"):
        assert action in actions, action
    assert actions.count("credit") == 1  # the replayed credit moved and logged nothing
    lock = next(e for e in log if e["action"] == "lock")
    assert lock["operator"] == "olga" and lock["before"] == {"locked": False}
    assert lock["after"] == {"locked": True} and lock["reason"] == "fraud check"
    # Append-only: the database refuses to change or remove a log row.
    db = server.app.state.room.db
    for statement in ("UPDATE operator_log SET reason = 'x'", "DELETE FROM operator_log"):
        with pytest.raises(DBAPIError, match="append-only"):
            async with db.write() as session:
                await session.execute(text(statement))
    for _, c in players.values():
        await c.close()


async def test_closing_a_table_between_hands_cashes_out_at_once_and_open_deals_again(
        server: RunningServer) -> None:
    op = await register(server, "omar")
    await grant(server, "omar")
    players = await seat(server, ("lola",))
    token, lola = players["lola"]
    async with server.http() as http:
        wallet = (await http.get("/api/wallet", headers=bearer(token))).json()["balance"]
        r = await http.post(f"/api/admin/tables/{TABLE}/close", json={"reason": "night"},
                            headers=bearer(op))
        assert r.json()["after"] == "closed"
        await lola.wait_for(of_type("notice", code="left"))
        assert (await http.get("/api/wallet", headers=bearer(token))).json()["balance"] == (
            wallet + 10_000)
        await lola.send(type="sit", table=TABLE, buy_in=10_000, ref="closed")
        assert (await lola.wait_for(of_type("error", ref="closed")))["code"] == "table_closed"
        await http.post(f"/api/admin/tables/{TABLE}/open", json={"reason": "morning"},
                        headers=bearer(op))
        mark = len(lola.received)
        await lola.send(type="sit", table=TABLE, buy_in=10_000)
        await lola.wait_for(of_type("balance"), start=mark)
        # A second player: open deals again without anything else.
        more = await seat(server, ("leon",))
        await more["leon"][1].wait_for(lambda m: m["type"] == "table_events" and any(
            e["type"] == "HandDealt" for e in m["events"]), timeout=20)
        log = (await http.get("/api/admin/log", headers=bearer(op))).json()["entries"]
    assert [e["action"] for e in log][:2] == ["open", "close"]
    await lola.close()
    await more["leon"][1].close()


async def test_a_paused_table_stays_paused_after_a_restart(tmp_path: Path) -> None:
    """The operator's pause is kept with the table's seating (issue 10): a restart, or another
    node taking the table over, reseats the players at a table still paused; it was open
    again, dealing, because the status lived in the node's memory only."""
    settings = make_settings(tmp_path, between_hands_seconds=0.3, action_seconds=2.0)
    server = await start_server(settings)
    try:
        op = await register(server, "omar")
        await grant(server, "omar")
        players = await seat(server, ("lola", "leon"))
        async with server.http() as http:
            r = await http.post(f"/api/admin/tables/{TABLE}/pause", json={"reason": "check"},
                                headers=bearer(op))
            assert r.json()["after"] == "paused"
        runner = server.app.state.room.lobby.runner(TABLE)
        for _ in range(200):  # the hand in play ends by the clock; none is dealt after it
            if runner.run is None:
                break
            await asyncio.sleep(0.1)
        assert runner.run is None
        for _token, client in players.values():
            await client.close()
    finally:
        await stop_server(server)
    server = await start_server(settings)
    try:
        runner = server.app.state.room.lobby.runner(TABLE)
        assert runner.status == "paused"
        assert len(runner.table.players()) == 2  # reseated, as after any restart
        await asyncio.sleep(1.0)  # more than the pause between hands: still no deal
        assert runner.run is None
        async with server.http() as http:
            r = await http.post("/api/auth/login", json={"username": "omar", "password": PASSWORD})
            op = r.json()["token"]
            r = await http.post(f"/api/admin/tables/{TABLE}/open", json={"reason": "go"},
                                headers=bearer(op))
            assert (r.json()["before"], r.json()["after"]) == ("paused", "open")
        for _ in range(200):
            if runner.run is not None:
                break
            await asyncio.sleep(0.1)
        assert runner.run is not None  # open deals again to the reseated players
    finally:
        await stop_server(server)


async def test_a_paused_or_closed_uth_table_stays_so_after_a_restart(tmp_path: Path) -> None:
    """A UTH table keeps no seating, but its operator's pause or close is kept all the same
    (services.seating, a seating with no seat): a restart, or another node taking the table
    over, finds it still paused or closed; the status lived in the node's memory only and
    the table was open again."""
    settings = make_settings(tmp_path)
    server = await start_server(settings)
    try:
        op = await register(server, "omar")
        await grant(server, "omar")
        async with server.http() as http:
            for table, verb in (("izar-1", "pause"), ("izar-2", "close")):
                r = await http.post(f"/api/admin/tables/{table}/{verb}",
                                    json={"reason": "check"}, headers=bearer(op))
                assert r.status_code == 200, r.text
    finally:
        await stop_server(server)
    server = await start_server(settings)
    try:
        lobby = server.app.state.room.lobby
        assert (lobby.runner("izar-1").status, lobby.runner("izar-2").status) == (
            "paused", "closed")
        player = await register(server, "uma")
        c = await Client.connect(server.ws_url, token=player)
        await c.send(type="sit", table="izar-2", ref="closed")
        assert (await c.wait_for(of_type("error", ref="closed")))["code"] == "table_closed"
        await c.close()
        async with server.http() as http:
            r = await http.post("/api/auth/login", json={"username": "omar", "password": PASSWORD})
            op = r.json()["token"]
            r = await http.post("/api/admin/tables/izar-1/open", json={"reason": "go"},
                                headers=bearer(op))
            assert (r.json()["before"], r.json()["after"]) == ("paused", "open")
    finally:
        await stop_server(server)
    server = await start_server(settings)
    try:  # reopened: kept open
        assert server.app.state.room.lobby.runner("izar-1").status == "open"
    finally:
        await stop_server(server)
