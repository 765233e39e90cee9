"""In Chromium: the replay of a tournament hand shows the tournament's chips as chip counts,
not money (issue 13; R-TOURN section: tournament chips are not money), in English and in
German. Before, the felt and the log of the replay wrote a 1,490-chip stack as "$14.90".

Two players, one browser in English and one in German, register for a heads-up sit & go.
The action clock is short and nobody acts: each is away after their first turn (R-TOURN-5)
and the hands are played for them, so settled hands come quickly. Each then opens the replay
of a hand they played.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import PASSWORD, new_name

ROOM = sit_and_go_room("replay chips test", starting_chips=1500)
LANGUAGES = {
    "en": {"locale": "en-US", "user": "Username", "password": "Password", "signup": "Sign up",
           "tournaments": "Tournaments", "register": "Register",
           "note": "amounts are tournament chips, not money", "group": ","},
    "de": {"locale": "de-DE", "user": "Benutzername", "password": "Passwort",
           "signup": "Registrieren", "tournaments": "Turniere", "register": "Anmelden",
           "note": "Beträge sind Turnierchips, kein Geld", "group": "."},
}


def chips_text(n: int, group: str) -> str:
    return f"{n:,}".replace(",", group)


def test_a_tournament_hand_replays_in_chips_in_english_and_german(
    browser: Any, tmp_path: Path
) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    settings = {**SERVER_SETTINGS, "action_seconds": 2.0, "between_hands_seconds": 0.5}
    server = LiveServer(tmp_path / "room.db", **settings, room_path=room).start()
    contexts = {lang: browser.new_context(locale=w["locale"], base_url=server.url,
                                          viewport={"width": 1280, "height": 860})
                for lang, w in LANGUAGES.items()}  # fmt: skip
    errors: list[str] = []
    try:
        pages = {}
        for lang, ctx in contexts.items():
            w = LANGUAGES[lang]
            page = pages[lang] = ctx.new_page()
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto("/")
            page.get_by_label(w["user"]).fill(new_name(f"replay{lang}"))
            page.get_by_label(w["password"]).fill(PASSWORD)
            page.get_by_role("button", name=w["signup"]).click()
            page.get_by_role("link", name=w["tournaments"]).click()
            page.locator("tr[data-tournament='duo-1']").get_by_role(
                "button", name=w["register"]).click()
            expect(page.get_by_test_id("tournament-felt")).to_be_visible()
        for lang, page in pages.items():
            w = LANGUAGES[lang]
            deadline = time.monotonic() + 90
            while True:  # a settled hand in this player's history
                hands = page.request.get("/api/hands?limit=50").json()["hands"]
                settled = [h for h in hands if h["status"] == "settled"]
                if settled:
                    break
                assert time.monotonic() < deadline, "no tournament hand was settled"
                page.wait_for_timeout(500)
            hand = settled[-1]
            assert hand["chips"] is True
            # the list of hands: the net in chips, in the page's language
            page.goto("/#/history")
            net = hand["net"]
            expect(page.locator(f"tr[data-hand='{hand['id']}'] td.num").first).to_have_text(
                ("+" if net > 0 else "") + chips_text(net, w["group"]))  # fmt: skip
            detail = page.request.get(f"/api/hands/{hand['id']}").json()
            page.goto(f"/#/history/{hand['id']}")
            expect(page.get_by_test_id("replay-chips")).to_contain_text(w["note"])
            stack = page.get_by_test_id("my-stack")
            expect(stack).to_be_visible()
            # every step: the player's stack is the count of chips the step's view holds
            steps = detail["steps"]
            for i, st in enumerate(steps):
                mine = next(s for s in st["view"]["seats"] if s["seat"] == detail["seat"])
                expect(page.get_by_test_id("replay-step")).to_contain_text(
                    re.compile(rf"\b{i + 1}\b"))  # fmt: skip
                expect(stack).to_have_text(chips_text(mine["stack"], w["group"]))
                if i + 1 < len(steps):
                    page.keyboard.press("ArrowRight")
            log = page.get_by_test_id("replay-log").inner_text()
            assert not re.search(r"[$€£]", log + stack.inner_text()), log
            assert re.search(r"\b10\b", log) and re.search(r"\b20\b", log), log  # the blinds
            # The lobby afterwards shows money again (the chips mode ends with the replay).
            page.goto("/#/lobby")
            expect(page.locator("tr[data-table]").first).to_contain_text(
                re.compile(r"[$€£]"))  # fmt: skip
        assert errors == []
    finally:
        for ctx in contexts.values():
            ctx.close()
        server.stop()
