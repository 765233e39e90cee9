"""Player notes and the stats line in Chromium: after hands together, each player's seat
shows the other's hands, VPIP and PFR (as the server computes them from stored hands); a
note written from the seat shows on that seat for its author only and survives a reload."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, Frames, join_from_lobby, new_name, sign_up


def _player(browser: Any, url: str, prefix: str) -> tuple[Any, Any, Frames, str]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors  # type: ignore[attr-defined]
    frames = Frames(page)
    name = new_name(prefix)
    sign_up(page, name)
    return ctx, page, frames, name


def test_notes_on_a_seat_and_the_stats_line(browser: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    ctx_a, a, frames_a, name_a = _player(browser, server.url, "noter")
    ctx_b, b, frames_b, name_b = _player(browser, server.url, "noted")
    try:
        join_from_lobby(a, table)
        join_from_lobby(b, table)
        deadline = time.monotonic() + 120
        while len(frames_a.messages("hand_result")) < 2 and time.monotonic() < deadline:
            for page, frames in ((a, frames_a), (b, frames_b)):
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
                    page.wait_for_timeout(200)
            a.wait_for_timeout(100)
        assert len(frames_a.messages("hand_result")) >= 2, "two hands did not end"
        # The stats line on the other player's seat equals the server's figures.
        seat_b = a.locator(f".seat[data-name='{name_b}']")
        stats = seat_b.get_by_test_id("seat-stats")
        expect(stats).to_have_text(re.compile(r"^\d+ h · VPIP \d+ · PFR \d+$"), timeout=20_000)
        server_line = a.evaluate(
            "async (n) => (await (await fetch('/api/players?names=' + n)).json()).players[0]",
            name_b)
        assert server_line["hands"] >= 1
        expect(stats).to_have_text(
            f"{server_line['hands']} h · VPIP {server_line['vpip']} · PFR {server_line['pfr']}")
        # Both called every first street: VPIP counts the calls of the small blind, at least.
        assert 0 <= server_line["pfr"] <= server_line["vpip"] <= 100
        # A note from the seat.
        seat_b.get_by_role("button", name=f"Note on {name_b}").click()
        dialog = a.get_by_role("dialog")
        dialog.get_by_label(f"Note on {name_b}").fill("limps a lot")
        dialog.get_by_role("button", name="Save").click()
        expect(dialog).to_be_hidden()
        expect(seat_b.get_by_test_id("seat-note")).to_have_text("limps a lot")
        a.reload()
        expect(a.locator(f".seat[data-name='{name_b}']").get_by_test_id("seat-note")).to_have_text(
            "limps a lot")
        # The noted player sees no note on the author's seat.
        seat_a = b.locator(f".seat[data-name='{name_a}']")
        expect(seat_a).to_be_visible()
        expect(seat_a.get_by_test_id("seat-note")).to_have_count(0)
        assert PASSWORD and not a.js_errors and not b.js_errors  # type: ignore[attr-defined]
    finally:
        ctx_a.close()
        ctx_b.close()
