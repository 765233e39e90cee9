"""Every screen at a 1366x768 laptop and a 390x844 phone: nothing wider than the screen, the
lobby's Join buttons inside it, and at the table the action buttons and the clock on screen
without scrolling, while a hand waits for this player's decision."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up, wait_for_decision

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def inside(page: Any, locator: Any, what: str) -> None:
    """`locator` is wholly inside the viewport as the page stands (no scrolling)."""
    size = page.viewport_size
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None, f"{what} is not drawn"
    assert box["x"] >= -1 and box["y"] >= -1, (what, box)
    assert box["x"] + box["width"] <= size["width"] + 1, (what, box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (what, box, size)


def no_sideways_scroll(page: Any, where: str) -> None:
    extra = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert extra <= 0, f"{where}: {extra}px wider than the screen"


def title_below_header(page: Any) -> None:
    header = page.locator("header.topbar").bounding_box()
    title = page.locator("main h1").first.bounding_box()
    assert header is not None and title is not None
    assert title["y"] >= header["y"] + header["height"] - 1, (header, title)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_every_screen_fits(browser: Any, server: Any, bots: Any, tmp_path: Path,
                           size: str) -> None:
    phone = size == "phone"
    ctx = browser.new_context(viewport=SIZES[size], base_url=server.url, locale="en-US",
                              is_mobile=phone, has_touch=phone)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        frames = Frames(page)
        page.goto("/")
        expect(page.get_by_role("button", name="Sign up")).to_be_visible()
        inside(page, page.get_by_role("button", name="Sign up"), "Sign up")
        no_sideways_scroll(page, "login")
        sign_up(page, new_name(size))
        no_sideways_scroll(page, "lobby")
        title_below_header(page)
        joins = page.get_by_role("button", name="Join", exact=True)
        expect(joins.first).to_be_visible()
        inside(page, joins.first, "the first Join button")
        for i in range(joins.count()):
            box = joins.nth(i).bounding_box()
            assert box is not None and box["x"] + box["width"] <= SIZES[size]["width"] + 1, i

        table = server.table("poker", "no-limit")["id"]
        bots.start(server.url, 2, table=table, log=tmp_path / "bots.log")
        join_from_lobby(page, table)
        legal = wait_for_decision(page, frames, table)
        assert legal is not None
        no_sideways_scroll(page, "table")
        title_below_header(page)
        bar = page.get_by_test_id("action-bar")
        buttons = bar.locator(".action-buttons button")
        assert buttons.count() >= 2
        for i in range(buttons.count()):
            inside(page, buttons.nth(i), f"action button {buttons.nth(i).inner_text()!r}")
        inside(page, page.get_by_test_id("clock"), "the clock")
        if bar.get_by_test_id("amount-slider").count():
            inside(page, bar.get_by_test_id("amount-slider"), "the slider")
            inside(page, bar.get_by_test_id("amount-box"), "the amount box")
        page.screenshot(path=str(tmp_path / f"table-{size}.png"))

        for route in ("#/history", "#/account"):
            page.goto(f"/{route}")
            expect(page.locator("main h1")).to_be_visible()
            no_sideways_scroll(page, route)
            title_below_header(page)
        uth = server.table("uth")["id"]
        page.goto(f"/#/uth/{uth}")
        expect(page.get_by_test_id("uth-table").locator(".spot")).to_have_count(4)
        no_sideways_scroll(page, "uth")
    finally:
        ctx.close()
