"""R-SD-2 in stud, in the browser: a hand mucked at the showdown turns its hole cards face
down, and its up cards, which the whole table saw, stay face up on the felt.

A player seated at the stud table calls every street against three bots, and a watcher
looks on. The player's view of a mucked bot hand carries every card (R-SD-2: the players
dealt in may see it in the hand history), the watcher's only the up cards: on both felts
the mucked seat shows exactly its up cards and backs for the rest.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from liveserver import SERVER_SETTINGS, LiveServer
from webtest_helpers import HAND_TIMEOUT_S, Frames, join_from_lobby, new_name, shown_cards, sign_up


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    # A longer pause between hands: the felt keeps the finished hand while the test reads it.
    settings = {**SERVER_SETTINGS, "between_hands_seconds": 8.0}
    live = LiveServer(tmp_path / "room.db", **settings).start()
    try:
        yield live
    finally:
        live.stop()


def _mucks(frames: Frames, table: str) -> list[tuple[int, dict[str, Any]]]:
    """(seat, view) of every CardsMucked event this page received, with the view that came
    with it (the finished hand as this page sees it)."""
    out = []
    for msg in frames.messages("table_events"):
        if msg.get("table") != table or not msg.get("view"):
            continue
        for ev in msg.get("events") or []:
            if ev.get("type") == "CardsMucked":
                out.append((int(ev["seat"]), dict(msg["view"])))
    return out


def _public_cards(view: dict[str, Any], seat: int) -> list[str] | None:
    """What the table saw of a seat: its up cards, "back" for the others."""
    entry = next((s for s in view.get("seats") or [] if s.get("seat") == seat), None)
    if not entry or not entry.get("cards"):
        return None
    up = entry.get("up") or []
    return [c if c and i < len(up) and up[i] else "back" for i, c in enumerate(entry["cards"])]


def _felt_cards(page: Any, seat: int) -> list[str]:
    return shown_cards(page, f"[data-testid=felt] .seat[data-seat='{seat}'] [data-testid=seat-cards]")


def _act(page: Any, frames: Frames, table: str, clicked: dict[tuple[int, int], float]) -> None:
    """Answer the page's decision, if it has one: check, call or bring in, never fold (and
    click again if the server still asks after a few seconds)."""
    legal = (frames.latest_view(table) or {}).get("legal")
    if not legal or legal.get("after_hand"):
        return
    key = (legal["hand"], legal["action_no"])
    if time.monotonic() - clicked.get(key, -10.0) < 3:
        return
    bar = page.get_by_test_id("action-bar")
    for name in ("Check", "Call", "Bring in"):
        button = bar.get_by_role("button", name=name)
        if button.count():
            clicked[key] = time.monotonic()
            button.first.click()
            return


def test_R_SD_2_a_mucked_stud_hand_keeps_its_up_cards_face_up(
    page: Any, browser: Any, server: Any, bots: Any, tmp_path: Path
) -> None:
    table = next(e for e in server.lobby() if e.get("game") == "stud" and not e.get("mix"))["id"]
    # The watcher: signed in, on the table page, not seated.
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
    watcher = ctx.new_page()
    watcher.set_default_timeout(15_000)
    watcher_errors: list[str] = []
    watcher.on("pageerror", lambda exc: watcher_errors.append(str(exc)))
    watcher_frames = Frames(watcher)
    sign_up(watcher, new_name("rail"))
    watcher.goto(f"{server.url}/#/table/{table}")

    frames = Frames(page)
    sign_up(page, new_name("stud"))
    join_from_lobby(page, table, post_blind=False)
    bots.start(server.url, 3, table=table, log=tmp_path / "bots.log", think=0.2)

    me: int | None = None
    clicked: dict[tuple[int, int], float] = {}
    checked: dict[str, list[str]] = {}  # which felt showed a mucked hand, and what it showed
    deadline = time.monotonic() + 8 * HAND_TIMEOUT_S
    while not {"player", "watcher"} <= checked.keys():
        assert time.monotonic() < deadline, f"no mucked hand seen on both felts: {checked}"
        _act(page, frames, table, clicked)
        view = frames.latest_view(table) or {}
        if me is None and view.get("you"):
            me = view["you"].get("seat")
        for who, pg, fr in (("player", page, frames), ("watcher", watcher, watcher_frames)):
            if who in checked:
                continue
            for seat, final in _mucks(fr, table):
                if who == "player" and seat == me:
                    continue  # one's own mucked hand stays in view for oneself
                seen = _public_cards(final, seat)  # what the whole table saw of that hand
                if not seen or "back" not in seen or all(c == "back" for c in seen):
                    continue
                shown: list[str] = []
                until = time.monotonic() + 5
                while time.monotonic() < until:
                    shown = _felt_cards(pg, seat)
                    if shown == seen:
                        break
                    pg.wait_for_timeout(100)
                assert shown == seen, (who, seat, shown, seen, final.get("hand_id"))
                checked[who] = shown
                break
        page.wait_for_timeout(100)
    # Up cards face up, the hole cards face down.
    for shown in checked.values():
        assert "back" in shown and any(c != "back" for c in shown), checked
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
    assert not watcher_errors, watcher_errors
    ctx.close()
