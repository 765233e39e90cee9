"""Ultimate Texas Hold'em in German: the pay tables, the player's and the dealer's hands in
German words (the server sends the hands as parts, the client words them), the results in
euros the German way."""

from __future__ import annotations

import re
import time
from typing import Any

import eval7
from playwright.sync_api import expect
from webtest_helpers import PASSWORD, Frames, new_name

GERMAN = {"High Card": "Höchste Karte", "Pair": "Ein Paar", "Two Pair": "Zwei Paare",
          "Trips": "Drilling", "Straight": "Straße", "Flush": "Flush",
          "Full House": "Full House", "Quads": "Vierling", "Straight Flush": "Straight Flush"}


def german_category(cards: list[str]) -> str:
    return GERMAN[eval7.handtype(eval7.evaluate([eval7.Card(c) for c in cards]))]


def test_uth_hands_and_pay_tables_in_german(browser: Any, server: Any) -> None:
    table = server.table("uth")
    ctx = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768},
                              base_url=server.url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        frames = Frames(page)
        page.goto("/")
        page.get_by_label("Benutzername").fill(new_name("uthde"))
        page.get_by_label("Passwort").fill(PASSWORD)
        page.get_by_role("button", name="Registrieren").click()
        page.locator(f"tr[data-table='{table['id']}']").get_by_role(
            "button", name="Beitreten").click()
        felt = page.get_by_test_id("uth-table")
        expect(felt.get_by_role("button", name="Geben")).to_be_visible()
        blind = felt.get_by_test_id("paytable-blind")
        expect(blind).to_contain_text("Blind zahlt")
        expect(blind).to_contain_text("Vierling")
        expect(blind).to_contain_text("Sonst")
        expect(felt.get_by_test_id("paytable-trips")).to_contain_text("Drilling")
        felt.locator("[data-spot=ante]").click()
        felt.locator(".chip-rack .chip-btn").first.click()
        felt.get_by_role("button", name="Geben").click()
        play4 = felt.get_by_role("button", name="4x spielen", exact=True)
        expect(play4).to_be_visible(timeout=30_000)  # the betting window closes first
        play4.click()
        deadline = time.monotonic() + 45
        while (frames.latest_view(table["id"]) or {}).get("phase") != "settled":
            assert time.monotonic() < deadline, "the round was not settled"
            page.wait_for_timeout(50)
        view = frames.latest_view(table["id"]) or {}
        me = next(s for s in view["seats"] if s.get("is_you"))
        assert me["hand_value"]["category"] and view["dealer_hand_value"]["category"]

        def cards(testid: str) -> list[str]:
            return [c.get_attribute("data-card") or ""
                    for c in felt.locator(f"[data-testid={testid}] .card").all()]

        board = cards("board")
        cards_mine = cards("my-cards")
        mine = felt.get_by_test_id("my-hand")
        expect(mine).to_have_text(re.compile("^" + german_category(cards_mine + board)))
        dealer = felt.get_by_test_id("dealer-info")
        expect(dealer).to_contain_text(german_category(cards("dealer-cards") + board))
        # The server's English words are not what the player reads.
        assert me["hand"] not in mine.inner_text() or me["hand"].startswith(("Flush", "Full"))
        # The net in euros, written the German way.
        expect(page.get_by_test_id("uth-net")).to_have_text(re.compile(r"\d,\d\d\s€"))
        # The round in the hand history: its bets, each bet's result, both hands in German.
        page.goto(f"{server.url}/#/history")
        panel = page.get_by_test_id("uth-history")
        expect(panel).to_contain_text("Ultimate-Texas-Hold'em-Runden")
        row = panel.locator("tbody tr").first
        expect(row.get_by_test_id("uth-round-net")).to_have_attribute(
            "data-net", str(me["result"]["net"]))
        bets = row.get_by_test_id("uth-round-bets")
        for bet in ("ante", "blind", "play"):
            expect(bets.locator(f"[data-bet={bet}]")).to_be_visible()
        expect(row).to_contain_text("Du: " + german_category(cards_mine + board))
        stored = page.evaluate("async () => (await (await fetch('/api/uth-rounds')).json()).rounds[0]")
        assert {"ante", "blind", "play"} <= set(stored["results"])
        assert stored["results"] == {k: me["result"][k] for k in stored["results"]}
        assert stored["net"] == me["result"]["net"]
        assert stored["cards"] == cards_mine and stored["board"] == board
        assert not errors, errors
    finally:
        ctx.close()
