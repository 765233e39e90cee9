""""You ran out of time" stays with the hand where it happened: a player who lets the clock
run out reads the notice (log and banner) in that hand, and no longer once the next hand is
dealt (table.js clears the hand's notices and their banner on a new hand).

The room's clock is short here (8 s, no time bank) so the test's player runs out of time
without waiting long; the bots act in a fraction of a second, so the short clock only ever
runs out for the player who does not act. The pause between hands is shorter than the
banner's 6 s, so a banner left over from the hand before would still be up in the next one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from webtest_helpers import (
    HAND_TIMEOUT_S,
    Frames,
    join_from_lobby,
    new_name,
    sign_up,
    wait_for_decision,
)

NOTICE = "You ran out of time"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    settings = {**SERVER_SETTINGS, "action_seconds": 8.0, "time_bank_seconds": 0.0,
                "between_hands_seconds": 3.0}
    live = LiveServer(tmp_path / "room.db", **settings).start()
    try:
        yield live
    finally:
        live.stop()


def test_ran_out_of_time_is_shown_only_in_the_hand_where_it_happened(
    page: Any, server: Any, bots: Any, tmp_path: Path
) -> None:
    table = server.table("poker", "no-limit")["id"]
    frames = Frames(page)
    sign_up(page, new_name("slow"))
    # Three bots: the hands go on while the player who ran out of time sits out.
    bots.start(server.url, 3, table=table, log=tmp_path / "bots.log", think=0.2)
    join_from_lobby(page, table)

    # The player's turn comes, and the player lets the clock run out.
    legal = wait_for_decision(page, frames, table, timeout_s=HAND_TIMEOUT_S)
    assert legal is not None
    hand = legal["hand"]
    deadline = time.monotonic() + HAND_TIMEOUT_S
    while not any(m.get("code") == "timed_out" for m in frames.messages("notice")):
        assert time.monotonic() < deadline, "the clock never ran out"
        page.wait_for_timeout(100)
    timed_out = [m for m in frames.messages("notice") if m.get("code") == "timed_out"]
    assert timed_out[0]["hand"] == hand, timed_out

    # In that hand the player reads it: in the log and in the banner.
    notice = page.get_by_test_id("notice")
    expect(notice.first).to_have_text(f"{NOTICE}.")
    expect(page.locator("#banner")).to_contain_text(NOTICE)

    # The next hand is dealt (without the player, who sits out): the notice is gone.
    deadline = time.monotonic() + 2 * HAND_TIMEOUT_S
    while True:
        view = frames.latest_view(table) or {}
        if view.get("hand") not in (None, hand) and view.get("hand_id"):
            break
        assert time.monotonic() < deadline, "no next hand was dealt"
        page.wait_for_timeout(50)
    expect(page.get_by_test_id("felt")).to_contain_text(f"Hand #{view['hand_id']}")
    expect(notice).to_have_count(0)
    assert NOTICE not in page.locator("body").inner_text()
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
