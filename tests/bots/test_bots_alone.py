"""`pokerroom bots --hands H`: a bot with a hand target that is left alone at its poker
table stops short of it. Bots that joined late, or were dealt out, still need hands when the
others reached theirs and left; before, the lagging one waited for a second player forever
and the command never ended. A bot alone before its first hand keeps waiting (the others
may still be on their way)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import holdem_table, make_settings, start_server, stop_server  # noqa: E402

from pokerroom.bots.client import Bot  # noqa: E402


async def test_a_bot_left_alone_stops_short_of_its_hands(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path))
    try:
        table = await holdem_table(server)
        secret = server.app.state.room.bot_secret
        quick = Bot(server.base, "bot01", table=table, hands=2, secret=secret, alone_s=1.0)
        slow = Bot(server.base, "bot02", table=table, hands=50, secret=secret, alone_s=1.0)
        stats = await asyncio.wait_for(asyncio.gather(quick.run(), slow.run()), timeout=90)
        assert stats[0].hands == 2
        assert 2 <= stats[1].hands < 50  # it played with bot01, then was alone: it stopped
    finally:
        await stop_server(server)


async def test_a_bot_alone_before_its_first_hand_keeps_waiting(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path))
    try:
        table = await holdem_table(server)
        secret = server.app.state.room.bot_secret
        lonely = Bot(server.base, "bot03", table=table, hands=1, secret=secret, alone_s=0.5)
        task = asyncio.create_task(lonely.run())
        await asyncio.sleep(3.0)
        assert not task.done()  # six alone_s later: still seated, waiting for a player
        assert lonely.stats.hands == 0
        lonely.stop()
        task.cancel()
    finally:
        await stop_server(server)
