"""The table view shows main and side pots while a hand runs (R-POT-1), over real WebSockets."""

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

SHORT, DEEP = 2_000, 10_000  # Antares: no-limit 100/200, buy-in 2 000 to 20 000


@pytest.fixture
async def slow_deal_server(tmp_path: Path) -> AsyncIterator[RunningServer]:
    # A second between hands, so all three are seated before the first hand is dealt.
    running = await start_server(make_settings(tmp_path, between_hands_seconds=1.0))
    yield running
    await stop_server(running)


def _decide(legal: dict[str, Any]) -> tuple[str, int | None]:
    """Preflop the short stack shoves and a deep stack raises to 4 000 once; then checks."""
    raise_span = legal["raise"]
    if raise_span and raise_span["max"] <= SHORT:
        return "raise", raise_span["max"]
    if raise_span and raise_span["min"] <= 4_000 <= raise_span["max"]:
        return "raise", 4_000
    return ("check", None) if legal["check"] else ("call", None)


async def test_R_POT_1_table_view_shows_main_and_side_pot_on_the_flop(
    slow_deal_server: RunningServer,
) -> None:
    """R-POT-1: 2 000 all-in against two players at 4 000 each: on the flop the view has the
    main pot 3 x 2 000 = 6 000 for all three, and a side pot 2 x 2 000 = 4 000 for the two deep
    stacks, while the hand still runs."""
    server, table = slow_deal_server, "antares-1"
    buy_ins = {"shorty": SHORT, "deepa": DEEP, "deepb": DEEP}
    clients: dict[str, Client] = {}
    for name, buy_in in buy_ins.items():
        clients[name] = await Client.connect(server.ws_url, token=await register(server, name))
        await clients[name].send(type="sit", table=table, buy_in=buy_in)
        await clients[name].wait_for(of_type("balance"))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    answered: set[tuple[str, int, int]] = set()
    watcher = clients["deepa"]
    flop: dict[str, Any] | None = None
    while flop is None:
        assert loop.time() < deadline, watcher.received[-3:]
        for name, client in clients.items():
            legal = (client.views.get(table) or {}).get("legal")
            if legal and not legal.get("after_hand"):
                key = (name, legal["hand"], legal["action_no"])
                if key not in answered:
                    answered.add(key)
                    action, amount = _decide(legal)
                    msg: dict[str, Any] = {"type": "act", "table": table, "hand": legal["hand"],
                                           "action_no": legal["action_no"], "action": action}
                    if amount is not None:
                        msg["amount"] = amount
                    await client.send(**msg)
        views = [m["view"] for m in watcher.received
                 if m["type"] in ("table_view", "table_events") and m.get("table") == table]
        flop = next((v for v in views if v.get("hand") and v.get("street") == "FLOP"), None)
        await asyncio.sleep(0.01)
    seat_of = {s["name"]: s["seat"] for s in flop["seats"] if s.get("name") in buy_ins}
    assert len(seat_of) == 3 and all(s["status"] != "waiting" for s in flop["seats"]
                                     if s.get("name") in buy_ins)
    pots = [(p["amount"], sorted(p["eligible"])) for p in flop["pots"]]
    assert pots == [
        (6_000, sorted(seat_of.values())),
        (4_000, sorted([seat_of["deepa"], seat_of["deepb"]])),
    ]
    for c in clients.values():
        await c.close()
