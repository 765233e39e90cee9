"""Two players in two browser contexts at one table: neither ever sees the other's hole
cards, in the page or in its WebSocket traffic; a reload mid-hand picks the hand up again."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect
from webtest_helpers import (
    Frames,
    join_from_lobby,
    my_seat,
    new_name,
    shown_cards,
    sign_up,
    wait_decision_taken,
)

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def open_player(browser: Any, server: Any, prefix: str) -> tuple[Any, Any, Frames]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 800}, base_url=server.url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    frames = Frames(page)
    sign_up(page, new_name(prefix))
    return ctx, page, frames


def hole_cards(page: Any) -> list[str]:
    cards = shown_cards(page, "[data-testid=my-cards]")
    return [c for c in cards if c and CARD.match(c)]


def test_two_players_never_see_each_others_hole_cards_and_reload_continues(
    browser: Any, server: Any
) -> None:
    table = server.table("poker", "no-limit")["id"]
    ctx_a, a, frames_a = open_player(browser, server, "ann")
    ctx_b, b, frames_b = open_player(browser, server, "ben")
    ctx_w, watcher, frames_w = open_player(browser, server, "wendy")
    try:
        join_from_lobby(a, table)
        join_from_lobby(b, table)
        # A third person watches the table: an observer sees no hole cards at all.
        watcher.goto(f"/#/table/{table}")
        expect(watcher.get_by_test_id("felt")).to_be_visible()
        players = {"a": (a, frames_a), "b": (b, frames_b)}

        # Both are dealt in: each page shows two own cards face up.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (len(hole_cards(a)) >= 2 and len(hole_cards(b)) >= 2):
            a.wait_for_timeout(100)
        cards = {key: hole_cards(page) for key, (page, _) in players.items()}
        assert len(cards["a"]) >= 2 and len(cards["b"]) >= 2, cards
        assert not set(cards["a"]) & set(cards["b"])
        hand = (frames_a.latest_view(table) or {}).get("hand")

        # In each page, the other player's cards are drawn face down.
        for key, (page, _) in players.items():
            other = "b" if key == "a" else "a"
            on_page = {c.get_attribute("data-card") for c in page.locator(".seat:not(.is-you) .card").all()}
            assert not on_page & set(cards[other]), (key, on_page)
            assert "back" in on_page

        # The player to act reloads the page: same hand, same cards, the decision is back.
        deadline = time.monotonic() + 15
        while not any((f.latest_view(table) or {}).get("legal") for _, f in players.values()):
            assert time.monotonic() < deadline, "nobody was asked to act"
            a.wait_for_timeout(50)
        actor = next(k for k, (_, f) in players.items() if (f.latest_view(table) or {}).get("legal"))
        page, frames = players[actor]
        page.reload()
        expect(page.get_by_test_id("action-bar").get_by_role("button").first).to_be_visible()
        assert sorted(hole_cards(page)) == sorted(cards[actor])
        view = frames.latest_view(table) or {}
        assert view.get("hand") == hand and view.get("legal")
        # The other player's connection drops: it reconnects by itself, resumes from its last
        # version, and shows the same hand.
        other_page, other_frames = players["b" if actor == "a" else "a"]
        hellos = sum('"hello"' in m for m in other_frames.sent)
        other_page.evaluate("window.pokerroom.conn.ws.close()")
        expect(other_page.locator("#banner")).to_contain_text("Reconnect")
        deadline = time.monotonic() + 15
        while sum('"hello"' in m for m in other_frames.sent) == hellos and time.monotonic() < deadline:
            other_page.wait_for_timeout(100)
        resumed = [m for m in other_frames.sent if '"hello"' in m][-1]
        assert f'"{table}"' in resumed, resumed  # last_versions names the table
        assert not [e for e in other_frames.errors() if e.get("ref") == "hello"]
        other_key = "b" if actor == "a" else "a"
        expect(other_page.get_by_test_id("my-cards").locator(".card")).to_have_count(len(cards[other_key]))

        # ...and goes on playing: a call (or check); then whoever may bet bets the minimum and
        # the other folds, so the hand ends without a showdown and no hole card is ever public.
        # The C key checks or calls (the keyboard shortcut of the Check / Call button).
        legal = view["legal"]
        sent_before = len(frames.sent)
        page.locator("body").press("c")
        wait_decision_taken(page, frames, table, legal)
        acts = [m for m in frames.sent[sent_before:] if '"act"' in m]
        assert len(acts) == 1 and f'"{"check" if legal.get("check") else "call"}"' in acts[0], acts
        results_before = len(frames_a.messages("hand_result"))
        deadline = time.monotonic() + 30
        while len(frames_a.messages("hand_result")) == results_before and time.monotonic() < deadline:
            for pg, fr in players.values():
                lg = (fr.latest_view(table) or {}).get("legal")
                # An after-hand offer (R-SD-5: show cards) is no decision of the hand.
                if lg and lg.get("hand") == hand and not lg.get("after_hand"):
                    # The F and R keys: fold when facing a bet, else bet or raise the minimum.
                    sent_before = len(fr.sent)
                    pg.locator("body").press("f" if lg.get("call") else "r")
                    wait_decision_taken(pg, fr, table, lg)
                    acts = [m for m in fr.sent[sent_before:] if '"act"' in m]
                    want = "fold" if lg.get("call") else ("raise" if lg.get("raise") else "bet")
                    assert len(acts) == 1 and f'"action":"{want}"' in acts[0].replace(" ", ""), acts
                    if want != "fold":
                        span = lg.get("raise") or lg.get("bet")
                        assert f'"amount":{span["min"]}' in acts[0].replace(" ", ""), acts
            a.wait_for_timeout(100)
        assert len(frames_a.messages("hand_result")) > results_before, "the hand did not end"

        # Neither page's traffic nor its page ever carried the other's hole cards.
        assert any('"HoleCardsDealt"' in raw for raw in frames_w.received), "the watcher saw the deal"
        for raw in frames_w.received:
            for card in cards["a"] + cards["b"]:
                assert f'"{card}"' not in raw, ("watcher", card, raw[:300])
        watched = watcher.content()
        for card in cards["a"] + cards["b"]:
            assert f'data-card="{card}"' not in watched
        for key, (page, frames) in players.items():
            other = "b" if key == "a" else "a"
            seat = my_seat(frames.latest_view(table))
            assert seat is not None
            for raw in frames.received:
                for card in cards[other]:
                    # The hand ended by a fold: these cards were never public.
                    assert f'"{card}"' not in raw, (key, card, raw[:300])
            html = page.content()
            for card in cards[other]:
                assert f'data-card="{card}"' not in html
    finally:
        ctx_a.close()
        ctx_b.close()
        ctx_w.close()

