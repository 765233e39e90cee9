"""Leaving mid-hand folds the hand (PROTOCOL.md, `leave`): the client asks first, and a
player who cancels stays seated and in the hand."""

from __future__ import annotations

import time
from typing import Any

from webtest_helpers import Frames, join_from_lobby, new_name, sign_up


def test_leaving_mid_hand_asks_first_and_cancel_keeps_the_seat(page: Any, server: Any,
                                                                bots: Any) -> None:
    table = server.table("poker", "no-limit")["id"]
    bots.start(server.url, 1, table=table)
    frames = Frames(page)
    sign_up(page, new_name("leave"))
    join_from_lobby(page, table)
    deadline = time.monotonic() + 60
    while True:  # until this player holds cards in a running hand
        view = frames.latest_view(table) or {}
        mine = next((s for s in view.get("seats", []) if s.get("is_you")), None)
        if view.get("hand") and mine and mine.get("cards") and mine.get("status") != "folded":
            break
        assert time.monotonic() < deadline, "no hand was dealt"
        page.wait_for_timeout(100)
    asked: list[str] = []

    def dismiss(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_role("button", name="Leave table").click()
    page.wait_for_timeout(300)
    assert asked and "fold" in asked[0]
    assert not [m for m in frames.sent if '"leave"' in m], "left without asking"
    assert f"#/table/{table}" in page.url
