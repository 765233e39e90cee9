"""The tournament page's hand log: `GET /api/hands?tournament=ID` lists the caller's hands of
that tournament only (newest first, each with its id for the replay). A heads-up sit & go
where one player sits out (R-TOURN-5, so the hands go quickly) and the other checks or calls."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from roomharness import Client, make_settings, register, start_server, stop_server
from tests.tournament_rooms import sit_and_go_room

TID = "duo-1"
ROOM = sit_and_go_room("hand log test")


def latest(client: Client) -> dict[str, Any]:
    return next(m["view"] for m in reversed(client.received) if m.get("type") == "tournament")


async def test_the_hand_log_lists_the_callers_hands_of_that_tournament_only(tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, action_seconds=600, room_path=room))
    try:
        tokens = [await register(running, f"log{i}") for i in range(3)]
        stay, out = [await Client.connect(running.ws_url, t) for t in tokens[:2]]
        for c in (stay, out):
            await c.send(type="hello")
            await c.send(type="tournament_register", tournament=TID)
        await out.wait_for(lambda m: m.get("type") == "tournament"
                           and (m["view"].get("table") or {}).get("hand_number", 0) >= 1,
                           timeout=60)  # fmt: skip
        await out.send(type="tournament_sit_out", tournament=TID)
        answered: set[tuple[int, int]] = set()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while (latest(stay).get("table") or {}).get("hand_number", 0) < 5:
            assert loop.time() < deadline, "the hands did not go on"
            table = latest(stay).get("table") or {}
            legal = table.get("legal")
            if legal and (legal["hand"], legal["action_no"]) not in answered:
                answered.add((legal["hand"], legal["action_no"]))
                await stay.send(type="tournament_act", tournament=TID, hand=legal["hand"],
                                action="check" if legal.get("check") else "call")  # fmt: skip
            mark = len(stay.received)
            try:
                await stay.wait_for(lambda m: m.get("type") == "tournament", timeout=2, start=mark)
            except AssertionError:
                pass

        async with running.http() as http:
            def get(token: str, query: str) -> Any:
                return http.get(f"/api/hands?{query}", headers={"Authorization": f"Bearer {token}"})

            mine = (await get(tokens[1], f"tournament={TID}")).json()["hands"]
            assert len(mine) >= 4
            assert all(h["table"].startswith(f"{TID}/") and h["tournament"] == TID for h in mine)
            assert [h["id"] for h in mine] == sorted((h["id"] for h in mine), reverse=True)
            assert [h["id"] for h in (await get(tokens[1], "limit=200")).json()["hands"]] == [
                h["id"] for h in mine]  # (no other hand was played)
            assert len((await get(tokens[1], f"tournament={TID}&limit=2")).json()["hands"]) == 2
            # Another tournament's, or an id that only looks alike (`_` is no wildcard): none.
            for other in ("duo-2", "duo_1", "duo", "duo-"):
                assert (await get(tokens[1], f"tournament={other}")).json()["hands"] == [], other
            # Nobody else's hands: a stranger has none in it.
            assert (await get(tokens[2], f"tournament={TID}")).json()["hands"] == []
            bad = await get(tokens[1], "tournament=a/b")
            assert bad.status_code == 422
        await stay.close()
        await out.close()
    finally:
        await stop_server(running)
