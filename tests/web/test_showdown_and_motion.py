"""At the showdown the cards that made the winning hand are marked (on the board and in the
winner's seat); cards dealt and chips bet come in with a short animation, and none for a
player whose system asks for reduced motion; one's own cards are larger than the others'
on a phone. Two players check and call a hand down to the showdown in Chromium: one on a
390x844 phone asking for reduced motion, one on a 1366x768 laptop."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up

ANIMATION = """(sel) => [...document.querySelectorAll(sel)].map((el) => [
  el.classList.contains('card-enter') || el.classList.contains('chip-move'),
  getComputedStyle(el).animationName])"""

# Every card or chip element that enters the page, recorded as it enters: the felt is redrawn
# by each view and a fresh element keeps its class only until the next redraw, so sampling the
# page now and then (as the loop also does) can miss every one of them on a busy machine.
RECORD_ENTRIES = """
window.__entered = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (!(n instanceof Element)) continue;
    for (const el of [n, ...n.querySelectorAll('.card-enter, .bet.chip-move')]) {
      if (el.matches('.card-enter, .bet.chip-move'))
        window.__entered.push([true, getComputedStyle(el).animationName]);
    }
  }
}).observe(document, {childList: true, subtree: true});
"""
ENTERED = "() => window.__entered.splice(0)"


def _player(browser: Any, url: str, prefix: str, viewport: dict[str, int],
            motion: str) -> tuple[Any, Any, Frames]:
    ctx = browser.new_context(viewport=viewport, base_url=url, reduced_motion=motion)
    ctx.add_init_script(RECORD_ENTRIES)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # type: ignore[attr-defined]
    frames = Frames(page)
    sign_up(page, new_name(prefix))
    return ctx, page, frames


def test_winning_cards_marked_motion_and_reduced_motion_and_own_cards_on_a_phone(
        browser: Any, tmp_path: Path) -> None:
    settings = {**SERVER_SETTINGS, "between_hands_seconds": 10.0}
    server = LiveServer(tmp_path / "room.db", **settings).start()
    table = server.table("poker", "no-limit")["id"]
    ctx_p, phone, frames_p = _player(browser, server.url, "still",
                                     {"width": 390, "height": 844}, "reduce")
    ctx_l, laptop, frames_l = _player(browser, server.url, "moving",
                                      {"width": 1366, "height": 768}, "no-preference")
    try:
        join_from_lobby(phone, table)
        join_from_lobby(laptop, table)
        players = [(phone, frames_p), (laptop, frames_l)]
        saw_motion = {"laptop": False}
        deadline = time.monotonic() + 90
        while not frames_l.messages("hand_result") and time.monotonic() < deadline:
            for page, frames in players:
                legal = (frames.latest_view(table) or {}).get("legal")
                if not legal or legal.get("after_hand"):
                    continue
                bar = page.get_by_test_id("action-bar")
                button = bar.get_by_role("button", name="Check")
                if not button.count():
                    button = bar.get_by_role("button", name="Call")
                if button.count():
                    try:  # the bar is redrawn by every view: a button may go stale; retry
                        button.first.click(timeout=2_000)
                    except PlaywrightError:
                        continue
                    page.wait_for_timeout(150)
            # New things move on the laptop, nothing moves on the phone (reduced motion).
            entered_l = laptop.evaluate(ENTERED)
            for marked, name in laptop.evaluate(ANIMATION, ".card-enter, .bet.chip-move") + entered_l:
                assert marked and name in ("card-in", "chip-in")
                saw_motion["laptop"] = True
            entered_p = phone.evaluate(ENTERED)
            for marked, name in phone.evaluate(ANIMATION, ".card-enter, .bet.chip-move") + entered_p:
                assert marked and name == "none"
            laptop.wait_for_timeout(100)
        results = frames_l.messages("hand_result")
        assert results, "the hand did not end"
        assert saw_motion["laptop"], "no card or chip came in with an animation"
        winners = [w for w in results[0]["winners"] if w.get("cards")]
        assert winners, "nobody folds here: the hand ends in a showdown"
        if winners:  # the winning five are marked
            best = {c for w in winners for c in w["best"]}
            assert len(best) >= 5
            for page in (phone, laptop):
                felt = page.get_by_test_id("felt")
                marked = felt.locator(".card-win")
                expect(marked.first).to_be_visible()
                codes = {el.get_attribute("data-card") for el in marked.all()}
                assert codes <= best and codes, (codes, best)
                board = felt.get_by_test_id("board").locator(".card-win")
                assert {el.get_attribute("data-card") for el in board.all()} == (
                    best & {el.get_attribute("data-card")
                            for el in felt.get_by_test_id("board").locator(".card").all()})
        # On the phone one's own cards are larger than the other player's.
        mine = phone.get_by_test_id("my-cards").locator(".card").first.bounding_box()
        theirs = phone.locator("[data-testid=seat-cards] .card").first.bounding_box()
        assert mine and theirs and mine["width"] >= 38 and mine["width"] > theirs["width"] + 8
        assert not phone.js_errors and not laptop.js_errors  # type: ignore[attr-defined]
    finally:
        ctx_p.close()
        ctx_l.close()
        server.stop()
