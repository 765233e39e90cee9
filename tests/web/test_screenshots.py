"""The README screenshots (docs/screenshots/), taken from the real server with real bots:
the lobby, a poker table at showdown, an Ultimate Texas Hold'em table after a round.

Slow (about a minute): run with `pytest -m slow tests/web/test_screenshots.py`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import SCREENSHOTS, Frames, join_from_lobby, new_name, sign_up

VIEWPORT = {"width": 1280, "height": 800}


@pytest.mark.slow
def test_screenshots_of_lobby_showdown_and_uth(browser: Any, server: Any, bots: Any,
                                                tmp_path: Path) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table = "antares-1"
    bots.start(server.url, 4, table=table, log=tmp_path / "bots-table.log", think=0.3)
    bots.start(server.url, 8, log=tmp_path / "bots-room.log", think=0.3)
    ctx = browser.new_context(viewport=VIEWPORT, base_url=server.url, device_scale_factor=1)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    frames = Frames(page)
    sign_up(page, new_name("Maya"))
    expect(page.locator(f"tr[data-table='{table}']")).to_be_visible()

    # A poker table at showdown: play check/call until a hand ends with cards shown.
    join_from_lobby(page, table)
    deadline = time.monotonic() + 120
    seen = 0
    shot = False
    while time.monotonic() < deadline and not shot:
        results = frames.messages("hand_result")
        for result in results[seen:]:
            if len(result.get("shown") or {}) >= 2:
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(400)
                page.screenshot(path=str(SCREENSHOTS / "poker-table-showdown.png"))
                shot = True
                break
        seen = len(results)
        legal = (frames.latest_view(table) or {}).get("legal")
        if legal and not shot:
            bar = page.get_by_test_id("action-bar")
            button = bar.get_by_role("button", name="Check")
            if not button.count():
                button = bar.get_by_role("button", name="Call")
            if button.count():
                button.first.click()
                page.wait_for_timeout(300)
        page.wait_for_timeout(100)
    assert shot, "no showdown within two minutes"
    page.get_by_role("button", name="Leave table").click()

    # An Ultimate Texas Hold'em round with Trips, decided by the hint.
    uth = server.table("uth")
    page.goto("/#/lobby")
    page.locator(f"tr[data-table='{uth['id']}']").get_by_role("button", name="Join").click()
    felt = page.get_by_test_id("uth-table")
    expect(felt.get_by_role("button", name="Deal")).to_be_visible()
    chips = felt.locator(".chip-rack .chip-btn")
    felt.locator("[data-spot=ante]").click()
    chips.nth(1).click()
    felt.locator("[data-spot=trips]").click()
    chips.nth(0).click()
    felt.get_by_role("button", name="Deal").click()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not page.get_by_test_id("uth-net").count():
        view = frames.latest_view(uth["id"]) or {}
        legal = view.get("legal") or {}
        if legal.get("decisions"):
            label = {"play4": "Play 4x", "play3": "Play 3x", "play2": "Play 2x", "play1": "Play 1x",
                     "check": "Check", "fold": "Fold"}[legal.get("hint") or legal["decisions"][0]]
            button = felt.get_by_role("button", name=label, exact=True)
            if button.count():
                button.click()
                page.wait_for_timeout(400)
        page.wait_for_timeout(150)
    expect(page.get_by_test_id("uth-net")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0); document.getElementById('banner').hidden = true")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / "uth-table.png"), full_page=True)

    # The lobby last, once the bots have played long enough for its figures.
    page.goto("/#/lobby")
    expect(page.locator(f"tr[data-table='{table}']")).to_be_visible()
    page.wait_for_timeout(500)
    page.evaluate("document.getElementById('banner').hidden = true")
    page.screenshot(path=str(SCREENSHOTS / "lobby.png"))
    ctx.close()
