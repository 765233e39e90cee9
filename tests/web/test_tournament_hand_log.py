"""In Chromium: the tournament page lists the player's last hands of this tournament, each a
link to its replay. A heads-up sit & go where one player sits out (R-TOURN-5, the hands go on
at once) and the other checks or calls: the sat-out player's hand log fills as hands end,
and a hand's link opens its replay, in tournament chips."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import new_name, sign_up

ROOM = sit_and_go_room("hand log browser test", starting_chips=100000)


def test_the_tournament_page_lists_my_last_hands_with_their_replays(browser: Any, tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    server = LiveServer(tmp_path / "room.db", **SERVER_SETTINGS, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
                for _ in range(2)]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    errors: list[str] = []
    try:
        for i, page in enumerate(pages):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            sign_up(page, new_name(f"log{i}"))
            page.get_by_role("link", name="Tournaments").click()
            page.locator("tr[data-tournament='duo-1']").get_by_role("button", name="Register").click()
            expect(page.get_by_test_id("tournament-felt")).to_be_visible()
        out, stay = pages
        for page in pages:
            expect(page.get_by_test_id("t-status")).to_have_text("Running")
        expect(out.get_by_test_id("t-hands")).to_contain_text("No hand played yet.")
        out.get_by_test_id("tournament-sit-out").click()
        log = out.get_by_test_id("t-hands").locator("li a")
        deadline = time.monotonic() + 60
        while log.count() < 3:
            assert time.monotonic() < deadline, "the hand log did not fill"
            for name in ("Check", "Call"):
                button = stay.locator(".tournament-actions button", has_text=name)
                if button.count() and button.first.is_visible():
                    button.first.click()
                    break
            stay.wait_for_timeout(200)
        rows = out.get_by_test_id("t-hands").locator("li")
        expect(rows.first).to_contain_text("chips")
        numbers = [int(rows.nth(i).get_attribute("data-hand") or 0) for i in range(rows.count())]
        assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)
        log.first.click()
        expect(out).to_have_url(f"{server.url}/#/history/{numbers[0]}")
        expect(out.get_by_test_id("replay-chips")).to_be_visible()
        expect(out.get_by_test_id("replay-log")).not_to_be_empty()
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
