"""The default room's HORSE table over real WebSockets: the lobby and the table view name the
game being dealt and the one next, each stored hand keeps the game it was dealt as, and the
PokerStars download names the mix and the hand's game (R-MIX-1, R-MIX-2)."""

from __future__ import annotations

import random
from typing import Any

from roomharness import Client, of_type, play_until, register

TABLE = "lyra"


def passive(legal: dict[str, Any], rng: Any) -> tuple[str, int | None]:
    """Check, bring in (stud's forced bet) or call: nobody busts in a few hands."""
    if legal["check"]:
        return "check", None
    if legal.get("bring_in"):
        return "bring_in", None
    return "call", None


async def test_R_MIX_1_horse_table_rotates_live_and_records_each_hands_game(server) -> None:
    """R-MIX-1, R-MIX-2: three players, a round of one orbit is three hands: hold'em, Omaha
    hi-lo, then razz."""
    async with server.http() as http:
        lobby = (await http.get("/api/lobby")).json()["tables"]
    entry = next(t for t in lobby if t["id"] == TABLE)
    assert entry["game"] == "holdem" and entry["betting"] == "limit"
    assert entry["mix"]["name"] == "HORSE" and entry["mix"]["every"] == 0
    assert [g["game"] for g in entry["mix"]["games"]] == [
        "holdem", "omaha-hilo", "razz", "stud", "stud-hilo"]  # fmt: skip
    assert entry["mix"]["next"] == {"game": "omaha-hilo", "betting": "limit"}
    assert entry["min_buy_in"] == 4000 and entry["max_buy_in"] is None

    tokens = {name: await register(server, name) for name in ("alice", "bobby", "carol")}
    clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
    for n, c in clients.items():
        await c.send(type="hello")
        await c.wait_for(of_type("welcome"))
        await c.send(type="sit", table=TABLE, buy_in=10_000, ref=f"sit-{n}")
        await c.wait_for(of_type("balance"))
    await play_until(clients, TABLE, hands=7, rng=random.Random(3), policy=passive,
                     timeout=120)
    alice = clients["alice"]
    events = [e for m in alice.received if m["type"] == "table_events" for e in m["events"]]
    changes = [e for e in events if e.get("type") == "GameChanged"]
    assert [e["game"] for e in changes][:2] == ["omaha-hilo", "razz"]
    # Each hand's game, from the event stream: a round lasts as many hands as players were
    # dealt into its first hand (the first may have been dealt before carol sat down).
    game, dealt = "holdem", []
    for e in events:
        if e.get("type") == "GameChanged":
            game = e["game"]
        elif e.get("type") == "HandDealt":
            dealt.append((game, len(e["dealt_in"]), e["dealt_in"]))
    rounds: list[list[tuple[str, int, list[int]]]] = []
    for item in dealt:
        if not rounds or rounds[-1][0][0] != item[0]:
            rounds.append([])
        rounds[-1].append(item)
    assert [r[0][0] for r in rounds[:3]] == ["holdem", "omaha-hilo", "razz"]
    for r in rounds[:2]:
        assert len(r) == r[0][1], r  # R-MIX-2: the round's length, fixed by its first hand
    views = [m["view"] for m in alice.received if m["type"] in ("table_view", "table_events")]
    razz_views = [v for v in views if v["game"] == "razz"]
    assert razz_views and razz_views[-1]["variant"]["layout"] == "stud"
    assert razz_views[-1]["mix"]["next"] == {"game": "stud", "betting": "limit"}

    headers = {"Authorization": f"Bearer {tokens['alice']}"}
    async with server.http() as http:
        hands = (await http.get("/api/hands", headers=headers)).json()["hands"]
        text = (await http.get("/api/hands/pokerstars", headers=headers)).text
    games = [h["game"] for h in sorted(hands, key=lambda h: h["id"]) if h["status"] == "settled"]
    seat = next(v["you"]["seat"] for v in reversed(views) if v.get("you"))
    hers = [g for g, _, seats in dealt if seat in seats]  # the hands alice was dealt into
    assert games[:len(hers)] == hers[:len(games)] and "razz" in games
    assert "HORSE (Hold'em Limit, " in text and "HORSE (Omaha Hi/Lo Limit, " in text
    assert "HORSE (Razz Limit, " in text
    for c in clients.values():
        await c.close()
