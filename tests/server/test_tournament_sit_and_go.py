"""`serve --bots`'s companion keeps the default room's sit & gos filled to one seat; a lone
player joins the 6-seat sit & go over the WebSocket, it starts, they play it to the end and
their wallet moves by exactly the prize minus buy-in and fee (R-TOURN-1, R-TOURN-2,
R-TOURN-7). Also the REST listing and a refusal (R-TOURN-1, already registered)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from roomharness import PASSWORD, Client, make_settings, start_server, stop_server

from pokerroom.bots.tournament_client import TournamentBot, keep_sit_and_gos_filling


# Back in the default run: its one timeout (200 s) was not its length (15-40 s here under a
# load of 12) but a livelock: a load spike longer than the 3 s action clock made players away,
# away players could not come back, and a field of away players never ends. See
# test_tournament_away.py, which pins the way back (tournament_back).
async def test_R_TOURN_2_lone_visitor_starts_a_filled_sit_and_go(tmp_path: Path) -> None:
    """R-TOURN-2, R-TOURN-1, R-TOURN-7: see the module docstring."""
    running = await start_server(make_settings(tmp_path, action_seconds=3.0))
    filler = asyncio.create_task(keep_sit_and_gos_filling(
        running.base, secret=running.app.state.room.bot_secret, every_s=0.2))
    try:
        async with running.http() as http:
            for _ in range(300):
                listing = {
                    t["id"]: t for t in (await http.get("/api/tournaments")).json()["tournaments"]
                }
                if listing.get("sng6-1", {}).get("entrants") == 5:
                    break
                await asyncio.sleep(0.1)
            sng = listing["sng6-1"]
            assert (sng["status"], sng["seats"], sng["buy_in"], sng["fee"]) == (
                "registering",
                6,
                1000,
                100,
            )
            assert {"hourly-1", "sng9-1"} <= set(listing)
        # a player, signing up as one (the bot client's code with a password)
        visitor = TournamentBot(running.base, "visitor", "sng6-1", seed=11, password=PASSWORD)
        await visitor.account.login()
        before = await wallet(running, visitor)
        last = await asyncio.wait_for(visitor.run(give_up_s=180), 200)
        assert last is not None and last["summary"]["status"] == "finished"
        you = last["you"]
        after = await wallet(running, visitor)
        assert after - before == you["prize"] - 1100
        places = sorted(p["place"] for p in last["summary"]["players"])
        assert places == [1, 2, 3, 4, 5, 6]
        # registering twice is refused naming the rule
        client = await Client.connect(running.ws_url, token=visitor.account.token)
        async with running.http() as http:
            listing = {
                t["id"]: t for t in (await http.get("/api/tournaments")).json()["tournaments"]
            }
        assert "sng6-2" in listing  # the sit & go opened again (repeat)
        await client.send(type="tournament_register", tournament="hourly-1")
        await client.send(type="tournament_register", tournament="hourly-1")
        error = await client.wait_for(lambda m: m.get("type") == "error")
        assert error.get("rule") == "R-TOURN-1"
        await client.close()
    finally:
        filler.cancel()
        with contextlib.suppress(BaseException):
            await filler
        await stop_server(running)


async def wallet(running, bot: TournamentBot) -> int:  # type: ignore[no-untyped-def]
    async with running.http() as http:
        r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {bot.account.token}"})
        return int(r.json()["balance"])
