"""The room in German and in English, as a player with a German or an English browser meets
it (Playwright's `locale`): sign up, the lobby, the buy-in, a hand against bots with the
buttons' names, a refused raise worded with amounts in euros, the hand log; the header switch
changes the language and the choice is remembered for the account."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import (
    HAND_TIMEOUT_S,
    PASSWORD,
    Frames,
    new_name,
    wait_decision_taken,
    wait_for_decision,
)

WORDS = {
    "de-DE": {
        "username": "Benutzername", "password": "Passwort", "sign_up": "Registrieren",
        "log_in": "Anmelden", "log_out": "Abmelden", "lobby": "Lobby", "join": "Beitreten",
        "watch": "Zuschauen", "sit_down": "Hinsetzen", "post_bb": "Jetzt einen Big Blind setzen",
        "fold": "Passen", "check": "Checken", "call": "Mitgehen", "bet": "Setzen",
        "raise": "Erhöhen", "balance": re.compile(r"^\d{1,3}(\.\d{3})*,\d\d\s€$"),
        "too_small": "liegt unter dem Minimum von", "decimal": ",", "log_word": "setzt",
        "close": "Schließen",
    },
    "en-US": {
        "username": "Username", "password": "Password", "sign_up": "Sign up",
        "log_in": "Log in", "log_out": "Log out", "lobby": "Lobby", "join": "Join",
        "watch": "Watch", "sit_down": "Sit down", "post_bb": "Post a big blind now",
        "fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise",
        "balance": re.compile(r"^€\d{1,3}(,\d{3})*\.\d\d$"),
        "too_small": "is below the minimum of", "decimal": ".", "log_word": "posts",
        "close": "Close",
    },
}


def euros(amount: int, locale: str) -> str:
    """What a player of `locale` types for an amount in cents: "8,99" or "8.99"."""
    whole, cents = divmod(amount, 100)
    return f"{whole}{WORDS[locale]['decimal']}{cents:02d}"


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_a_hand_in_the_players_language_and_currency(
    browser: Any, server: Any, bots: Any, tmp_path: Path, locale: str
) -> None:
    w = WORDS[locale]
    ctx = browser.new_context(locale=locale, viewport={"width": 1366, "height": 768},
                              base_url=server.url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        frames = Frames(page)
        page.goto("/")
        # The login page: no lobby links, balance or Log out.
        expect(page.get_by_role("button", name=w["sign_up"])).to_be_visible()
        expect(page.get_by_role("button", name=w["log_out"])).to_be_hidden()
        expect(page.get_by_test_id("balance")).to_be_hidden()
        expect(page.get_by_role("link", name=w["lobby"], exact=True)).to_be_hidden()
        page.get_by_label(w["username"]).fill(new_name("lang"))
        page.get_by_label(w["password"]).fill(PASSWORD)
        page.get_by_role("button", name=w["sign_up"]).click()
        expect(page.get_by_role("heading", name=w["lobby"])).to_be_visible()
        expect(page.get_by_test_id("balance")).to_have_text(w["balance"])
        expect(page.get_by_role("button", name=w["log_out"])).to_be_visible()

        table = server.table("poker", "no-limit")["id"]
        row = page.locator(f"tr[data-table='{table}']")
        expect(row.get_by_role("button", name=w["watch"])).to_be_visible()
        bots.start(server.url, 2, table=table, log=tmp_path / "bots.log")
        row.get_by_role("button", name=w["join"], exact=True).click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label(w["post_bb"]).check()
        dialog.get_by_role("button", name=w["sit_down"]).click()

        # Play until a bet or raise is open: an amount under the minimum, typed the locale's
        # way, is refused and the refusal is worded in the language, in euros.
        bar = page.get_by_test_id("action-bar")
        refused = False
        deadline = time.monotonic() + 2 * HAND_TIMEOUT_S
        while not refused and time.monotonic() < deadline:
            legal = wait_for_decision(page, frames, table)
            assert legal is not None
            if legal.get("fold") and legal.get("call"):
                expect(bar.get_by_role("button", name=w["fold"])).to_be_visible()
            sizing = legal.get("raise") or legal.get("bet")
            if not sizing or sizing["min"] >= sizing["max"] or sizing["min"] < 2:
                name = w["check"] if legal.get("check") else w["call"]
                bar.get_by_role("button", name=name).first.click()
                wait_decision_taken(page, frames, table, legal)
                continue
            verb = w["raise"] if legal.get("raise") else w["bet"]
            bar.get_by_test_id("amount-box").fill(euros(sizing["min"] - 1, locale))
            errors_before = len(frames.errors())
            bar.get_by_role("button", name=verb, exact=True).click()
            error = page.get_by_test_id("action-error")
            expect(error).to_contain_text(w["too_small"])
            expect(error).to_contain_text("€")
            expect(error).to_contain_text("R-BET-4")
            refusal = frames.errors()[errors_before]
            assert refusal["message"] == "below_minimum"
            assert refusal["params"]["minimum"] == sizing["min"]
            assert str(sizing["min"]) not in error.inner_text()  # money, not chip units
            # The rule ID is a small link to the rule's text; the table stays under it.
            link = error.get_by_role("link", name="R-BET-4")
            if locale == "de-DE":  # the link says that the English text is the rule
                expect(link).to_have_attribute("aria-label", re.compile("maßgeblich ist der englische Text"))
            link.click()
            rule = page.get_by_role("dialog")
            expect(rule.get_by_test_id("rule-english")).to_contain_text(
                "Every bet or raise must be at least the size of the previous bet")
            if locale == "de-DE":
                # One of the rules players meet most: translated as a help, the English binding.
                expect(rule.get_by_test_id("rule-translation")).to_contain_text(
                    "Jede Bet oder jeder Raise muss mindestens so groß sein")
                expect(rule).to_contain_text("maßgeblich ist der englische Text des Regelwerks")
            else:
                expect(rule.get_by_test_id("rule-translation")).to_have_count(0)
            rule.get_by_role("button", name=w["close"]).click()
            expect(rule).to_be_hidden()
            assert "#/table/" in page.url
            refused = True
        assert refused, "never had a bet or raise to make"
        expect(page.get_by_test_id("log")).to_contain_text(w["log_word"])
        assert not errors, errors
    finally:
        ctx.close()


def test_the_header_switch_changes_the_language_and_is_remembered(browser: Any,
                                                                   server: Any) -> None:
    ctx = browser.new_context(locale="en-US", base_url=server.url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        name = new_name("switch")
        page.goto("/")
        page.get_by_label("Username").fill(name)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign up").click()
        expect(page.get_by_role("button", name="Join").first).to_be_visible()
        page.get_by_label("Language").select_option("de")
        expect(page.get_by_role("button", name="Beitreten").first).to_be_visible()
        expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
        page.reload()
        expect(page.get_by_role("button", name="Beitreten").first).to_be_visible()
        page.get_by_role("button", name="Abmelden").click()
        expect(page.get_by_role("button", name="Anmelden")).to_be_visible()  # logged out now
        # Another account on this browser starts from the browser's last choice; this account
        # keeps German when it logs in again.
        page.get_by_label("Sprache").select_option("en")
        page.get_by_label("Username").fill(name)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("button", name="Beitreten").first).to_be_visible()
    finally:
        ctx.close()


def test_the_first_visit_follows_accept_language_and_the_account_keeps_the_language(
        browser: Any, server: Any) -> None:
    # A browser whose Accept-Language header asks for German (no `locale`: Playwright's
    # would overwrite the header), navigator.languages left as Chromium's own: the server's
    # reading of the header decides the first page.
    german = browser.new_context(base_url=server.url,
                                 extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"})
    english = browser.new_context(locale="en-US", base_url=server.url)
    try:
        page = german.new_page()
        page.set_default_timeout(15_000)
        page.goto("/")
        expect(page.get_by_role("button", name="Anmelden")).to_be_visible()
        name = new_name("kept")
        page.get_by_label("Benutzername").fill(name)
        page.get_by_label("Passwort").fill(PASSWORD)
        page.get_by_role("button", name="Registrieren").click()
        expect(page.get_by_role("button", name="Beitreten").first).to_be_visible()
        # The wallet statement, worded by the server's catalogues, in German and euros.
        page.goto("/#/account")
        expect(page.get_by_role("heading", name="Client-Seed")).to_be_visible()
        expect(page.get_by_test_id("memo").first).to_have_text("Startguthaben")
        expect(page.get_by_label("Verlustlimit pro Tag")).to_be_visible()
        expect(page.get_by_test_id("limits")).to_contain_text("Pause einlegen (Tage): keins")
        with page.expect_download() as download:
            page.get_by_role("link", name="Kontoauszug herunterladen (CSV)").click()
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert text.startswith("Datum;Art;Vermerk;Betrag;Saldo danach"), text
        assert "Einzahlung;Startguthaben;" in text and " €" in text
        # Stored on the account on the server: an English browser that never saw this player
        # opens in English and turns German at the login.
        other = english.new_page()
        other.set_default_timeout(15_000)
        other.goto("/")
        expect(other.get_by_role("button", name="Log in")).to_be_visible()
        other.get_by_label("Username").fill(name)
        other.get_by_label("Password").fill(PASSWORD)
        other.get_by_role("button", name="Log in").click()
        expect(other.get_by_role("button", name="Beitreten").first).to_be_visible()
        expect(other.get_by_role("button", name="Abmelden")).to_be_visible()
        # Switched back to English there: the first browser reads English at its next load.
        other.get_by_label("Sprache").select_option("en")
        expect(other.get_by_role("button", name="Join").first).to_be_visible()
        page.wait_for_function(
            "async () => (await (await fetch('/api/auth/me')).json()).account.language === 'en'")
        page.goto("/#/lobby")
        page.reload()
        expect(page.get_by_role("button", name="Join").first).to_be_visible()
    finally:
        german.close()
        english.close()
