"""A HORSE table in Chromium, in German and in English: the lobby names the mix, the game
dealt now and the next one; the table says which game is next and when, and lays the cards
out for the game being dealt (a board for hold'em, none for razz) as bots play through the
rotation (R-MIX-1, R-MIX-2)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, new_name

from pokerroom.core.table import parse_room

WORDS = {
    "en-US": {"sign_up": "Sign up", "username": "Username", "password": "Password",
              "lobby": "Lobby", "watch": "Watch", "now": "HORSE · now Limit Hold'em",
              "next": "Next: Limit Omaha Hi-Lo after one orbit",
              "rotation": "Limit Hold'em → Limit Omaha Hi-Lo → Limit Razz → Limit Seven Card Stud"
                          " → Limit Stud Hi-Lo",
              "razz": "HORSE · now Limit Razz",
              "razz_next": re.compile(r"Next: Limit Seven Card Stud after (this hand|1 more hand)")},
    "de-DE": {"sign_up": "Registrieren", "username": "Benutzername", "password": "Passwort",
              "lobby": "Lobby", "watch": "Zuschauen", "now": "HORSE · jetzt Limit Hold'em",
              "next": "Als Nächstes: Limit Omaha Hi-Lo nach einer Runde",
              "rotation": "Limit Hold'em → Limit Omaha Hi-Lo → Limit Razz → Limit Seven Card Stud"
                          " → Limit Stud Hi-Lo",
              "razz": "HORSE · jetzt Limit Razz",
              "razz_next": re.compile(
                  r"Als Nächstes: Limit Seven Card Stud nach (dieser Hand|1 weiteren Hand)")},
}  # fmt: skip

FAST_ROOM = """
[room]
name = "mixed"
currency = "EUR"
[[table]]
name = "Lyra"
game = "horse"
rotate = 1
seats = 8
stakes = { small_blind = 100, big_blind = 200, small_bet = 200, big_bet = 400, ante = 25, bring_in = 50 }
"""


def test_R_MIX_1_the_default_room_has_a_horse_and_an_eight_game_table() -> None:
    """R-MIX-1, R-MIX-3: the packaged room deals HORSE at Lyra and 8-game at Pleione, one
    orbit per game; 8-game's no-limit and pot-limit games cap its buy-in at 100 big blinds."""
    import pokerroom

    text = (Path(pokerroom.__file__).parent / "data" / "room.toml").read_text(encoding="utf-8")
    room = parse_room(text)
    lyra, pleione = room.table("Lyra"), room.table("Pleione")
    assert (lyra.mix, lyra.rotate_every) == ("horse", 0)
    assert (pleione.mix, pleione.rotate_every, pleione.game) == ("8-game", 0, "2-7-triple-draw")
    assert (pleione.buy_in.minimum, pleione.buy_in.maximum) == (4000, 20000)
    assert pleione.buy_in_rule == "R-MIX-3" and lyra.buy_in_rule == "R-BUYIN-1"


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_R_MIX_1_lobby_and_table_name_the_game_now_and_next(
    browser: Any, server: Any, locale: str
) -> None:
    """R-MIX-1, R-MIX-2: the default room's HORSE table in the lobby, in both languages."""
    w = WORDS[locale]
    ctx = browser.new_context(locale=locale, viewport={"width": 1366, "height": 768},
                              base_url=server.url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/")
        page.get_by_label(w["username"]).fill(new_name("mix"))
        page.get_by_label(w["password"]).fill(PASSWORD)
        page.get_by_role("button", name=w["sign_up"]).click()
        expect(page.get_by_role("heading", name=w["lobby"])).to_be_visible()
        row = page.locator("tr[data-table='lyra']")
        expect(row.locator(".cell-game")).to_contain_text(w["now"])
        expect(row.locator(".cell-game")).to_contain_text(w["next"])
        expect(row.locator(".cell-mix")).to_have_attribute("title", w["rotation"])
        row.get_by_role("button", name=w["watch"]).click()
        expect(page.locator(".table-head")).to_contain_text(w["now"])
        expect(page.locator(".table-head .mix-next")).to_have_text(w["next"])
        expect(page.locator(".table-head .mix-next")).to_have_attribute("title", w["rotation"])
        assert not errors, errors
    finally:
        ctx.close()


def test_R_MIX_1_bots_play_through_the_rotation_and_the_felt_follows(
    browser: Any, tmp_path: Path
) -> None:
    """R-MIX-1: one hand per game (rotate = 1): hold'em on a board, then razz without one."""
    from liveserver import SERVER_SETTINGS, Bots, LiveServer

    room = tmp_path / "room.toml"
    room.write_text(FAST_ROOM, encoding="utf-8")
    settings = {**SERVER_SETTINGS, "between_hands_seconds": 1.0, "room_path": room}
    server = LiveServer(tmp_path / "room.db", **settings).start()
    bots = Bots(server.db_url)  # this room's bot secret is in its own database
    ctx = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 768},
                              base_url=server.url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/")
        page.get_by_label("Username").fill(new_name("mix"))
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign up").click()
        expect(page.get_by_role("heading", name="Lobby")).to_be_visible()
        page.goto("/#/table/lyra")
        board = page.get_by_test_id("board")
        bots.start(server.url, 3, table="lyra", log=tmp_path / "bots.log", think=0.05)
        expect(page.locator(".table-head")).to_contain_text(WORDS["en-US"]["now"],
                                                            timeout=30_000)
        expect(board.locator(":scope > *")).to_have_count(5)  # hold'em's five board places
        expect(page.locator(".table-head")).to_contain_text(WORDS["en-US"]["razz"],
                                                            timeout=90_000)
        expect(page.locator(".table-head .mix-next")).to_have_text(WORDS["en-US"]["razz_next"])
        expect(board.locator(":scope > *")).to_have_count(0)  # stud: no board
        expect(page.get_by_test_id("log")).to_contain_text("The game changes: next is")
        assert not errors, errors
    finally:
        ctx.close()
        bots.stop()
        server.stop()
