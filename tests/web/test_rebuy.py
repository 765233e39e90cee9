"""After busting: a rebuy offer, not a silent switch to watching. Two players in Chromium go
all-in against each other until one of them has no chips left; that player's page offers
"Buy in" (and the auto-rebuy box), and buying in seats them again with chips."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, my_seat, new_name, sign_up


def _shove(page: Any, frames: Frames, table: str) -> None:
    """Whatever this player may do now, put every chip in (or call an all-in)."""
    legal = (frames.latest_view(table) or {}).get("legal")
    if not legal or legal.get("after_hand"):
        return
    msg: dict[str, Any] = {"type": "act", "table": table, "hand": legal["hand"],
                           "action_no": legal["action_no"]}
    if legal.get("raise"):
        msg.update(action="raise", amount=legal["raise"]["max"])
    elif legal.get("bet"):
        msg.update(action="bet", amount=legal["bet"]["max"])
    elif legal.get("call"):
        msg["action"] = "call"
    elif legal.get("check"):
        msg["action"] = "check"
    else:
        return
    page.evaluate("(m) => window.pokerroom.conn.send(m)", msg)
    page.wait_for_timeout(300)


def test_a_busted_player_is_offered_a_rebuy_and_sits_again(
        browser: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    contexts = [browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url,
                                    locale="en-US") for _ in range(2)]
    try:
        pages, frames = [], []
        for i, ctx in enumerate(contexts):
            page = ctx.new_page()
            page.set_default_timeout(15_000)
            frames.append(Frames(page))
            sign_up(page, new_name(f"shove{i}"))
            join_from_lobby(page, table)
            pages.append(page)
        deadline = time.monotonic() + 240
        busted = None
        while busted is None and time.monotonic() < deadline:
            for i, page in enumerate(pages):
                if page.get_by_role("dialog", name="Out of chips").count():
                    busted = i
                    break
                _shove(page, frames[i], table)
            pages[0].wait_for_timeout(200)
        assert busted is not None, "nobody busted in four minutes of all-ins"
        page = pages[busted]
        offer = page.get_by_role("dialog", name="Out of chips")
        expect(offer).to_contain_text("You have no chips left at this table")
        expect(offer.get_by_label("Buy in again automatically next time")).to_be_visible()
        offer.get_by_role("button", name="Buy in").click()
        buy_in = page.get_by_role("dialog")
        expect(buy_in.get_by_label("Buy-in amount")).not_to_have_value("")
        buy_in.get_by_role("button", name="Sit down").click()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            view = frames[busted].latest_view(table)
            if my_seat(view) is not None:
                break
            page.wait_for_timeout(200)
        view = frames[busted].latest_view(table)
        assert my_seat(view) is not None, "the rebuy did not seat the player"
        me = next(s for s in view["seats"] if s.get("is_you"))
        assert me["stack"] > 0
        expect(page.get_by_test_id("my-stack")).to_be_visible()
    finally:
        for ctx in contexts:
            ctx.close()
