"""The client on a phone-sized screen: nothing wider than the screen, the table and its
controls reachable."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from webtest_helpers import new_name, sign_up

PHONE = {"width": 390, "height": 844}


def overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_phone_sized_screen_has_no_sideways_scrolling(browser: Any, server: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, base_url=server.url, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        sign_up(page, new_name("phone"))
        assert overflow(page) <= 0
        table = server.table("poker", "no-limit")["id"]
        page.locator(f"tr[data-table='{table}']").get_by_role("button", name="Watch").click()
        felt = page.get_by_test_id("felt")
        expect(felt).to_be_visible()
        assert overflow(page) <= 0
        box = felt.bounding_box()
        assert box is not None and box["width"] <= PHONE["width"]
        # Every seat of the table is on screen.
        for seat in page.locator(".seat").all():
            seat_box = seat.bounding_box()
            assert seat_box is not None
            assert seat_box["x"] >= -1 and seat_box["x"] + seat_box["width"] <= PHONE["width"] + 1
        # The UTH table: felt, spots and pay tables fit the width too.
        uth = server.table("uth")["id"]
        page.goto(f"/#/uth/{uth}")
        expect(page.get_by_test_id("uth-table").locator(".spot")).to_have_count(4)
        assert overflow(page) <= 0
        for spot in page.locator(".spot").all():
            spot_box = spot.bounding_box()
            assert spot_box is not None and spot_box["x"] + spot_box["width"] <= PHONE["width"] + 1
    finally:
        ctx.close()
