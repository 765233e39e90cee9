"""On a real server, a tournament's hands are hand records like a cash table's: two players
play a heads-up sit & go to the end over the WebSocket; then each finds the hands in their
history (`GET /api/hands`, net in chips), replays one, downloads it in the PokerStars format
(in chips, with PokerStars' tournament header: number, buy-in + fee, the hand's level; at
table '<number> 1', 2-max), and proves every deck with the standalone verifier of
docs/FAIRNESS.md against the commitment they were shown while the hand ran (which never
carried the server seed); `pokerroom audit` replays them all.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from roomharness import make_settings, register, start_server, stop_server
from test_crash import audit
from test_fairness import standalone_verifier
from test_tournament_away import Player

from pokerroom.history.pokerstars import roman
from pokerroom.services.tournament_numbers import tournament_number
from pokerroom.storage.database import Database

LEVELS = ", ".join(
    f"{{ small_blind = {10 * 2**i}, big_blind = {20 * 2**i}, hands = 3 }}" for i in range(10)
)
ROOM = f"""
[room]
name = "tournament hands"
[[table]]
name = "Cash"
game = "holdem"
betting = "no-limit"
seats = 6
stakes = {{ small_blind = 1, big_blind = 2 }}

[[tournaments]]
id = "duo"
name = "Heads-up"
seats = 2
max_entrants = 2
buy_in = 1000
fee = 100
starting_chips = 600
levels = [{LEVELS}]
"""


async def test_R_TOURN_7_tournament_hands_in_history_export_and_fairness(tmp_path: Path) -> None:
    """R-TOURN-7: see the module docstring."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    settings = make_settings(tmp_path, action_seconds=5.0, room_path=room)
    running = await start_server(settings)
    verify = standalone_verifier()["verify"]
    try:
        tokens = [await register(running, f"hands{i}") for i in range(2)]
        players = [Player(running.ws_url, t, seed=i, sleep_first=False)
                   for i, t in enumerate(tokens)]  # fmt: skip
        await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), 120)
        names = {p.last["you"]["entry"]: f"hands{i}"  # type: ignore[index]
                 for i, p in enumerate(players)}  # fmt: skip
        places = {x["entry"]: x["place"]
                  for x in players[0].last["summary"]["players"]}  # type: ignore[index]
        winner = next(names[e] for e, place in places.items() if place == 1)
        loser = next(names[e] for e, place in places.items() if place == 2)
        for player, token in zip(players, tokens, strict=True):
            shown = {}  # hand number -> the fairness shown with it
            for picture in player.pictures:
                table = picture["table"]
                if table and table["hand"]:
                    shown.setdefault(table["fairness"]["hand"], table["fairness"])
            headers = {"Authorization": f"Bearer {token}"}
            async with running.http() as http:
                hands = (await http.get("/api/hands?limit=200", headers=headers)).json()["hands"]
                assert hands and {h["tournament"] for h in hands} == {"duo-1"}
                assert all(h["status"] == "settled" and h["chips"] for h in hands)
                assert sum(h["net"] for h in hands) in (600, -600)  # won or lost it all
                seeds = []
                for h in hands:
                    proof = (await http.get(f"/api/hands/{h['id']}/fairness",
                                            headers=headers)).json()  # fmt: skip
                    assert verify(proof), proof
                    seeds.append(proof["server_seed"])
                    if h["hand"] in shown:
                        assert shown[h["hand"]]["commitment"] == proof["commitment"]
                        assert shown[h["hand"]]["client_seeds"] == proof["client_seeds"]
                assert len(shown) > len(hands) // 2
                text = json.dumps(player.pictures)
                assert not any(seed in text for seed in seeds)  # never sent, not even after
                one = (await http.get(f"/api/hands/{hands[0]['id']}", headers=headers)).json()
                assert one["steps"] and one["name"] == "duo-1 1"
                # the tournament's stored serial (a fresh room's first tournaments)
                number = int(re.findall(r"Tournament #(\d+), ", (await http.get(
                    f"/api/hands/{hands[0]['id']}/pokerstars", headers=headers)).text)[0])
                assert 1 <= number <= 10, number
                for h in hands:  # PokerStars' tournament header, the hand's own level
                    download = await http.get(f"/api/hands/{h['id']}/pokerstars",
                                              headers=headers)  # fmt: skip
                    assert download.status_code == 200
                    head, table, *rest = download.text.lstrip("\ufeff").split("\n")
                    level = (h["hand"] - 1) // 3 + 1  # levels of 3 hands, one table
                    blinds = f"{10 * 2 ** (level - 1)}/{20 * 2 ** (level - 1)}"
                    assert head.startswith(
                        f"PokerStars Hand #{h['id']}: Tournament #{number}, $10.00+$1.00 USD "
                        f"Hold'em No Limit - Level {roman(level)} ({blinds}) - "), head
                    assert table.startswith(f"Table '{number} 1' 2-max Seat #"), table
                    # chips, not money (the last hand's finish lines name the prize)
                    body = "\n".join(rest)
                    ends = re.findall(r"^.* (?:finished|wins) the tournament.*$", body, re.M)
                    if h["hand"] == max(x["hand"] for x in hands):  # R-TOURN-6, R-TOURN-7
                        assert sorted(ends) == sorted([
                            f"{loser} finished the tournament in 2nd place",
                            f"{winner} wins the tournament and receives $20.00 - congratulations!",
                        ]), ends
                        body = body.replace(ends[0], "").replace(ends[1], "")
                    else:
                        assert ends == [], ends
                    assert "$" not in body
    finally:
        await stop_server(running)
    db = Database(settings.database_url)
    try:
        assert await tournament_number(db, "duo-1") == number
    finally:
        await db.close()
    report = await asyncio.to_thread(audit, settings.database_url)
    assert report["ok"], report
    assert report["counts"]["hands_replayed"] >= len(hands)
