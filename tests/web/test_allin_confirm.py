"""The all-in confirm (an option in the seat controls): with it on, a raise that puts the
whole stack in above the chosen number of big blinds asks first; "Cancel" sends nothing and
the decision stays open, "OK" sends the all-in. With it off, the all-in goes at once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from test_comforts import acts_for
from webtest_helpers import (
    HAND_TIMEOUT_S,
    Frames,
    join_from_lobby,
    new_name,
    sign_up,
    wait_decision_taken,
    wait_for_decision,
)


def test_all_in_confirm_asks_above_the_set_size(
    page: Any, server: Any, bots: Any, tmp_path: Path
) -> None:
    table = server.table("poker", "no-limit")["id"]
    frames = Frames(page)
    sign_up(page, new_name("allin"))
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log", think=1.0)
    join_from_lobby(page, table)
    bar = page.get_by_test_id("action-bar")
    expect(page.get_by_test_id("allin-confirm")).not_to_be_checked()
    page.get_by_test_id("allin-confirm").check()
    page.get_by_label("All-in confirm above this many big blinds").fill("10")
    page.get_by_label("All-in confirm above this many big blinds").press("Tab")
    asked: list[str] = []

    def cancel(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    deadline = time.monotonic() + 4 * HAND_TIMEOUT_S
    while time.monotonic() < deadline:
        legal = wait_for_decision(page, frames, table)
        assert legal is not None
        sizing = legal.get("raise") or legal.get("bet")
        if not sizing:
            bar.get_by_role("button", name="Check" if legal.get("check") else "Call").first.click()
            wait_decision_taken(page, frames, table, legal)
            continue
        verb = "Raise" if legal.get("raise") else "Bet"
        bar.locator(".shortcuts button", has_text="All-in").click()
        page.once("dialog", cancel)
        bar.get_by_role("button", name=verb, exact=True).click()
        for _ in range(50):
            if asked:
                break
            page.wait_for_timeout(100)
        assert asked and "all-in" in asked[0].lower() and "€" in asked[0], asked
        page.wait_for_timeout(300)
        assert acts_for(frames, legal) == []  # cancelled: nothing sent, still our decision
        assert (frames.latest_view(table) or {}).get("legal", {}).get("action_no") == legal["action_no"]
        # OK: the all-in goes.
        page.once("dialog", lambda d: d.accept())
        bar.get_by_role("button", name=verb, exact=True).click()
        wait_decision_taken(page, frames, table, legal)
        sent = acts_for(frames, legal)
        assert len(sent) == 1 and sent[0]["amount"] == sizing["max"], sent
        break
    else:
        raise AssertionError("never had a bet or raise to make")
    # Kept in this browser across a reload.
    page.reload()
    expect(page.get_by_test_id("allin-confirm")).to_be_checked()
    expect(page.get_by_test_id("allin-above")).to_have_value("10")
    assert not page.js_errors  # type: ignore[attr-defined]
