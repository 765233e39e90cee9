"""A draw table in the browser (R-DRAW-2, R-DRAW-5): the player clicks cards to mark them,
"Draw N" sends exactly those cards, the log shows the exchange to that player only, and
nothing of anyone else's draw reaches the page."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import (
    Frames,
    join_from_lobby,
    my_seat,
    new_name,
    sign_up,
    wait_decision_taken,
    wait_for_decision,
)

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.rules.config import Game
from pokerroom.core.rules.showdown import hand_parts

TABLE = "mira"  # the default room's deuce-to-seven triple-draw table


def test_R_DRAW_2_click_cards_then_draw_them_at_the_triple_draw_table(
        page: Any, server: Any, bots: Any) -> None:
    frames = Frames(page)
    sign_up(page, new_name("drew"))
    join_from_lobby(page, TABLE)
    bots.start(server.url, 2, table=TABLE, think=0.1)
    deadline = time.monotonic() + 150
    legal = None
    while time.monotonic() < deadline:
        legal = wait_for_decision(page, frames, TABLE, timeout_s=90)
        if legal and legal.get("draw"):
            break
        if legal:  # a betting turn: check or call on to the draw (the C key)
            page.locator("body").press("c")
            wait_decision_taken(page, frames, TABLE, legal)
    assert legal and legal.get("draw") == {"min": 0, "max": 5}, legal

    bar = page.get_by_test_id("action-bar")
    expect(page.get_by_test_id("draw-hint")).to_be_visible()
    expect(bar.get_by_test_id("draw-button")).to_be_disabled()  # nothing marked yet
    mine = page.locator("[data-testid=my-cards] .card")
    expect(mine).to_have_count(5)
    before = [c.get_attribute("data-card") for c in mine.all()]
    # The hand in words under the cards, from the server's parts ("7-5-4-3-2", "Pair of ...").
    parts = hand_parts(Game.DEUCE_SEVEN_TRIPLE, list(to_codes(parse_cards(" ".join(before)))), [])
    own_words = page.get_by_test_id("my-hand")
    if parts["category"] == "HIGH_CARD":
        run = "-".join("10" if "23456789TJQKA"[r] == "T" else "23456789TJQKA"[r]
                       for r in parts["ranks"])  # type: ignore[union-attr]
        expect(own_words).to_have_text(run)
    else:
        expect(own_words).to_have_text(re.compile(
            r"^(Pair of|Two Pair|Three of a Kind|Straight|Flush|Full House|Four of a Kind)"))
    # Mark two cards; a second click unmarks one again; mark another.
    for i in (0, 3, 3, 4):
        mine.nth(i).click()
    expect(mine.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(mine.nth(3)).to_have_attribute("aria-pressed", "false")
    expect(bar.get_by_test_id("draw-button")).to_have_text("Draw 2")
    sent_before = len(frames.sent)
    bar.get_by_test_id("draw-button").click()
    wait_decision_taken(page, frames, TABLE, legal)
    acts = [json.loads(m) for m in frames.sent[sent_before:] if '"act"' in m]
    assert len(acts) == 1 and acts[0]["action"] == "draw", acts
    assert sorted(acts[0]["cards"]) == sorted([before[0], before[4]])
    assert not [e for e in frames.errors() if e.get("code") == "illegal_action"]

    # The exchange is in this player's log with the cards; the kept cards are still held.
    expect(page.get_by_test_id("log")).to_contain_text("exchanges", timeout=15_000)
    seat = my_seat(frames.latest_view(TABLE))
    drawn = [e for raw in frames.received for e in _events(raw) if e.get("type") == "CardsDrawn"]
    own = [e for e in drawn if e.get("seat") == seat]
    assert own and sorted(own[0]["discarded"]) == sorted([before[0], before[4]])
    assert len(own[0]["drawn"]) == 2
    # Nobody else's discards or new cards ever reached this page (R-DRAW-5).
    for e in drawn:
        if e.get("seat") != seat:
            assert e["discarded"] == [] and e["drawn"] == [], e
    assert not page.js_errors


def _events(raw: str) -> list[dict[str, Any]]:
    try:
        msg = json.loads(raw)
    except ValueError:
        return []
    if not isinstance(msg, dict):
        return []
    out = list(msg.get("events") or [])
    view = msg.get("view") or {}
    out += list(view.get("log") or []) if isinstance(view, dict) else []
    return [e for e in out if isinstance(e, dict)]
