"""A short-deck hand voided by a crash is verified over its 36 cards (issue 16): its deck is
not stored, so `pokerroom verify` and the fairness API recompute it from the revealed seed
over the table's own cards (before, `verify` used the 52-card order)."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from roomharness import make_settings, register, start_server, stop_server

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
