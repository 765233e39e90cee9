"""A bot whose action the server dropped for coming too fast (`rate_limited`) sends it again
after a pause, while that decision is still open. Before, the dropped action was taken as
answered: the table waited for the action clock (here ten minutes), and with it every other
player. A room with a tight message rate (2 a second, a burst of 5) and bots that think no
time: they get refused, and still play their hands, at a cash table and in a sit & go."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from roomharness import make_settings, start_server, stop_server  # noqa: E402

from pokerroom.bots.runner import run_bots  # noqa: E402
from pokerroom.bots.tournament_client import TournamentBot  # noqa: E402

TIGHT = {"rate_per_second": 2.0, "rate_burst": 5, "action_seconds": 600.0,
         "max_dropped_messages": 10_000}


async def test_cash_bots_send_a_dropped_action_again(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path, **TIGHT))
    try:
        async with server.http() as http:
            lobby = (await http.get("/api/lobby")).json()["tables"]
        table = next(t["id"] for t in lobby
                     if t["kind"] == "poker" and t["game"] == "holdem" and not t["mix"])
        stats = await asyncio.wait_for(
            run_bots(server.base, count=2, hands=12, table=table, quiet=True, think_s=(0, 0),
                     seed=3, secret=server.app.state.room.bot_secret), 240)
        assert all(s.hands >= 12 for s in stats), stats
        assert sum(s.refusals for s in stats) > 0  # the limit did bite: the path was taken
    finally:
        await stop_server(server)


async def test_tournament_bots_send_a_dropped_action_again(tmp_path: Path) -> None:
    server = await start_server(make_settings(tmp_path, **TIGHT))
    try:
        secret = server.app.state.room.bot_secret
        bots = [TournamentBot(server.base, f"bot-rl{i}", "sng6-1", seed=i, secret=secret)
                for i in range(6)]
        lasts = await asyncio.wait_for(
            asyncio.gather(*(b.run(give_up_s=400) for b in bots)), 420)
        assert all(last is not None and last["summary"]["status"] == "finished"
                   for last in lasts), [b.last and b.last["summary"]["status"] for b in bots]
        assert sum(b.resent for b in bots) > 0  # the limit did bite: the path was taken
    finally:
        await stop_server(server)
