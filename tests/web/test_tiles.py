"""Multi-tabling: two tables in one window as tiles; the tile where it is this player's turn
is marked and brought to the front, and the player acts there."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import HAND_TIMEOUT_S, Frames, new_name, sign_up


def test_two_tables_as_tiles_your_turn_marked_and_first(page: Any, server: Any, bots: Any,
                                                         tmp_path: Path) -> None:
    tables = ["antares-1", "antares-2"]
    frames = Frames(page)
    sign_up(page, new_name("tiles"))
    for table in tables:
        bots.start(server.url, 1, table=table, log=tmp_path / f"bots-{table}.log", think=0.5)
    page.goto(f"/#/tiles/{','.join(tables)}")
    grid = page.get_by_test_id("tiles")
    for table in tables:
        tile = grid.locator(f"[data-tile='{table}']")
        expect(tile.get_by_test_id("felt")).to_be_visible()
        tile.get_by_role("button", name="Sit here").first.click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Post a big blind now and play the next hand").check()
        dialog.get_by_role("button", name="Sit down").click()
        expect(dialog).to_be_hidden()
        expect(tile.get_by_test_id("my-stack")).to_be_visible()

    turns: set[str] = set()
    deadline = time.monotonic() + 3 * HAND_TIMEOUT_S
    while turns != set(tables) and time.monotonic() < deadline:
        # One snapshot of the grid: which tiles are marked, and where each is drawn.
        tiles = grid.evaluate("""g => [...g.querySelectorAll('.tile')].map(t => {
            const r = t.getBoundingClientRect();
            return {id: t.dataset.tile, marked: t.classList.contains('your-turn'), y: r.y, x: r.x};
        })""")
        marked = [t for t in tiles if t["marked"]]
        if not marked:
            page.wait_for_timeout(100)
            continue
        # Marked and brought forward: every marked tile is drawn before every other one.
        order = sorted(tiles, key=lambda t: (round(t["y"]), t["x"]))
        assert [t["marked"] for t in order] == sorted((t["marked"] for t in order), reverse=True), order
        table = marked[0]["id"]
        tile = grid.locator(f"[data-tile='{table}']")
        view = frames.latest_view(table) or {}
        if not view.get("legal") or view["legal"].get("after_hand"):
            page.wait_for_timeout(100)
            continue
        turns.add(str(table))
        bar = tile.get_by_test_id("action-bar")
        check = bar.get_by_role("button", name="Check")
        (check if check.count() else bar.get_by_role("button", name="Call")).first.click()
        page.wait_for_timeout(300)
    assert turns == set(tables), turns
    assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]
