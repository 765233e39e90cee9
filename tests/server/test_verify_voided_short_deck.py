"""A short-deck hand voided by a crash is verified over its 36 cards (issue 16): its deck is
not stored, so `pokerroom verify` and the fairness API recompute it from the revealed seed
over the table's own cards (before, `verify` used the 52-card order)."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from roomharness import Client, make_settings, of_type, register, start_server, stop_server

from pokerroom.cli.verify import verify_hand
from pokerroom.core.fairness import fair_deck
from pokerroom.services.decks import deck_cards
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.services.recovery import recover
from pokerroom.services.seal import SealKey
from pokerroom.services.wire import card_text
from pokerroom.storage.database import open_database


async def test_a_voided_short_deck_hand_verifies_over_its_36_cards(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    running = await start_server(settings)
    try:
        async with running.http() as http:
            table = next(t["id"] for t in (await http.get("/api/lobby")).json()["tables"]
                         if t.get("game") == "short-deck")
            tokens = [await register(running, name) for name in ("sid", "sol")]
            ids = [(await http.get("/api/auth/me", headers={"Authorization": f"Bearer {t}"})
                    ).json()["account"]["id"] for t in tokens]
        seed, seeds = secrets.token_bytes(32), ["sid's seed", "sol's seed"]
        published = hashlib.sha256(seed).hexdigest()
        seal = SealKey.ephemeral()
        db = await open_database(settings.database_url)
        try:
            hand_id = await HandStore(db).begin_hand(
                table, 9_999, [HandSeat(seat=i, account_id=a, stack=1)
                               for i, a in enumerate(ids)],
                check_escrow=False, commitment=published, client_seeds=seeds,
                sealed_seed=seal.seal(seed, published))
            # the node dealing it died: recovery voids it and reveals the sealed seed
            assert (await recover(db, seal=seal, tables=[table])).voided_hands == (hand_id,)
        finally:
            await db.close()
        want = [card_text(c) for c in fair_deck(seed, seeds, deck_cards("short-deck"))]
        assert len(want) == 36
        async with running.http() as http:
            r = await http.get(f"/api/hands/{hand_id}/fairness",
                               headers={"Authorization": f"Bearer {tokens[0]}"})
            assert r.status_code == 200, r.text
            assert r.json()["deck"] == want and r.json()["server_seed"] == seed.hex()
        code, out = await verify_hand(settings.database_url, hand_id)
        assert code == 0 and out["ok"], out
        assert out["deck"] == want
    finally:
        await stop_server(running)


async def test_a_voided_hand_verifies_over_the_game_kept_with_it_after_its_table_is_gone(
    tmp_path: Path,
) -> None:
    """The game dealt is kept with the hand from its start: a short-deck hand voided at a table
    the room no longer has (removed from the room file) still verifies over its 36 cards."""
    settings = make_settings(tmp_path)
    running = await start_server(settings)
    try:
        tokens = [await register(running, name) for name in ("gus", "gil")]
        async with running.http() as http:
            ids = [(await http.get("/api/auth/me", headers={"Authorization": f"Bearer {t}"})
                    ).json()["account"]["id"] for t in tokens]
        seed, seeds = secrets.token_bytes(32), ["gus's seed", "gil's seed"]
        published = hashlib.sha256(seed).hexdigest()
        seal = SealKey.ephemeral()
        db = await open_database(settings.database_url)
        try:
            hand_id = await HandStore(db).begin_hand(
                "gone-1", 1, [HandSeat(seat=i, account_id=a, stack=1) for i, a in enumerate(ids)],
                check_escrow=False, commitment=published, client_seeds=seeds,
                sealed_seed=seal.seal(seed, published), game="short-deck")
            assert (await HandStore(db).get(hand_id)).game == "short-deck"
            assert (await recover(db, seal=seal, tables=["gone-1"])).voided_hands == (hand_id,)
        finally:
            await db.close()
        want = [card_text(c) for c in fair_deck(seed, seeds, deck_cards("short-deck"))]
        async with running.http() as http:
            r = await http.get(f"/api/hands/{hand_id}/fairness",
                               headers={"Authorization": f"Bearer {tokens[1]}"})
            assert r.status_code == 200, r.text
            assert r.json()["deck"] == want
        code, out = await verify_hand(settings.database_url, hand_id)
        assert code == 0 and out["deck"] == want, out
    finally:
        await stop_server(running)


async def test_a_table_keeps_the_game_it_deals_with_each_hand(tmp_path: Path) -> None:
    """The runner stores the game with the start of every hand it deals."""
    settings = make_settings(tmp_path)
    running = await start_server(settings)
    try:
        async with running.http() as http:
            table = next(t for t in (await http.get("/api/lobby")).json()["tables"]
                         if t.get("game") == "short-deck")
        clients = []
        for name in ("kim", "kit"):
            c = await Client.connect(running.ws_url, token=await register(running, name))
            await c.send(type="sit", table=table["id"], buy_in=table["min_buy_in"])
            await c.wait_for(of_type("balance"))
            clients.append(c)
        dealt = await clients[0].wait_for(
            lambda m: m["type"] in ("table_events", "table_view") and m["view"].get("hand_id"),
            timeout=60)
        db = await open_database(settings.database_url)
        try:
            assert (await HandStore(db).get(dealt["view"]["hand_id"])).game == "short-deck"
        finally:
            await db.close()
        for c in clients:
            await c.close()
    finally:
        await stop_server(running)
