"""The limits panel in the player's language: a loss limit is money (typed with the locale's
decimals, shown in euros), and when a limit blocks play the reason comes from the server as a
message with parameters and is worded by the browser ("Du hast dich bis ... vom Spiel
ausgeschlossen"), not an English sentence built on the server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, new_name

WORDS = {
    "de-DE": {"username": "Benutzername", "password": "Passwort", "sign_up": "Registrieren",
              "join": "Beitreten", "typed": "12,50", "shown": re.compile(r"12,50\s€"),
              "blocked": "Du hast dich bis", "english": "excluded"},
    "en-US": {"username": "Username", "password": "Password", "sign_up": "Sign up",
              "join": "Join", "typed": "12.50", "shown": "€12.50",
              "blocked": "You excluded yourself from play until", "english": "Du hast"},
}


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_the_limits_panel_words_a_block_in_the_players_language(
        browser: Any, server: Any, locale: str) -> None:
    w = WORDS[locale]
    ctx = browser.new_context(locale=locale, base_url=server.url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/")
        page.get_by_label(w["username"]).fill(new_name("lim"))
        page.get_by_label(w["password"]).fill(PASSWORD)
        page.get_by_role("button", name=w["sign_up"]).click()
        expect(page.get_by_role("button", name=w["join"]).first).to_be_visible()
        page.goto("/#/account")
        limits = page.get_by_test_id("limits")
        # A daily loss limit typed as money: 12.50 in the room's currency, 1250 chip units.
        day = page.get_by_test_id("limit-loss_day")
        day.fill(w["typed"])
        day.locator("xpath=..").get_by_role("button").click()
        expect(limits).to_contain_text(w["shown"])
        # A break of one day: play is blocked, and the panel says why in the player's words.
        pause = page.get_by_test_id("limit-exclusion_until")
        pause.fill("1")
        pause.locator("xpath=..").get_by_role("button").click()
        note = page.locator("[data-testid=limits] + p")
        expect(note).to_contain_text(w["blocked"])
        expect(note).not_to_contain_text(w["english"])
        expect(note).not_to_contain_text("UTC")  # the server's English date is not shown
        assert not errors, errors
    finally:
        ctx.close()
