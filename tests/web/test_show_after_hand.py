"""R-SD-5 in the browser: the winner of a hand won without a showdown gets a "Show cards"
button in the pause after the hand; clicking it shows the cards to the other player."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def _player(browser: Any, server: Any, prefix: str) -> tuple[Any, Any, Frames]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 800}, base_url=server.url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    frames = Frames(page)
    sign_up(page, new_name(prefix))
    return ctx, page, frames


def test_R_SD_5_show_cards_button_after_a_hand_won_without_showdown(
    browser: Any, server: Any
) -> None:
    """R-SD-5: the winner without a showdown clicks "Show cards"; the other page gets the
    cards in a HandShown event and the log says so. The folder gets no such button."""
    table = server.table("poker", "no-limit")["id"]
    ctx_a, a, frames_a = _player(browser, server, "shia")
    ctx_b, b, frames_b = _player(browser, server, "shib")
    try:
        join_from_lobby(a, table)
        join_from_lobby(b, table)
        players = [(a, frames_a), (b, frames_b)]
        # Whoever is offered a decision first folds from the action bar.
        deadline = time.monotonic() + 60
        folder = None
        while folder is None and time.monotonic() < deadline:
            for player in players:
                legal = (player[1].latest_view(table) or {}).get("legal")
                if legal and not legal.get("after_hand"):
                    player[0].get_by_test_id("action-bar").get_by_role("button", name="Fold").click()
                    folder = player
                    break
            else:
                a.wait_for_timeout(100)
        assert folder is not None, "nobody was offered a decision"
        winner = next(p for p in players if p is not folder)
        show = winner[0].get_by_test_id("show-cards")
        expect(show).to_be_visible(timeout=5_000)
        expect(show).to_have_text("Show cards")
        expect(folder[0].get_by_test_id("show-cards")).to_have_count(0)
        show.click()
        deadline = time.monotonic() + 10
        shown: list[dict[str, Any]] = []
        while not shown and time.monotonic() < deadline:
            shown = [e for m in folder[1].messages("table_events") for e in m["events"]
                     if e["type"] == "HandShown"]
            folder[0].wait_for_timeout(100)
        assert shown, "the other player never received the shown cards"
        assert all(CARD.match(c) for c in shown[0]["cards"]) and len(shown[0]["cards"]) == 2
        expect(folder[0].get_by_test_id("log")).to_contain_text("shows")
        expect(show).to_have_count(0)
    finally:
        ctx_a.close()
        ctx_b.close()
