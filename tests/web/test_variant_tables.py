"""The issue 14 variants at the default room's tables in the browser: five hole cards at the
five-card Omaha table (R-OMAHA-1), and at the short-deck table only sixes to aces, the
36-card deck (R-SHORT-1), in the player's hand and on the board. Bots fill the tables; the
player checks or calls on through a few streets."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up, wait_decision_taken
from webtest_helpers import wait_for_decision as decision

SHORT_RANKS = set("6789TJQKA")


def _play_a_while(page: Any, frames: Frames, table: str, turns: int) -> list[str]:
    """Check or call at `turns` decisions; every card seen on the felt meanwhile."""
    seen: list[str] = []
    deadline = time.monotonic() + 150
    done = 0
    while done < turns and time.monotonic() < deadline:
        legal = decision(page, frames, table, timeout_s=90)
        cards = page.locator("[data-testid=my-cards] .card[data-card], "
                             "[data-testid=board] .card[data-card]")
        seen += [c for c in (x.get_attribute("data-card") for x in cards.all())
                 if c and c != "back"]
        if legal:
            page.locator("body").press("c")
            wait_decision_taken(page, frames, table, legal)
            done += 1
    assert done == turns, f"{done} decisions in time"
    return seen


def test_R_OMAHA_1_five_hole_cards_at_the_five_card_omaha_table(
        page: Any, server: Any, bots: Any) -> None:
    frames = Frames(page)
    sign_up(page, new_name("omaha"))
    join_from_lobby(page, "mirach")
    bots.start(server.url, 2, table="mirach", think=0.1)
    assert decision(page, frames, "mirach", timeout_s=90)
    mine = page.locator("[data-testid=my-cards] .card[data-card]:not([data-card=back])")
    expect(mine).to_have_count(5)
    view = frames.latest_view("mirach") or {}
    assert view["variant"]["hole_cards"] == 5


def test_R_SHORT_1_only_sixes_to_aces_at_the_short_deck_table(
        page: Any, server: Any, bots: Any) -> None:
    frames = Frames(page)
    sign_up(page, new_name("short"))
    join_from_lobby(page, "kochab")
    bots.start(server.url, 2, table="kochab", think=0.1)
    seen = _play_a_while(page, frames, "kochab", 4)
    assert len(seen) >= 8, seen
    assert {card[0] for card in seen} <= SHORT_RANKS, seen
    assert (frames.latest_view("kochab") or {})["variant"]["deck_size"] == 36
