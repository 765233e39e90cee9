"""A player who runs out of time is away (R-TOURN-5) and comes back by saying so.

Why this exists: the lone-visitor sit & go (test_tournament_sit_and_go.py) once ran past
its 200 s. Instrumented, the event loop paused 4-5 s while bots signed up for the next sit &
go, longer than the 3 s action clock, so players timed out. An away player's turns are
played for them at once, so they are never offered a decision again, and before
`tournament_back` there was no way back: once every player left in the tournament was away,
the hands went on for ever, each folding the blinds round the table (at a fixed level the
chips only rotate), and the tournament never ended.

Here both players of a heads-up sit & go at a level that never rises sleep through their
first decision. Each must then see itself away, come back, be offered decisions again, and
the sit & go must end with places 1 and 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any

import websockets
from roomharness import make_settings, register, start_server, stop_server
from tests.tournament_rooms import sit_and_go_room

from pokerroom.bots.tournament_client import decide

TID = "duo-1"  # the first instance of the room's "duo"
ROOM = sit_and_go_room("away test", starting_chips=600)


class Player:
    """A client that sleeps through its first decision, then plays (and comes back)."""

    def __init__(self, ws_url: str, token: str, seed: int, *, sleep_first: bool = True) -> None:
        self.ws_url, self.token, self.rng = ws_url, token, random.Random(seed)
        self.slept = not sleep_first
        self.pictures: list[dict[str, Any]] = []
        self.was_away = False
        self.decisions_after_away = 0
        self.last: dict[str, Any] | None = None

    async def play(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        async with websockets.connect(self.ws_url, additional_headers=headers) as ws:
            await ws.send(json.dumps({"v": 1, "type": "hello"}))
            for kind in ("tournament_register", "tournament_follow"):
                await ws.send(json.dumps({"v": 1, "type": kind, "tournament": TID}))
            answered: set[tuple[int, int, int]] = set()
            back_sent = False
            async for text in ws:
                message = json.loads(text)
                assert message.get("type") != "error", message
                if message.get("type") != "tournament":
                    continue
                view = self.last = message["view"]
                self.pictures.append(view)
                if view["summary"]["status"] == "finished":
                    return
                table = view["table"] or {}
                mine = table["seats"][table["seat"]] if table else None
                if mine is not None and mine["away"]:
                    self.was_away = True
                    if not back_sent:
                        back_sent = True
                        await ws.send(json.dumps({"v": 1, "type": "tournament_back",
                                                  "tournament": TID}))  # fmt: skip
                    continue
                back_sent = False
                legal = table.get("legal")
                if not legal or legal.get("after_hand"):  # (R-SD-5's show: no decision)
                    continue
                key = (table["number"], legal["hand"], legal["action_no"])
                if key in answered:
                    continue
                answered.add(key)
                if not self.slept:
                    self.slept = True  # no answer: the action clock runs out
                    continue
                if self.was_away:
                    self.decisions_after_away += 1
                action, amount = decide(legal, self.rng)
                await ws.send(json.dumps({"v": 1, "type": "tournament_act", "tournament": TID,
                                          "hand": legal["hand"], "action": action,
                                          "amount": amount}))  # fmt: skip


async def test_R_TOURN_5_players_who_timed_out_come_back_and_the_sit_and_go_ends(
    tmp_path: Path,
) -> None:
    """R-TOURN-5: see the module docstring."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    running = await start_server(make_settings(tmp_path, action_seconds=0.5, room_path=room))
    try:
        players = [Player(running.ws_url, await register(running, f"away{i}"), seed=i)
                   for i in range(2)]  # fmt: skip
        tasks = [asyncio.create_task(p.play()) for p in players]
        done, pending = await asyncio.wait(tasks, timeout=120)
        for task in pending:
            task.cancel()
        for task in done:
            task.result()  # a refusal (an `error` message) fails here
        for task in pending:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for p in players:
            assert p.slept and p.was_away
            assert p.decisions_after_away > 0, "an away player was never offered a decision again"
        assert not pending, "the sit & go did not end"
        assert players[0].last is not None
        summary = players[0].last["summary"]
        assert summary["status"] == "finished"
        assert sorted(x["place"] for x in summary["players"]) == [1, 2]
    finally:
        await stop_server(running)
