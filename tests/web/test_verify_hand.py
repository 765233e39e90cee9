"""A player verifies a hand in the browser (docs/FAIRNESS.md): after a hand, the history page's
"Verify this hand" recomputes the deck with Web Crypto and checks the player's cards."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up


def _player(browser: Any, server: Any, prefix: str) -> tuple[Any, Any, Frames]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 800}, base_url=server.url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # type: ignore[attr-defined]
    frames = Frames(page)
    sign_up(page, new_name(prefix))
    return ctx, page, frames


def test_a_player_verifies_a_hand_from_the_history_page(browser: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    ctx_a, a, frames_a = _player(browser, server, "vera")
    ctx_b, b, frames_b = _player(browser, server, "vito")
    try:
        # The browser's own client seed went to the server when the session started.
        seed_a = a.evaluate("localStorage.getItem('pokerroom.client_seed')")
        assert seed_a and len(seed_a) == 32
        join_from_lobby(a, table)
        join_from_lobby(b, table)
        deadline = time.monotonic() + 60
        folded = False
        while not folded and time.monotonic() < deadline:
            for page, frames in ((a, frames_a), (b, frames_b)):
                legal = (frames.latest_view(table) or {}).get("legal")
                if legal and not legal.get("after_hand"):
                    page.get_by_test_id("action-bar").get_by_role("button", name="Fold").click()
                    folded = True
                    break
            else:
                a.wait_for_timeout(100)
        assert folded, "nobody was offered a decision"
        dealt = [e for m in frames_a.messages("table_events") for e in m["events"]
                 if e["type"] == "HandDealt"]
        assert dealt and seed_a in dealt[0]["client_seeds"]  # published with the commitment
        # The hand is settled and stored once its result is sent (after the commit); a fixed
        # wait here was too short on a loaded machine.
        deadline = time.monotonic() + 30
        while (not any(m.get("table") == table for m in frames_a.messages("hand_result"))
               and time.monotonic() < deadline):
            a.wait_for_timeout(100)
        assert any(m.get("table") == table for m in frames_a.messages("hand_result"))
        a.goto(f"{server.url}/#/history")
        a.get_by_role("link", name="Replay").first.click()
        a.get_by_test_id("verify-hand").click()
        verdict = a.get_by_test_id("verify-verdict")
        expect(verdict).to_contain_text("Verified", timeout=10_000)
        box = a.get_by_test_id("fairness")
        expect(box).to_contain_text(dealt[0]["commitment"])
        expect(box).to_contain_text("your cards")
        assert "✗" not in box.inner_text()
        # The same screen in German.
        a.get_by_label("Language").select_option("de")
        a.get_by_role("button", name="Diese Hand prüfen").click()
        expect(a.get_by_test_id("verify-verdict")).to_contain_text("Geprüft", timeout=10_000)
        expect(box).to_contain_text("deine Karten")
        expect(box).to_contain_text("Festlegung " + dealt[0]["commitment"])
        assert "✗" not in box.inner_text()
        assert not a.js_errors  # type: ignore[attr-defined]
    finally:
        ctx_a.close()
        ctx_b.close()
