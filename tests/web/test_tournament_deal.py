"""In Chromium: the final-table deal (R-TOURN-7). Two players sit in a heads-up sit & go;
one proposes a deal; once the hand in progress is over both see the dialog with the exact
ICM split of the prize pool (their own line marked), both accept, the tournament ends and
each wallet moves by exactly their deal amount minus buy-in and fee."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import money_int, new_name, sign_up

ENTRY = 1000 + 100
ROOM = sit_and_go_room("deal browser test", starting_chips=1500)


def test_R_TOURN_7_final_table_deal_accepted_by_all_is_paid(browser: Any, tmp_path: Path) -> None:
    """R-TOURN-7: see the module docstring."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    server = LiveServer(tmp_path / "room.db", **SERVER_SETTINGS, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
                for _ in range(2)]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    errors: list[str] = []
    try:
        before = []
        for i, page in enumerate(pages):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            sign_up(page, new_name(f"deal{i}"))
            before.append(money_int(page.get_by_test_id("balance").inner_text()))
            page.get_by_role("link", name="Tournaments").click()
            page.locator("tr[data-tournament='duo-1']").get_by_role("button", name="Register").click()
            expect(page.get_by_test_id("tournament-felt")).to_be_visible()
        for page in pages:
            expect(page.get_by_test_id("t-status")).to_have_text("Running")
        pages[0].get_by_role("button", name="Propose a deal").click()
        dialogs = [page.get_by_test_id("deal-dialog") for page in pages]
        deadline = time.monotonic() + 60
        while not all(d.is_visible() for d in dialogs):  # the hand in progress ends first
            assert time.monotonic() < deadline, "no deal was offered"
            for page, d in zip(pages, dialogs, strict=True):
                if d.is_visible():
                    continue
                fold = page.get_by_role("button", name="Fold")
                if fold.count() and fold.first.is_visible():
                    fold.first.click()
            pages[0].wait_for_timeout(200)
        amounts = []
        for d in dialogs:
            expect(d).to_contain_text("ICM")
            rows = d.locator("tr")
            expect(rows).to_have_count(2)
            amounts.append(money_int(d.locator("tr", has_text="You").locator("td.num").inner_text()))
        assert sum(amounts) == 2 * 1000  # the whole prize pool, split
        for page in pages:
            page.get_by_role("button", name="Accept").click()
        for page, start, amount in zip(pages, before, amounts, strict=True):
            expect(page.get_by_test_id("t-status")).to_have_text("Finished")
            expect(page.get_by_test_id("tournament-notice")).to_contain_text(" won ")
            deadline = time.monotonic() + 20
            while money_int(page.get_by_test_id("balance").inner_text()) != start - ENTRY + amount:
                assert time.monotonic() < deadline, page.get_by_test_id("balance").inner_text()
                page.reload()
                page.wait_for_timeout(500)
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
