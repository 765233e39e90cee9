"""The hand log names players, not seats, after a player left the table: a watcher's log keeps
the name of a player who left mid-hand (table.js keeps every name seen at the table), though
the view no longer has that seat. With one bot left no next hand starts, so the log stays."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import (
    HAND_TIMEOUT_S,
    Frames,
    join_from_lobby,
    my_seat,
    new_name,
    sign_up,
    wait_for_decision,
)


def test_the_log_names_a_player_who_left(page: Any, browser: Any, server: Any, bots: Any,
                                         tmp_path: Path) -> None:
    table = server.table("poker", "no-limit")["id"]
    # The watcher: signed in, on the table page, not seated.
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
    watcher = ctx.new_page()
    watcher.set_default_timeout(15_000)
    watcher_errors: list[str] = []
    watcher.on("pageerror", lambda exc: watcher_errors.append(str(exc)))
    watcher_frames = Frames(watcher)
    sign_up(watcher, new_name("watch"))
    watcher.goto(f"{server.url}/#/table/{table}")

    # The player who leaves: heads-up against one bot, leaves at their first decision.
    frames = Frames(page)
    name = new_name("leaver")
    sign_up(page, name)
    bots.start(server.url, 1, table=table, log=tmp_path / "bots.log", think=1.0)
    join_from_lobby(page, table)
    legal = wait_for_decision(page, frames, table, timeout_s=HAND_TIMEOUT_S)
    assert legal is not None
    seat = my_seat(frames.latest_view(table))
    assert seat is not None
    page.on("dialog", lambda d: d.accept())  # the mid-hand confirm
    page.get_by_role("button", name="Leave table").click()

    # The watcher's view loses the seat; its log still says who played it.
    deadline = time.monotonic() + HAND_TIMEOUT_S
    while time.monotonic() < deadline:
        view = watcher_frames.latest_view(table) or {}
        if not any(s.get("name") == name for s in view.get("seats") or []):
            break
        watcher.wait_for_timeout(100)
    else:
        raise AssertionError("the player who left is still seated in the watcher's view")
    log = watcher.get_by_test_id("log")
    expect(log).to_contain_text(name)
    text = log.inner_text()
    assert f"Seat {seat + 1}" not in text, text
    assert not watcher_errors, watcher_errors
    ctx.close()
