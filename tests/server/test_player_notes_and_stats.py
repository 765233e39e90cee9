"""Private notes on other players and the stats line per opponent (hands together, VPIP,
PFR) computed from the stored hands; checked against the hands' public events as the
history endpoint replays them."""

from __future__ import annotations

import random

from roomharness import (
    Client,
    make_settings,
    of_type,
    play_until,
    register,
    start_server,
    stop_server,
)

VOLUNTARY = {"Called", "BetPlaced", "RaisedTo", "Completed"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_notes_are_private_and_stats_follow_the_stored_hands(tmp_path) -> None:
    # A long action clock: on a loaded machine a player must not time out and sit out.
    server = await start_server(make_settings(tmp_path, action_seconds=60.0))
    try:
        await notes_and_stats(server)
    finally:
        await stop_server(server)


async def notes_and_stats(server) -> None:
    table = "antares-1"
    tokens = {name: await register(server, name) for name in ("alice", "bobby", "carol")}
    clients = {}
    for name in ("alice", "bobby"):
        c = await Client.connect(server.ws_url, token=tokens[name])
        await c.send(type="hello")
        await c.send(type="sit", table=table, buy_in=10_000)
        await c.wait_for(of_type("balance"))
        clients[name] = c
    await play_until(clients, table, hands=5, rng=random.Random(11))
    alice, carol = bearer(tokens["alice"]), bearer(tokens["carol"])
    async with server.http() as http:
        # The stats line, recomputed from the public events of each settled hand.
        hands = [h for h in (await http.get("/api/hands", headers=alice)).json()["hands"]
                 if h["status"] == "settled"]
        vpip = pfr = 0
        for summary in hands:
            detail = (await http.get(f"/api/hands/{summary['id']}", headers=alice)).json()
            bob_seat = next(int(s) for s, n in detail["names"].items() if n == "bobby")
            vol = raised = False
            for ev in (e for step in detail["steps"] for e in step["events"]):
                if ev["type"] == "StreetStarted":
                    break
                if ev["type"] in VOLUNTARY and ev.get("seat") == bob_seat:
                    vol = True
                    raised = raised or ev["type"] in ("RaisedTo", "Completed")
            vpip += vol
            pfr += raised
        r = await http.get("/api/players?names=bobby,carol,alice,nobody", headers=alice)
        assert r.status_code == 200
        players = {p["name"]: p for p in r.json()["players"]}
        assert set(players) == {"bobby", "carol"}  # not oneself, not unknown names
        bob = players["bobby"]
        assert bob["hands"] == len(hands) >= 5
        assert (bob["vpip_hands"], bob["pfr_hands"]) == (vpip, pfr)
        assert bob["vpip"] == round(100 * vpip / len(hands))
        assert players["carol"]["hands"] == 0 and players["carol"]["note"] == ""
        # A note: kept for its author only, changed, deleted by an empty text.
        r = await http.put("/api/players/bobby/note", json={"text": "  calls too much "},
                           headers=alice)
        assert r.status_code == 200 and r.json() == {"name": "bobby", "note": "calls too much"}
        r = await http.get("/api/players?names=bobby", headers=alice)
        assert r.json()["players"][0]["note"] == "calls too much"
        r = await http.get("/api/players?names=bobby", headers=carol)
        assert r.json()["players"][0]["note"] == ""
        assert r.json()["players"][0]["hands"] == 0  # carol never played with him
        assert (await http.put("/api/players/alice/note", json={"text": "me"},
                               headers=alice)).status_code == 422
        assert (await http.put("/api/players/nobody/note", json={"text": "x"},
                               headers=alice)).status_code == 404
        assert (await http.put("/api/players/bobby/note", json={"text": "x" * 501},
                               headers=alice)).status_code == 422
        await http.put("/api/players/bobby/note", json={"text": ""}, headers=alice)
        r = await http.get("/api/players?names=bobby", headers=alice)
        assert r.json()["players"][0]["note"] == ""
    async with server.http() as anonymous:
        assert (await anonymous.get("/api/players?names=bobby")).status_code == 401
    for c in clients.values():
        await c.close()
