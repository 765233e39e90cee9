"""`pokerroom serve --bots N` seats bots at the mixed tables (HORSE: Lyra, 8-game: Pleione)
like at the other tables, and they play the rotation (R-MIX-1): hands of more than one game
get dealt at the table they were seated at. Before, the mixed tables came late in the bots'
list of games, so only a few dozen bots reached them."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import make_settings, start_server, stop_server  # noqa: E402
from sqlalchemy import select  # noqa: E402

from pokerroom.bots.runner import run_bots, spread_tables  # noqa: E402
from pokerroom.services.hands import HandStore  # noqa: E402
from pokerroom.services.history import record_of  # noqa: E402
from pokerroom.storage.models import Hand  # noqa: E402


async def test_R_MIX_1_serve_bots_seats_bots_at_the_mixed_tables_and_they_play_a_rotation(
        tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path))
    try:
        async with server.http() as http:
            lobby = (await http.get("/api/lobby")).json()["tables"]
        mixed = {t["id"]: t["mix"]["mix"] for t in lobby if t["kind"] == "poker" and t["mix"]}
        assert sorted(mixed.values()) == ["8-game", "horse"]
        # As serve --bots places them: 8 bots (6 poker) already seat three at HORSE, 12
        # bots (9 poker) three at the 8-game table too, none of them alone.
        for count, games in ((8, {"horse"}), (12, {"horse", "8-game"})):
            placed = Counter(await spread_tables(server.base, count))
            at_mixed = {mixed[t]: n for t, n in placed.items() if t in mixed}
            assert set(at_mixed) == games, (count, placed)
            assert all(n == 3 for n in at_mixed.values()), (count, placed)
        horse = next(t for t, mix in mixed.items() if mix == "horse")
        tables = await spread_tables(server.base, 8)
        assert tables.count(horse) == 3
        # Those three bots play; each game lasts an orbit (3 hands), so 7 hands cross into
        # the third game of the rotation.
        stats = await asyncio.wait_for(
            run_bots(server.base, count=3, hands=7, table=horse, quiet=True, think_s=(0, 0),
                     seed=4, secret=server.app.state.room.bot_secret), 240)
        assert all(s.hands >= 7 for s in stats), stats
        store = HandStore(server.app.state.room.db)
        async with server.app.state.room.db.read() as session:
            ids = list((await session.execute(
                select(Hand.id).where(Hand.table_id == horse, Hand.status == "settled")
                .order_by(Hand.id))).scalars())
        games = [record_of(await store.get(i)).config.game for i in ids]
        assert len(set(games)) >= 2, games
    finally:
        await stop_server(server)
