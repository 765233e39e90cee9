"""A seat played by a bot shows a small "Bot" badge (the account is marked as a bot's, issue
12), in English and in German; a player's seat shows none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import PASSWORD, join_from_lobby, new_name, sign_up


def test_a_bots_seat_shows_a_bot_badge_and_a_players_does_not(
        page: Any, browser: Any, server: Any, bots: Any, tmp_path: Path) -> None:
    table = server.table("poker", "no-limit")["id"]
    bots.start(server.url, 1, table=table, log=tmp_path / "bots.log", think=0.3)
    player = new_name("bea")
    sign_up(page, player)
    join_from_lobby(page, table)
    bot_seat = page.locator(".seat[data-name^='bot']")
    expect(bot_seat).to_have_count(1, timeout=60_000)
    badge = bot_seat.get_by_test_id("bot-badge")
    expect(badge).to_have_text("Bot")
    expect(badge).to_have_attribute("title", "A bot: this seat is played by the room's software")
    mine = page.locator(f".seat[data-name='{player}']")
    expect(mine).to_have_count(1)
    expect(mine.get_by_test_id("bot-badge")).to_have_count(0)
    # In German, watching the same table.
    ctx = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 860},
                              base_url=server.url)
    try:
        de = ctx.new_page()
        de.set_default_timeout(15_000)
        de.goto("/")
        de.get_by_label("Benutzername").fill(new_name("berta"))
        de.get_by_label("Passwort").fill(PASSWORD)
        de.get_by_role("button", name="Registrieren").click()
        expect(de.locator(f"tr[data-table='{table}']")).to_be_visible()
        de.goto(f"/#/table/{table}")
        badge = de.locator(".seat[data-name^='bot']").get_by_test_id("bot-badge")
        expect(badge).to_have_text("Bot", timeout=30_000)
        expect(badge).to_have_attribute(
            "title", "Ein Bot: Dieser Platz wird von der Software des Pokerraums gespielt")
        expect(de.locator(f".seat[data-name='{player}']").get_by_test_id("bot-badge")
               ).to_have_count(0)
    finally:
        ctx.close()
