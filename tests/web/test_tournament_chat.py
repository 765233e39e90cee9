"""In Chromium: the chat of a tournament table. Two players of a heads-up sit & go talk at
their table; a third account opens the tournament's page, watches the table (the first one,
chosen for it) and hears them, and its own line reaches both players. The watcher mutes one
player, for itself alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import new_name, sign_up

ROOM = sit_and_go_room("chat browser test", starting_chips=100000)


def _say(page: Any, text: str) -> None:
    box = page.get_by_test_id("tournament-side").get_by_label("Chat message")
    box.fill(text)
    box.press("Enter")


def test_chat_at_a_tournament_table_for_its_players_and_watchers(browser: Any, tmp_path: Path) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    server = LiveServer(tmp_path / "room.db", **SERVER_SETTINGS, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url)
                for _ in range(3)]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    errors: list[str] = []
    try:
        names = [new_name(f"chat{i}") for i in range(3)]
        for page, name in zip(pages, names, strict=True):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            sign_up(page, name)
        players, rail = pages[:2], pages[2]
        for page in players:
            page.get_by_role("link", name="Tournaments").click()
            page.locator("tr[data-tournament='duo-1']").get_by_role("button", name="Register").click()
            expect(page.get_by_test_id("tournament-felt")).to_be_visible()
        for page in players:
            expect(page.get_by_test_id("t-status")).to_have_text("Running")
        rail.goto(f"{server.url}/#/tournament/duo-1")
        expect(rail.get_by_test_id("t-status")).to_have_text("Running")
        expect(rail.get_by_test_id("t-chat-table")).to_have_value("1")
        for page in players:
            expect(page.get_by_test_id("t-chat-table")).to_be_hidden()
            expect(page.get_by_role("heading", name="Chat at table 1")).to_be_visible()

        _say(players[0], "good luck")
        for page in pages:
            expect(page.get_by_test_id("t-chat")).to_contain_text(f"{names[0]}: good luck")
        _say(rail, "go go")
        for page in pages:
            expect(page.get_by_test_id("t-chat")).to_contain_text(f"{names[2]}: go go")
        expect(players[1].get_by_test_id("t-chat").locator("li")).to_have_count(2)
        expect(players[0].get_by_test_id("t-chat-error")).to_be_hidden()
        # The watcher mutes the first player: gone from its page only, back on Unmute.
        rail_chat = rail.get_by_test_id("t-chat")
        rail_chat.get_by_role("button", name=f"Mute {names[0]}").click()
        expect(rail_chat).not_to_contain_text("good luck")
        expect(rail_chat).to_contain_text(f"{names[0]} is muted.")
        expect(players[1].get_by_test_id("t-chat")).to_contain_text(f"{names[0]}: good luck")
        rail_chat.get_by_role("button", name=f"Unmute {names[0]}").click()
        expect(rail_chat).to_contain_text(f"{names[0]}: good luck")
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
