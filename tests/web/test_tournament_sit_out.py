"""In Chromium: sitting out at a tournament table and coming back (R-TOURN-5). Two players
in a heads-up sit & go; one presses "Sit out": the button becomes "I'm back" with the note
saying they are dealt in and played for, the other player sees them away and plays on (the
sat-out player's turns do not wait for the clock), a reload keeps them out, and "I'm back"
brings them back: they are offered a decision again."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import Frames, new_name, sign_up

ROOM = sit_and_go_room("sit out browser test", starting_chips=100000)


def _hand(page: Any) -> int:
    text = page.get_by_test_id("tournament-felt").inner_text()
    words = text.split("hand ", 1)
    return int(words[1].split()[0].strip(",")) if len(words) > 1 else 0


def _play_one(page: Any) -> None:
    """Check, else call, else fold, whatever the page offers now."""
    for name in ("Check", "Call", "Fold"):
        button = page.locator(".tournament-actions button", has_text=name)
        if button.count() and button.first.is_visible():
            button.first.click()
            return


def test_R_TOURN_5_sit_out_and_back_from_the_tournament_page(browser: Any, tmp_path: Path) -> None:
    """R-TOURN-5: see the module docstring."""
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    server = LiveServer(tmp_path / "room.db", **SERVER_SETTINGS, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
                for _ in range(2)]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    errors: list[str] = []
    try:
        frames = Frames(pages[0])
        for i, page in enumerate(pages):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            sign_up(page, new_name(f"sit{i}"))
            page.get_by_role("link", name="Tournaments").click()
            page.locator("tr[data-tournament='duo-1']").get_by_role("button", name="Register").click()
            expect(page.get_by_test_id("tournament-felt")).to_be_visible()
        out, stay = pages
        for page in pages:
            expect(page.get_by_test_id("t-status")).to_have_text("Running")
        toggle = out.get_by_test_id("tournament-sit-out")
        expect(toggle).to_have_text("Sit out")
        toggle.click()
        expect(toggle).to_have_text("I'm back")
        expect(out.get_by_test_id("t-away")).to_contain_text("You sit out")
        sent = [json.loads(m) for m in frames.sent]
        assert any(m.get("type") == "tournament_sit_out" for m in sent)
        expect(stay.locator(".seat:not(.is-you)")).to_contain_text("Sitting out")

        # The other player plays on; the sat-out player's turns are played at once (the
        # action clock is 30 s: three hands would take minutes if they waited for it).
        first = _hand(stay)
        deadline = time.monotonic() + 45
        while _hand(stay) < first + 3:
            assert time.monotonic() < deadline, "the hands waited for the sat-out player"
            _play_one(stay)
            stay.wait_for_timeout(150)
        expect(out.locator(".tournament-actions button")).to_have_count(0)

        # A reload (a new connection) keeps the player out; their word brings them back.
        out.reload()
        expect(out.get_by_test_id("t-status")).to_have_text("Running")
        expect(toggle).to_have_text("I'm back")
        toggle.click()
        expect(toggle).to_have_text("Sit out")
        expect(out.get_by_test_id("t-away")).to_have_text("")
        expect(stay.locator(".seat:not(.is-you)")).not_to_contain_text("Sitting out")
        deadline = time.monotonic() + 45
        while not out.locator(".tournament-actions button").count():
            assert time.monotonic() < deadline, "the player who came back was never asked again"
            _play_one(stay)
            stay.wait_for_timeout(150)
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
