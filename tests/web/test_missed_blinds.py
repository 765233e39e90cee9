"""A player who sits out while the bots play misses blinds; the page explains in plain words
what they must post to come back (R-BLIND-5..7), from the server's `posts_due`."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import Frames, join_from_lobby, new_name, sign_up


def test_R_BLIND_5_missed_blinds_are_explained_in_plain_words(
    page: Any, server: Any, bots: Any, tmp_path: Path
) -> None:
    """R-BLIND-5: sitting out past the blinds leaves posts due; the page names them."""
    table = server.table("poker", "no-limit")["id"]
    frames = Frames(page)
    sign_up(page, new_name("away"))
    join_from_lobby(page, table, post_blind=False)
    page.get_by_label("Sit out next hand").check()
    bots.start(server.url, 2, table=table, log=tmp_path / "bots.log")

    deadline = time.monotonic() + 90
    due = "none"
    while due == "none":
        assert time.monotonic() < deadline, "no blind was missed within 90 s"
        view = frames.latest_view(table) or {}
        me = next((s for s in view.get("seats", []) if s.get("is_you")), None)
        due = (me or {}).get("posts_due", "none")
        page.wait_for_timeout(200)
    note = page.get_by_test_id("posts-due")
    expect(note).to_be_visible()
    expect(note).to_contain_text("You missed")
    expect(note).to_contain_text("big blind" if due != "small_blind" else "small blind")
    if due == "small_and_big":
        expect(note).to_contain_text("dead")
