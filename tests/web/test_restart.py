"""The server restarts in the middle of a hand: the page reconnects by itself, says the hand was
voided, and shows the player still seated at the same seat (issue 10: a restart reseats players
with the voided hand's start stacks instead of cashing them out); the wallet is unchanged."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import (
    Frames,
    join_from_lobby,
    money_int,
    money_text,
    my_seat,
    new_name,
    sign_up,
)


def test_page_reconnects_after_a_server_restart_mid_hand(browser: Any, server: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    pages = []
    contexts = []
    errors: list[str] = []
    try:
        for prefix in ("rita", "sam"):
            ctx = browser.new_context(viewport={"width": 1100, "height": 800}, base_url=server.url)
            contexts.append(ctx)
            page = ctx.new_page()
            page.set_default_timeout(20_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            frames = Frames(page)
            sign_up(page, new_name(prefix))
            pages.append((page, frames, money_text(int(_wallet(page)))))
            join_from_lobby(page, table)
        page, frames, wallet_text = pages[0]
        # Wait until a hand is running with both players dealt in.
        deadline = time.monotonic() + 30
        while not (frames.latest_view(table) or {}).get("hand"):
            assert time.monotonic() < deadline, "no hand started"
            page.wait_for_timeout(100)
        hellos = sum('"hello"' in m for m in frames.sent)
        seat = my_seat(frames.latest_view(table))
        assert seat is not None
        seated_wallet = page.get_by_test_id("balance").inner_text()

        restarted = server.restarted()
        try:
            # No reload: the page finds the new server by itself.
            expect(page.locator("#banner")).to_contain_text("voided", timeout=30_000)
            assert sum('"hello"' in m for m in frames.sent) > hellos
            deadline = time.monotonic() + 30
            while my_seat(frames.latest_view(table)) is None:
                assert time.monotonic() < deadline, "not seated again after the restart"
                page.wait_for_timeout(100)
            assert my_seat(frames.latest_view(table)) == seat
            expect(page.get_by_role("button", name="Sit here")).to_have_count(0)
            # The stack stayed at the table: the wallet holds what it held while seated.
            expect(page.get_by_test_id("balance")).to_have_text(seated_wallet)
            assert errors == []
        finally:
            restarted.stop()
    finally:
        for ctx in contexts:
            ctx.close()


def _wallet(page: Any) -> int:
    return money_int(page.get_by_test_id("balance").inner_text())
