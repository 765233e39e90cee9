"""Hand histories (own hands only, as one could see them, PokerStars download) and
reconnecting with the last version."""

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


async def seated_pair(server, table: str) -> tuple[dict[str, str], dict[str, Client]]:
    tokens = {name: await register(server, name) for name in ("alice", "bobby")}
    clients = {n: await Client.connect(server.ws_url, token=t) for n, t in tokens.items()}
    for c in clients.values():
        await c.send(type="hello")
        await c.send(type="sit", table=table, buy_in=10_000)
        await c.wait_for(of_type("balance"))
    return tokens, clients


async def test_history_shows_own_hands_as_seen_and_exports_pokerstars(server) -> None:
    table = "antares-1"
    tokens, clients = await seated_pair(server, table)
    await play_until(clients, table, hands=4, rng=random.Random(3))
    outsider = await register(server, "carol")
    async with server.http() as http:
        auth = {"Authorization": f"Bearer {tokens['alice']}"}
        listing = (await http.get("/api/hands", headers=auth)).json()["hands"]
        settled = [h for h in listing if h["status"] == "settled"]
        assert len(settled) >= 4
        detail = (await http.get(f"/api/hands/{settled[-1]['id']}", headers=auth)).json()
        seat = detail["seat"]
        assert detail["names"][str(seat)] == "alice"
        steps = detail["steps"]
        assert len(steps) >= 2 and steps[0]["action"] is None
        shown = {e["seat"] for s in steps for e in s["events"]
                 if e["type"] in ("HandShown", "CardsMucked") and e.get("cards")}
        for s in steps:
            for seat_view in s["view"]["seats"]:
                if seat_view["seat"] == seat:
                    assert all(c is not None for c in seat_view["cards"])
                elif seat_view["seat"] not in shown:
                    assert all(c is None for c in seat_view["cards"]), seat_view
        # PokerStars text: alice's own cards are dealt to her, nobody else's.
        text = (await http.get(f"/api/hands/{settled[-1]['id']}/pokerstars", headers=auth)).text
        assert text.startswith("\ufeffPokerStars Hand #")
        assert "Dealt to alice [" in text and "Dealt to bobby" not in text
        everything = await http.get("/api/hands/pokerstars", headers=auth)
        assert everything.text.count("PokerStars Hand #") == len(settled)
        assert "attachment" in everything.headers["content-disposition"]
        # Someone who did not play the hand cannot read it.
        peek = await http.get(f"/api/hands/{settled[-1]['id']}",
                              headers={"Authorization": f"Bearer {outsider}"})
        assert peek.status_code == 404
        assert (await http.get("/api/hands")).status_code == 401
    for c in clients.values():
        await c.close()


async def test_reconnect_with_last_version_gets_the_missing_events(tmp_path) -> None:
    # A short action clock: alice is away while bobby plays on (her turns time out).
    server = await start_server(make_settings(tmp_path, action_seconds=1.0))
    try:
        await reconnect_scenario(server)
    finally:
        await stop_server(server)


async def reconnect_scenario(server) -> None:
    table = "antares-1"
    tokens, clients = await seated_pair(server, table)
    await play_until(clients, table, hands=1, rng=random.Random(5))
    alice = clients["alice"]
    last = max(m["version"] for m in alice.received if m.get("table") == table
               and m["type"] in ("table_events", "table_view"))
    await alice.close()
    # The game goes on without alice (bobby acts; alice's turns time out or are folded).
    await play_until({"bobby": clients["bobby"]}, table, hands=2, rng=random.Random(6),
                     timeout=60)
    back = await Client.connect(server.ws_url, token=tokens["alice"])
    await back.send(type="hello", last_versions={table: last})
    catch_up = await back.wait_for(lambda m: m.get("table") == table)
    assert catch_up["type"] == "table_events" and catch_up["from_version"] == last + 1
    versions = [e["version"] for e in catch_up["events"]]
    assert versions == list(range(last + 1, catch_up["version"] + 1))
    assert catch_up["view"]["you"] is not None  # still seated
    # A version the server never issued (or too old to hold) gets a full view instead.
    again = await Client.connect(server.ws_url, token=tokens["alice"])
    await again.send(type="hello", last_versions={table: 3})
    full = await again.wait_for(lambda m: m.get("table") == table)
    assert full["type"] == "table_view" and "log" in full["view"]
    for c in (back, again, clients["bobby"]):
        await c.close()


async def test_a_full_view_holds_the_hand_in_play_after_the_table_log_wrapped(tmp_path) -> None:
    """The table keeps its last events only (services.event_log); a full view still carries
    every event of the hand in play, from its deal, once the table has logged more than it
    keeps (it used to carry none)."""
    server = await start_server(make_settings(tmp_path, events_kept_per_table=40))
    table = "antares-1"
    try:
        tokens, clients = await seated_pair(server, table)
        await play_until(clients, table, hands=4, rng=random.Random(9))
        alice = clients["alice"]
        logged = sum(len(m["events"]) for m in alice.received
                     if m["type"] == "table_events" and m.get("table") == table)
        assert logged > 40  # more than the table keeps
        # the next hand dealt: a view with a hand in play
        last_result = max(i for i, m in enumerate(alice.received) if m["type"] == "hand_result")
        await alice.wait_for(lambda m: m.get("table") == table
                             and (m.get("view") or {}).get("hand") is not None
                             and any(e["type"] == "HandDealt" for e in m.get("events", [])),
                             start=last_result)
        again = await Client.connect(server.ws_url, token=tokens["alice"])
        await again.send(type="observe", table=table)
        full = await again.wait_for(of_type("table_view", table=table))
        log = full["view"]["log"]
        assert full["view"]["hand"] is not None
        assert log and log[0]["type"] == "HandDealt", log[:2]
        assert log[0]["hand_number"] == full["view"]["hand"]
        versions = [e["version"] for e in log]
        assert versions == list(range(versions[0], full["version"] + 1))
        for c in (again, *clients.values()):
            await c.close()
    finally:
        await stop_server(server)
