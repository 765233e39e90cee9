"""A hand whose start cannot be stored is never played: the table halts and no chip moves.

Chips enter the ledger only when a hand ends (DESIGN.md section 3), so a hand the storage could
not record at its start must not go on in memory: its result could never be settled, and the
table's stacks would drift from the escrow. The failure here is a real one: a trigger in the
SQLite file refuses to store any hand.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from roomharness import (
    PASSWORD,
    Client,
    make_settings,
    of_type,
    register,
    start_server,
    stop_server,
)

from pokerroom.cli.audit import audit_url

BUY_IN = 4_000  # Antares: no-limit 100/200

# The test's own connection waits for the server's writer like any other: the default 5 s
# ran out under a loaded CI machine ('database is locked').
LOCK_WAIT_S = 60


async def _change_schema(db_file: Path, statement: str) -> None:
    """Run a schema change beside the live server: in a thread, so the server (same event
    loop) can finish the write it holds, and under BEGIN IMMEDIATE, which takes the write lock
    first and so waits for it; a plain statement read first, and its upgrade to a write on a
    snapshot the server had moved past failed at once ('database is locked' in a CI run)."""

    def run() -> None:
        conn = sqlite3.connect(db_file, timeout=LOCK_WAIT_S, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(statement)
            conn.execute("COMMIT")
        finally:
            conn.close()

    await asyncio.to_thread(run)


async def test_R_POT_3_hand_that_cannot_be_stored_halts_the_table_and_moves_no_chip(
    tmp_path: Path,
) -> None:
    """R-POT-3: with the hands table refusing writes, the first deal halts the table: players
    get a `table_halted` notice, no action is offered, the ledger still balances, and after a
    restart (storage repaired) the players sit again with their whole buy-ins (issue 10:
    a restart reseats rather than cashes out), and every chip is accounted for."""
    settings = make_settings(tmp_path, between_hands_seconds=0.3)
    db_file = tmp_path / "room.db"
    running = await start_server(settings)
    try:
        clients = {}
        for name in ("ann", "bob"):
            clients[name] = await Client.connect(running.ws_url, token=await register(running, name))
        await _change_schema(
            db_file,
            "CREATE TRIGGER refuse_hands BEFORE INSERT ON hands "
            "BEGIN SELECT RAISE(ABORT, 'storage unavailable (test)'); END",
        )
        for client in clients.values():
            await client.send(type="sit", table="antares-1", buy_in=BUY_IN)
            await client.wait_for(of_type("balance"))
        notice = await clients["ann"].wait_for(of_type("notice", code="table_halted"), timeout=15)
        assert notice["table"] == "antares-1"
        view = clients["bob"].views["antares-1"]
        assert not view.get("legal"), "a hand that was not stored must not be played"
        refused = len(clients["ann"].received)
        await clients["ann"].send(type="act", table="antares-1", hand=view.get("hand") or 1,
                                  action_no=0, action="fold")
        error = await clients["ann"].wait_for(of_type("error"), start=refused)
        assert error["code"] in ("table_halted", "stale_action")
        for client in clients.values():
            await client.close()
    finally:
        await stop_server(running)

    ok, text = await audit_url(settings.database_url)
    assert ok, text
    with sqlite3.connect(db_file, timeout=LOCK_WAIT_S) as conn:
        conn.execute("DROP TRIGGER refuse_hands")
        assert conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0] == 0

    # Restart with the storage repaired: the players sit again with their buy-ins in escrow.
    running = await start_server(settings)
    try:
        async with running.http() as http:
            lobby = (await http.get("/api/lobby")).json()["tables"]
            assert next(t for t in lobby if t["id"] == "antares-1")["taken"] == 2
            for name in ("ann", "bob"):
                login = await http.post("/api/auth/login",
                                        json={"username": name, "password": PASSWORD})
                assert login.status_code == 200, login.text
                me = await http.get("/api/auth/me", headers={
                    "Authorization": f"Bearer {login.json()['token']}"})
                assert me.status_code == 200, me.text
                account = me.json()["account"]
                assert account["balance"] == running.settings.starting_balance - BUY_IN, (
                    json.dumps(account))
    finally:
        await stop_server(running)
    ok, text = await audit_url(settings.database_url)
    assert ok, text


async def test_R_POT_3_failed_settlement_halts_with_a_notice_and_resumes_by_itself(
    tmp_path: Path,
) -> None:
    """R-POT-3: a hand whose settlement the storage refuses halts the table with a notice (no
    new hand, no chip leaves); the runner retries with backoff, and once the storage answers
    the hand is settled and play goes on, without a restart. The ledger balances throughout."""
    settings = make_settings(tmp_path, between_hands_seconds=0.1)
    db_file = tmp_path / "room.db"
    running = await start_server(settings)
    try:
        clients = {}
        for name in ("ann", "bob"):
            clients[name] = await Client.connect(running.ws_url, token=await register(running, name))
        await _change_schema(
            db_file,
            "CREATE TRIGGER refuse_settle BEFORE UPDATE ON hands WHEN NEW.status = 'settled' "
            "BEGIN SELECT RAISE(ABORT, 'storage unavailable (test)'); END",
        )
        for client in clients.values():
            await client.send(type="sit", table="antares-1", buy_in=BUY_IN)
            await client.wait_for(of_type("balance"))
        # Whoever is to act first folds: hand 1 ends and its settlement fails.
        while True:
            legal = next((c.views["antares-1"]["legal"] for c in clients.values()
                          if (c.views.get("antares-1") or {}).get("legal")), None)
            if legal is not None:
                break
            await clients["ann"].wait_for(of_type("table_events"), start=len(clients["ann"].received))
        actor = next(n for n, c in clients.items() if c.views["antares-1"].get("legal"))
        await clients[actor].send(type="act", table="antares-1", hand=legal["hand"],
                                  action_no=legal["action_no"], action="fold")
        notice = await clients["ann"].wait_for(of_type("notice", code="table_halted"), timeout=15)
        assert notice["hand"] == legal["hand"]
        ok, text = await audit_url(settings.database_url)
        assert ok, text
        # Leaving would take chips out of an escrow the hand has not settled: refused.
        seen = len(clients["bob"].received)
        await clients["bob"].send(type="leave", table="antares-1")
        error = await clients["bob"].wait_for(of_type("error"), start=seen)
        assert error["code"] == "table_halted"
        dealt = [m for m in clients["ann"].received if m["type"] == "table_events"
                 and any(e["type"] == "HandDealt" and e["hand_number"] > legal["hand"]
                         for e in m["events"])]
        assert not dealt, "a new hand was dealt before the last one was settled"
        await _change_schema(db_file, "DROP TRIGGER refuse_settle")
        await clients["ann"].wait_for(of_type("notice", code="table_resumed"), timeout=15)
        await clients["ann"].wait_for(
            lambda m: m["type"] == "table_events" and any(
                e["type"] == "HandDealt" and e["hand_number"] > legal["hand"] for e in m["events"]),
            timeout=15)
        for client in clients.values():
            await client.close()
    finally:
        await stop_server(running)
    ok, text = await audit_url(settings.database_url)
    assert ok, text
    with sqlite3.connect(db_file, timeout=LOCK_WAIT_S) as conn:
        settled = conn.execute("SELECT COUNT(*) FROM hands WHERE status = 'settled'").fetchone()[0]
        assert settled >= 1
