"""The tournament table plays like a cash table in the browser: the felt of felt.js (seat
boxes, cards, bets, pot, dealer button), the action bar (buttons, slider, amount box,
shortcuts, the F/C/R keys) with the action clock and the time bank, the tournament header
above; after the hand the table rests with the result on the felt, and the winner without
a showdown may show (R-SD-5), which the other player sees. English and German."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from liveserver import SERVER_SETTINGS, LiveServer
from playwright.sync_api import expect
from tests.tournament_rooms import sit_and_go_room
from webtest_helpers import PASSWORD, Frames, new_name

ROOM = sit_and_go_room("felt test")
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def _deciding(frames: Frames) -> dict[str, Any] | None:
    for m in reversed(frames.messages("tournament")):
        table = m["view"]["table"]
        if table is not None:
            legal = table.get("legal")
            return table if legal and not legal.get("after_hand") else None
    return None


def test_R_SD_5_the_tournament_table_is_the_cash_tables_felt_and_action_bar(
    browser: Any, tmp_path: Path
) -> None:
    room = tmp_path / "room.toml"
    room.write_text(ROOM)
    settings = {**SERVER_SETTINGS, "tournament_between_hands_seconds": 6.0,
                "tournament_time_bank_seconds": 20.0}  # fmt: skip
    server = LiveServer(tmp_path / "room.db", **settings, room_path=room).start()
    contexts = [browser.new_context(viewport={"width": 1280, "height": 860}, base_url=server.url,
                                    locale=lang)
                for lang in ("en-US", "de-DE")]  # fmt: skip
    pages = [ctx.new_page() for ctx in contexts]
    frames = [Frames(p) for p in pages]
    errors: list[str] = []
    try:
        for i, page in enumerate(pages):
            page.set_default_timeout(15_000)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            german = i == 1
            page.goto("/")
            page.get_by_label("Benutzername" if german else "Username").fill(new_name(f"felt{i}"))
            page.get_by_label("Passwort" if german else "Password").fill(PASSWORD)
            page.get_by_role("button", name="Registrieren" if german else "Sign up").click()
            expect(page.get_by_test_id("balance")).to_be_visible()
        for page in pages:  # register from the list (each in its language)
            page.goto("/#/tournaments")
            page.locator("tr[data-tournament='duo-1'] button.btn-primary").click()
        for page in pages:
            felt = page.get_by_test_id("tournament-felt")
            expect(felt.get_by_test_id("felt")).to_be_visible()
            expect(felt.locator(".seat")).to_have_count(2)
            expect(felt.locator(".dealer-button")).to_have_count(1)
            expect(felt.get_by_test_id("my-cards").locator(".card")).to_have_count(2)
            expect(page.get_by_test_id("t-blinds")).to_contain_text("10")  # the header stays
        # Heads-up the button acts first: its bar has the cash table's controls and clock.
        deadline = time.monotonic() + 30
        acting = None
        while acting is None:
            assert time.monotonic() < deadline, "nobody was offered a decision"
            acting = next((i for i, f in enumerate(frames) if _deciding(f)), None)
            pages[0].wait_for_timeout(100)
        page, other = pages[acting], pages[1 - acting]
        bar = page.get_by_test_id("tournament-actions")
        expect(bar.get_by_test_id("amount-slider")).to_be_visible()
        expect(bar.get_by_test_id("amount-box")).to_be_visible()
        expect(bar.locator(".shortcuts button")).not_to_have_count(0)
        clock = bar.get_by_test_id("clock")
        expect(clock).to_be_visible()
        expect(clock).to_contain_text(re.compile(r"\d"))
        # The small blind is in the pot: its time bank shows beside the action time.
        expect(bar.get_by_test_id("time-bank")).to_be_visible()
        expect(other.get_by_test_id("tournament-actions").get_by_test_id("clock")).to_be_visible()
        # The amount box takes a raise size; then F folds from the keyboard.
        box = bar.get_by_test_id("amount-box")
        box.fill("60")
        expect(bar.locator("button[data-key='r']")).to_contain_text("60")
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press("f")
        # The big blind won without a showdown: the result stays on the felt during the
        # rest, with the offer to show; the folder sees the shown cards.
        expect(other.get_by_test_id("result")).to_be_visible()
        show = other.get_by_test_id("show-cards")
        expect(show).to_be_visible()
        expect(page.get_by_test_id("show-cards")).to_have_count(0)
        show.click()
        seat = page.locator(".seat:not(.is-you)")
        deadline = time.monotonic() + 10
        while True:
            cards = [c.get_attribute("data-card") for c in seat.locator(".card").all()]
            if len(cards) == 2 and all(c and CARD.match(c) for c in cards):
                break
            assert time.monotonic() < deadline, f"the shown cards never reached the folder: {cards}"
            page.wait_for_timeout(100)
        # Then hand 2 is dealt.
        expect(page.get_by_test_id("tournament-felt")).to_contain_text(
            re.compile(r"(hand|Hand) 2(?!\d)"), timeout=20_000)
        # German words on the German page.
        de = pages[1]
        expect(de.get_by_test_id("tournament-felt")).to_contain_text("Tisch 1")
        assert not [m for f in frames for m in f.errors()], [m for f in frames for m in f.errors()]
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
