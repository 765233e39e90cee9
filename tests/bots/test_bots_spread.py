"""`pokerroom serve --bots N`: some of the bots play Ultimate Texas Hold'em, the others poker."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import make_settings, start_server, stop_server  # noqa: E402

from pokerroom.bots.runner import run_bots, spread_tables, uth_share  # noqa: E402


def test_uth_share_is_about_a_quarter_and_never_leaves_a_poker_bot_alone() -> None:
    # count: (UTH bots, poker bots); poker bots in threes never leave a remainder of one.
    expected = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1, 8: 2, 12: 3, 13: 4}
    for count, uth in expected.items():
        assert uth_share(count) == uth, count
        poker = count - uth
        assert poker == 1 or poker % 3 != 1, count


async def test_serve_bots_seats_some_bots_at_the_uth_tables_and_they_play(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path))
    try:
        async with server.http() as http:
            lobby = (await http.get("/api/lobby")).json()["tables"]
        kinds = {t["id"]: t["kind"] for t in lobby}
        tables = await spread_tables(server.base, 8)
        by_kind = Counter(kinds[t] for t in tables)
        assert by_kind == {"poker": 6, "uth": 2}
        uth_tables = [t for t in tables if kinds[t] == "uth"]
        assert len(set(uth_tables)) == 2  # one bot at each UTH table (Izar 1, Izar 2)
        poker_groups = Counter(t for t in tables if kinds[t] == "poker")
        assert sorted(poker_groups.values()) == [3, 3]
        # Three bots: two play poker heads-up, one plays UTH rounds against the bank.
        stats = await asyncio.wait_for(
            run_bots(server.base, count=3, hands=2, table=None, quiet=True, think_s=(0, 0),
                     seed=1, secret=server.app.state.room.bot_secret), 90)
        assert all(s.hands >= 2 for s in stats), stats
        # The UTH bot comes last; each of its rounds asked for at least one decision.
        assert stats[2].actions >= 2, stats
    finally:
        await stop_server(server)
