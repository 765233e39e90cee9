"""In Chromium: watching a tournament table. Two players play a heads-up sit & go; a third
account opens the tournament's page and sees the felt of the table it watches (the first,
chosen for it), as the players' felt without the action bar: both seat boxes, the dealer
button, the players' cards face down, the clock; a fold ends the hand on the watcher's felt
too, with its result, and the next hand follows there."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import Frames, new_name, sign_up

ROOM = sit_and_go_room("watch browser test")
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def _deciding(frames: Frames) -> bool:
    for m in reversed(frames.messages("tournament")):
        table = m["view"]["table"]
        if table is not None:
            legal = table.get("legal")
            return bool(legal and not legal.get("after_hand"))
    return False


def test_a_watcher_sees_the_tournament_tables_felt_without_its_cards(browser: Any,
                                                                     tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    settings = {**SERVER_SETTINGS, "tournament_between_hands_seconds": 4.0}
    server = LiveServer(tmp_path / "room.db", **settings, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
                for _ in range(3)]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    frames = [Frames(p) for p in pages]
    errors: list[str] = []
    try:
        names = [new_name(f"watch{i}") for i in range(3)]
        for page, name in zip(pages, names, strict=True):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            sign_up(page, name)
        players, rail = pages[:2], pages[2]
        for page in players:
            page.goto("/#/tournaments")
            page.locator("tr[data-tournament='duo-1'] button.btn-primary").click()
        for page in players:
            expect(page.get_by_test_id("tournament-felt").get_by_test_id("felt")).to_be_visible()
        rail.goto(f"{server.url}/#/tournament/duo-1")
        expect(rail.get_by_test_id("t-status")).to_have_text("Running")

        felt = rail.get_by_test_id("tournament-felt")
        expect(felt.get_by_test_id("felt")).to_be_visible()
        expect(felt.get_by_test_id("t-watching")).to_contain_text("you are watching")
        expect(felt).to_contain_text("Table 1")
        expect(felt.locator(".seat")).to_have_count(2)
        for name in names[:2]:
            expect(felt).to_contain_text(name)
        expect(felt.locator(".dealer-button")).to_have_count(1)
        expect(felt.locator(".seat.is-you")).to_have_count(0)
        expect(felt.get_by_test_id("my-cards")).to_have_count(0)
        bar = rail.get_by_test_id("tournament-actions")
        expect(bar.locator(".action-buttons")).to_have_count(0)
        expect(bar.get_by_test_id("clock")).to_be_visible()
        # Both players hold two cards; the watcher sees their backs, no face.
        expect(felt.locator(".seat .card")).to_have_count(4)
        faces = [c.get_attribute("data-card") for c in felt.locator(".seat .card").all()]
        assert not [c for c in faces if c and CARD.match(c)], faces

        # The player to act folds: the hand ends on the watcher's felt, then hand 2.
        deadline = time.monotonic() + 30
        acting = None
        while acting is None:
            assert time.monotonic() < deadline, "nobody was offered a decision"
            acting = next((i for i in (0, 1) if _deciding(frames[i])), None)
            rail.wait_for_timeout(100)
        page = players[acting]
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press("f")
        expect(felt.get_by_test_id("result")).to_be_visible()
        expect(felt).to_contain_text(names[1 - acting])
        expect(felt).to_contain_text(re.compile(r"hand 2(?!\d)"), timeout=20_000)
        assert errors == []
        assert not frames[2].errors(), frames[2].errors()
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
