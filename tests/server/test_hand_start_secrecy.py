"""The start of a hand stores what recovery needs and never the cards to come (issue 11).

Anyone who can read the database or a backup while a hand is played must not learn the next
board. A real server deals a real hand from a seeded deck (so the test knows every card), the
rows of the hand in progress are read from the SQLite file, then the server stops mid-hand and
restarts: recovery voids the hand from what the row holds, and the players sit again with
every chip (issue 10).
"""

from __future__ import annotations

import re
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
from pokerroom.cli.verify import verify_hand
from pokerroom.core.cards import Card
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.fairness import problems
from pokerroom.services.seal import SealKey

BUY_IN = 4_000  # Antares: no-limit 100/200
SEED = 20261201


# The published half of the fair deal (docs/FAIRNESS.md): sent to everyone at the table at the
# hand's start, hex or player-chosen text that can spell a card name by chance ("3c" in hex).
# And the server seed sealed with a key kept outside the database (services.seal): random
# hex to a reader of the database, checked on its own below (not the seed, no key: no seed).
PUBLIC_COLUMNS = {"commitment", "client_seeds", "sealed_seed"}


def row_texts(db_file: Path) -> list[str]:
    """Every value of every row of the hands and hand_players tables, as text (but the fair
    deal's public commitment and client seeds)."""
    texts = []
    with sqlite3.connect(db_file) as conn:
        for table in ("hands", "hand_players"):
            cursor = conn.execute(f"SELECT * FROM {table}")  # noqa: S608 - two fixed names
            columns = [c[0] for c in cursor.description]
            texts += [str(value) for row in cursor.fetchall()
                      for column, value in zip(columns, row, strict=True)
                      if value is not None and column not in PUBLIC_COLUMNS]
    return texts


def deck_leaks(texts: list[str], deck: tuple[int, ...]) -> list[str]:
    """Where a card of `deck` appears in clear: its name ("Ah"), or three of its codes in a
    row (how a list of card codes reads in JSON or any other text)."""
    leaks = []
    names = {str(Card.from_code(code)) for code in deck}
    for text in texts:
        leaks += [f"card {name} in {text[:80]!r}" for name in names if name in text]
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        for i in range(len(deck) - 2):
            window = list(deck[i:i + 3])
            if any(numbers[j:j + 3] == window for j in range(len(numbers) - 2)):
                leaks.append(f"deck codes {window} in {text[:80]!r}")
    return leaks


async def test_a_hand_start_row_holds_no_card_and_recovery_still_voids_it(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, seed=SEED, action_seconds=60.0)
    db_file = tmp_path / "room.db"
    running = await start_server(settings)
    try:
        clients = {name: await Client.connect(running.ws_url, token=await register(running, name))
                   for name in ("ann", "bob")}
        for client in clients.values():
            await client.send(type="sit", table="antares-1", buy_in=BUY_IN)
            await client.wait_for(of_type("balance"))
        # The hand is dealt and waits for its first action: it is in progress.
        await clients["ann"].wait_for(
            lambda m: m.get("type") in ("table_events", "table_view")
            and m["view"].get("hand") is not None and m["view"].get("pots") is not None,
            timeout=15)
        with sqlite3.connect(db_file) as conn:
            status = conn.execute("SELECT status, server_seed FROM hands").fetchall()
            sealed, commitment = conn.execute(
                "SELECT sealed_seed, commitment FROM hands").fetchone()
        assert status == [("in_progress", "")]  # nor the fair deal's server seed
        # The first deck the room deals: its seeded server seed with the published seeds.
        dealt = next(e for m in clients["ann"].received if m.get("type") == "table_events"
                     for e in m["events"] if e["type"] == "HandDealt")
        deal = SeededDeckSource(SEED).next_deal(dealt["client_seeds"])
        deck = deal.deck
        # sealed: not the seed, and only the room's key (a file outside the database) opens it
        assert len(sealed) == 64 and sealed != deal.server_seed.hex()
        assert SealKey.ephemeral().open(sealed, commitment) is None
        assert running.app.state.room.seal.open(sealed, commitment) == deal.server_seed
        texts = row_texts(db_file)
        assert texts, "the start of the hand was stored"
        assert deck_leaks(texts, deck) == []
        for client in clients.values():
            await client.close()
    finally:
        await stop_server(running)

    # The server stopped mid-hand; on restart recovery voids the hand from its start row, and
    # the players sit again with their buy-ins (issue 10: a restart reseats, the chips stay in
    # escrow), so each wallet holds what it held while seated.
    running = await start_server(settings)
    voided_proof: dict[str, dict] = {}
    try:
        async with running.http() as http:
            lobby = (await http.get("/api/lobby")).json()["tables"]
            assert next(t for t in lobby if t["id"] == "antares-1")["taken"] == 2
            for name in ("ann", "bob"):
                login = await http.post("/api/auth/login",
                                        json={"username": name, "password": PASSWORD})
                assert login.status_code == 200, login.text
                headers = {"Authorization": f"Bearer {login.json()['token']}"}
                account = (await http.get("/api/auth/me", headers=headers)).json()["account"]
                assert account["balance"] == settings.starting_balance - BUY_IN, account
                answer = await http.get("/api/hands/1/fairness", headers=headers)
                assert answer.status_code == 200, answer.text
                voided_proof[name] = answer.json()
    finally:
        await stop_server(running)
    with sqlite3.connect(db_file) as conn:
        rows = conn.execute("SELECT status, void_reason FROM hands ORDER BY id").fetchall()
    # The cut hand is voided; the reseated players may already be dealt the next one.
    assert rows[0][0] == "voided" and rows[0][1], rows
    assert all(status != "voided" for status, _ in rows[1:]), rows
    # The voided hand reveals its seed (opened with the seal key at recovery): the one the
    # start event committed to, and the deck it gives is the one the hand was dealt from.
    proof = voided_proof["ann"]
    assert proof["server_seed"] == deal.server_seed.hex()
    assert proof["commitment"] == dealt["commitment"]
    assert proof["deck"] == [str(Card.from_code(c)) for c in deck]
    assert problems(proof) == []
    code, out = await verify_hand(settings.database_url, 1)
    assert code == 0 and out["server_seed"] == deal.server_seed.hex(), out
    ok, text = await audit_url(settings.database_url)
    assert ok, text
