"""After the hand, a player may show cards nobody saw (R-SD-5); the auto-post choice is kept
and acted on (R-BLIND-3, R-BLIND-6). Real server, real WebSocket clients."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from roomharness import (
    Client,
    RunningServer,
    make_settings,
    of_type,
    register,
    start_server,
    stop_server,
)

TABLE = "antares-1"


@pytest.fixture
async def slow_server(tmp_path: Path) -> AsyncIterator[RunningServer]:
    # A pause between hands long enough for a client to choose to show.
    running = await start_server(make_settings(tmp_path, between_hands_seconds=1.5, seed=7))
    yield running
    await stop_server(running)


async def _seat(server: RunningServer, names: tuple[str, ...]) -> dict[str, Client]:
    clients = {}
    for n in names:
        c = await Client.connect(server.ws_url, token=await register(server, n))
        await c.send(type="sit", table=TABLE, buy_in=10_000)
        await c.wait_for(of_type("balance"))
        clients[n] = c
    return clients


async def _watcher(server: RunningServer) -> Client:
    watcher = await Client.connect(server.ws_url)
    await watcher.send(type="observe", table=TABLE)
    await watcher.wait_for(lambda m: m["type"] in ("table_view", "table_events"))
    return watcher


def _shown_events(client: Client, start: int = 0) -> list[dict[str, Any]]:
    return [e for m in client.received[start:] if m["type"] == "table_events"
            for e in m["events"] if e["type"] == "HandShown"]


async def _pause_after(clients: dict[str, Client], policy: Any) -> dict[str, Any]:
    """Play one hand with `policy(legal)`; return the hand_result once it arrives."""
    first = next(iter(clients.values()))
    start = len(first.received)
    answered: set[tuple[str, int, int]] = set()
    for _ in range(1000):
        results = [m for m in first.received[start:] if m["type"] == "hand_result"]
        if results:
            return results[0]
        for name, c in clients.items():
            legal = (c.views.get(TABLE) or {}).get("legal")
            if legal and not legal.get("after_hand"):
                key = (name, legal["hand"], legal["action_no"])
                if key not in answered:
                    answered.add(key)
                    await c.send(type="act", table=TABLE, hand=legal["hand"],
                                 action_no=legal["action_no"], action=policy(legal))
        await asyncio.sleep(0.01)
    raise AssertionError("the hand did not end")


async def _offer(client: Client, hand: int) -> dict[str, Any] | None:
    """The show offer this client's latest view holds for `hand` (after the result)."""
    await asyncio.sleep(0.1)
    legal = (client.views.get(TABLE) or {}).get("legal")
    if legal and legal.get("after_hand") and legal["hand"] == hand:
        return legal
    return None


async def test_R_SD_5_a_winner_without_showdown_may_show_and_everyone_sees_it(slow_server) -> None:
    """R-SD-5: a player who won without a showdown is offered to show; the folded player is
    not; the shown cards reach every player and an observer as the core's HandShown event."""
    clients = await _seat(slow_server, ("alice", "bobby"))
    watcher = await _watcher(slow_server)
    result = await _pause_after(clients, lambda legal: "fold")
    hand = result["hand"]
    (winner_seat,) = {w["seat"] for w in result["winners"]}
    assert result["shown"] == {}
    by_seat = {c.views[TABLE]["you"]["seat"]: (n, c) for n, c in clients.items()}
    winner_name, winner = by_seat[winner_seat]
    loser = next(c for n, c in clients.items() if n != winner_name)
    offer = await _offer(winner, hand)
    assert offer is not None and offer["show"] is True and offer["seat"] == winner_seat
    assert not (offer["fold"] or offer["check"] or offer["call"])
    assert await _offer(loser, hand) is None  # a folded hand is not shown
    assert (watcher.views.get(TABLE) or {}).get("legal") is None
    # The loser may not show a folded hand; a betting action after the hand is refused.
    await loser.send(type="act", table=TABLE, hand=hand, action_no=offer["action_no"],
                     action="show", ref="folded")
    assert (await loser.wait_for(of_type("error", ref="folded")))["rule"] == "R-SD-5"
    await winner.send(type="act", table=TABLE, hand=hand, action_no=offer["action_no"],
                      action="check", ref="check")
    assert (await winner.wait_for(of_type("error", ref="check")))["rule"] == "R-SD-5"
    marks = {id(c): len(c.received) for c in (*clients.values(), watcher)}
    await winner.send(type="act", table=TABLE, hand=hand, action_no=offer["action_no"],
                      action="show")
    for c in (*clients.values(), watcher):
        await c.wait_for(lambda m: m["type"] == "table_events" and any(
            e["type"] == "HandShown" for e in m["events"]), start=marks[id(c)])
        (shown,) = _shown_events(c, marks[id(c)])
        assert shown["seat"] == winner_seat
        assert len(shown["cards"]) == 2 and all(shown["cards"])
        again = await c.wait_for(of_type("hand_result", hand=hand), start=marks[id(c)])
        assert again["shown"][str(winner_seat)] == shown["cards"]
    # The winner's own hole cards are the ones shown.
    own = [e for m in winner.received if m["type"] == "table_events" for e in m["events"]
           if e["type"] == "HoleCardsDealt" and e["seat"] == winner_seat]
    assert own[-1]["cards"] == shown["cards"]
    # Once shown, no more offer; showing twice is refused.
    assert await _offer(winner, hand) is None
    await winner.send(type="act", table=TABLE, hand=hand, action_no=offer["action_no"] + 1,
                      action="show", ref="twice")
    err = await winner.wait_for(lambda m: m["type"] == "error" and m.get("ref") == "twice")
    assert err["code"] in ("illegal_action", "stale_action")
    for c in (*clients.values(), watcher):
        await c.close()


async def test_R_SD_5_a_mucked_hand_may_be_shown_after_the_showdown(slow_server) -> None:
    """R-SD-5: a player who mucked at the showdown (R-SD-2) is offered to show; the shown
    cards reach the observer, who never saw them before."""
    clients = await _seat(slow_server, ("carol", "derek"))
    watcher = await _watcher(slow_server)
    for _ in range(12):
        result = await _pause_after(
            clients, lambda legal: "check" if legal["check"] else "call")
        hand = result["hand"]
        offers = {n: await _offer(c, hand) for n, c in clients.items()}
        muckers = [n for n, o in offers.items() if o is not None]
        if muckers:
            break
    else:
        raise AssertionError("no showdown with a mucked hand in 12 hands")
    (name,) = muckers
    seat = clients[name].views[TABLE]["you"]["seat"]
    assert str(seat) not in result["shown"] and len(result["shown"]) == 1
    mark = len(watcher.received)
    offer = offers[name]
    assert offer is not None
    await clients[name].send(type="act", table=TABLE, hand=hand, action_no=offer["action_no"],
                             action="show")
    await watcher.wait_for(lambda m: m["type"] == "table_events" and any(
        e["type"] == "HandShown" for e in m["events"]), start=mark)
    (shown,) = _shown_events(watcher, mark)
    assert shown["seat"] == seat and len(shown["cards"]) == 2 and all(shown["cards"])
    # Before the show, the watcher had no card of that seat in this hand (from its deal on:
    # an earlier hand may have ended in a showdown that showed them).
    dealt = max(i for i, m in enumerate(watcher.received[:mark]) if m["type"] == "table_events"
                and any(e["type"] == "HandDealt" for e in m["events"]))
    before = [e for m in watcher.received[dealt:mark] if m["type"] == "table_events"
              for e in m["events"] if e.get("seat") == seat and e.get("cards")]
    assert not any(all(e["cards"]) for e in before if e["type"] != "BoardDealt")
    for c in (*clients.values(), watcher):
        await c.close()


def _deals(client: Client, start: int = 0) -> list[dict[str, Any]]:
    return [e for m in client.received[start:] if m["type"] == "table_events"
            for e in m["events"] if e["type"] == "HandDealt"]


def _calm(legal: dict[str, Any]) -> str:
    return "check" if legal["check"] else "call"


async def test_auto_post_off_is_kept_reported_and_the_player_waits_for_the_big_blind(
        slow_server) -> None:
    """R-BLIND-3, R-BLIND-6: a player who turned auto-post off keeps `you.auto_post: false`
    hand after hand (also once dealt in), and whenever a post is owed (new at the table, or
    back from sitting out) is dealt in only as the big blind; on again, the view says so."""
    clients = await _seat(slow_server, ("erin", "frank", "gina"))
    await _pause_after(clients, _calm)  # the first hand deals everyone: play it without hugo
    hugo = await Client.connect(slow_server.ws_url, token=await register(slow_server, "hugo"))
    await hugo.send(type="sit", table=TABLE, buy_in=10_000, blind="post")
    await hugo.wait_for(of_type("balance"))
    mark = len(hugo.received)
    await hugo.send(type="auto_post", table=TABLE, on=False)
    await hugo.wait_for(lambda m: m.get("view", {}).get("you", {}).get("auto_post") is False,
                        start=mark)
    seat = hugo.views[TABLE]["you"]["seat"]
    everyone = {**clients, "hugo": hugo}

    async def play_until_dealt(limit: int) -> None:
        for _ in range(limit):
            start = len(hugo.received)
            await _pause_after(everyone, _calm)
            assert hugo.views[TABLE]["you"]["auto_post"] is False  # kept, hand after hand
            (deal,) = _deals(hugo, start)
            if seat in deal["dealt_in"]:
                assert deal["big_blind"] == seat, deal  # never a post owed: only the big blind
                return
        raise AssertionError(f"hugo was not dealt in within {limit} hands")

    await play_until_dealt(6)
    # Sit out, miss the blinds, come back: still no post, wait for the big blind again.
    await hugo.send(type="sit_out", table=TABLE)
    for _ in range(6):
        await _pause_after(everyone, _calm)
        missed = [e for m in hugo.received if m["type"] == "table_events" for e in m["events"]
                  if e["type"] == "BlindMissed" and e.get("seat") == seat]
        if missed and hugo.views[TABLE]["you"]["sitting_out"]:
            break
    else:
        raise AssertionError("hugo missed no blind while sitting out")
    await hugo.send(type="sit_in", table=TABLE)
    await play_until_dealt(6)
    mark = len(hugo.received)
    await hugo.send(type="auto_post", table=TABLE, on=True)
    await hugo.wait_for(lambda m: m.get("view", {}).get("you", {}).get("auto_post") is True,
                        start=mark)
    await _pause_after(everyone, _calm)
    assert hugo.views[TABLE]["you"]["auto_post"] is True
    for c in everyone.values():
        await c.close()
