"""The README's screenshot of a mixed table (docs/screenshots/mixed-horse-table.png): HORSE at
Lyra, taken from the real server with real bots while the rotation deals Seven Card Stud
(the header names the mix, the game now and the next one; the felt lays out stud's up and
down cards). One hand per game (rotate = 1) so the rotation comes round quickly.

Slow (a minute or two): run with `pytest -m slow tests/web/test_screenshot_mixed.py`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, SCREENSHOTS, Frames, new_name

ROOM = """
[room]
name = "mixed"
currency = "EUR"
[[table]]
name = "Lyra"
game = "horse"
rotate = 1
seats = 8
stakes = { small_blind = 100, big_blind = 200, small_bet = 200, big_bet = 400, ante = 25, bring_in = 50 }
"""
LATE_STREETS = {"FIFTH", "SIXTH", "SEVENTH", "fifth", "sixth", "seventh"}


@pytest.mark.slow
def test_screenshot_of_a_horse_table_dealing_stud(browser: Any, tmp_path: Path) -> None:
    from liveserver import SERVER_SETTINGS, Bots, LiveServer

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    room = tmp_path / "room.toml"
    room.write_text(ROOM, encoding="utf-8")
    server = LiveServer(tmp_path / "room.db", **{**SERVER_SETTINGS, "room_path": room,
                                                   "between_hands_seconds": 1.5}).start()
    bots = Bots(server.db_url)
    ctx = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768},
                              base_url=server.url, device_scale_factor=1)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        frames = Frames(page)
        page.goto("/")
        page.get_by_label("Username").fill(new_name("Mara"))
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign up").click()
        expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
        page.goto("/#/table/lyra")
        bots.start(server.url, 5, table="lyra", log=tmp_path / "bots.log", think=0.6)
        deadline = time.monotonic() + 240
        shot = False
        while time.monotonic() < deadline and not shot:
            view = frames.latest_view("lyra") or {}
            # A stud hand being played (someone to act), not the razz hand's result still shown.
            if (view.get("game") == "stud" and str(view.get("street")) in LATE_STREETS
                    and view.get("to_act") is not None and not view.get("result")):
                expect(page.locator(".table-head")).to_contain_text("HORSE · now Limit Seven Card Stud")
                page.evaluate("window.scrollTo(0, 0); document.getElementById('banner').hidden = true")
                page.wait_for_timeout(300)
                page.screenshot(path=str(SCREENSHOTS / "mixed-horse-table.png"))
                shot = True
            page.wait_for_timeout(150)
        assert shot, "the rotation never reached a late street of Seven Card Stud"
    finally:
        ctx.close()
        bots.stop()
        server.stop()
