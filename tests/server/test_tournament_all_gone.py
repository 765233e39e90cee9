"""A tournament whose players have all gone still ends (R-TOURN-3, R-TOURN-5).

Four players register for a sit & go over real WebSockets and all leave as soon as it
starts. Each is away at once (R-TOURN-5: dealt in, posting, checking or folding); the
structure's last level is soon reached, and the room's choice where the rulebook is silent
(docs/RULES.md, after R-TOURN-12) takes over: the levels after it double the blinds and
ante, so the absent field is blinded out. The tournament must finish with places 1-4, the
prizes of the payout table paid to the wallets (prize minus buy-in and fee each), and
`pokerroom audit` clean.

Before, the last level lasted for ever: at a fixed level the small blind folds to the big
blind round the table, the chips only rotate, and nobody ever busts.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from roomharness import Client, make_settings, register, start_server, stop_server
from sqlalchemy import select

from pokerroom.cli.audit import audit_url
from pokerroom.storage.database import open_database
from pokerroom.storage.models import TournamentRow

TID = "quad-1"
ROOM = """
[room]
name = "all gone"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = { small_blind = 1, big_blind = 2 }

[[tournaments]]
id = "quad"
name = "Four"
seats = 4
min_entrants = 4
max_entrants = 4
buy_in = 1000
fee = 100
starting_chips = 2000
levels = [{ small_blind = 10, big_blind = 20, hands = 3 },
          { small_blind = 20, big_blind = 40, ante = 5, hands = 3 }]
"""


async def balance(running, token: str) -> int:  # type: ignore[no-untyped-def]
    async with running.http() as http:
        r = await http.get("/api/wallet", headers={"Authorization": f"Bearer {token}"})
        return int(r.json()["balance"])


async def stored(db_url: str) -> TournamentRow | None:
    db = await open_database(db_url)
    try:
        async with db.read() as session:
            return (await session.execute(
                select(TournamentRow).where(TournamentRow.id == TID))).scalar_one_or_none()
    finally:
        await db.close()


async def test_R_TOURN_3_R_TOURN_5_every_player_leaves_and_the_tournament_still_ends(
    tmp_path: Path,
) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    settings = make_settings(tmp_path, action_seconds=600, room_path=room)
    db_url = settings.database_url
    running = await start_server(settings)
    try:
        tokens = [await register(running, f"leaver{i}") for i in range(4)]
        before = [await balance(running, tok) for tok in tokens]
        clients = [await Client.connect(running.ws_url, tok) for tok in tokens]
        for c in clients:
            await c.send(type="hello")
            await c.send(type="tournament_register", tournament=TID)
            await c.send(type="tournament_follow", tournament=TID)
        await clients[-1].wait_for(lambda m: m.get("type") == "tournament"
                                   and m["view"]["summary"]["status"] != "registering",
                                   timeout=60)  # fmt: skip
        for c in clients:
            await c.close()  # everyone gone; the action clock (ten minutes) never decides

        row = None
        for _ in range(1200):
            row = await stored(db_url)
            if row is not None and row.status == "finished":
                break
            await asyncio.sleep(0.1)
        assert row is not None and row.status == "finished", (
            f"a field of absent players did not finish: {row.status if row else None}")
        snap = json.loads(row.snapshot)["tournament"]
        places = {e[0]: e[5] for e in snap["entries"]}
        prizes = {e[0]: e[6] for e in snap["entries"]}
        assert sorted(places.values()) == [1, 2, 3, 4]
        assert snap["level_index"] >= 2, "it ended inside the structure's own levels"
        assert sorted(prizes.values(), reverse=True) == [2600, 1400, 0, 0]  # 65/35 of 4000
        after = [await balance(running, tok) for tok in tokens]
        got = sorted(a - b for a, b in zip(after, before, strict=True))
        assert got == sorted(p - 1100 for p in prizes.values())
        ok, text = await audit_url(db_url)
        assert ok, text
        summary = json.loads(text)
        assert summary["counts"]["tournaments"] >= 1
    finally:
        await stop_server(running)
