"""A hand voided by a restart can be verified in the browser too (issue 16): its server seed is
revealed (the sealed seed, docs/FAIRNESS.md "A hand cut by a crash"), and "Verify this hand"
on its history page recomputes the deck and checks it against the commitment."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up


def test_a_player_verifies_a_hand_voided_by_a_restart(browser: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    contexts, pages = [], []
    errors: list[str] = []
    try:
        for prefix in ("vivi", "walt"):
            ctx = browser.new_context(viewport={"width": 1100, "height": 800},
                                      base_url=server.url)
            contexts.append(ctx)
            page = ctx.new_page()
            page.set_default_timeout(20_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            frames = Frames(page)
            sign_up(page, new_name(prefix))
            join_from_lobby(page, table)
            pages.append((page, frames))
        page, frames = pages[0]
        deadline = time.monotonic() + 30
        while not (frames.latest_view(table) or {}).get("hand_id"):
            assert time.monotonic() < deadline, "no hand started"
            page.wait_for_timeout(100)
        hand_id = frames.latest_view(table)["hand_id"]
        restarted = server.restarted()  # the hand in play is voided
        try:
            expect(page.locator("#banner")).to_contain_text("voided", timeout=30_000)
            page.goto("/#/history")
            row = page.locator(f"tr[data-hand='{hand_id}']")
            expect(row.get_by_test_id("hand-notes")).to_have_text("voided")
            row.get_by_role("link", name="Replay").click()
            page.get_by_test_id("verify-hand").click()
            verdict = page.get_by_test_id("verify-verdict")
            expect(verdict).to_be_visible(timeout=30_000)
            expect(verdict).to_have_text("Verified: this hand was dealt from the deck committed to before it started")
            assert errors == []
        finally:
            restarted.stop()
    finally:
        for ctx in contexts:
            ctx.close()
