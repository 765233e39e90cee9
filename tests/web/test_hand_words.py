"""Shown hands worded by the browser in the player's language from the server's parts
(PROTOCOL "Shown hands in parts"): the draw games (2-7: "7-5-4-3-2"; badugi: "Badugi
8-5-3-A", "3-card 7-4-2"), short-deck (its own order, the usual names), and the lows of hi-lo
and razz ("8-5-3-2-A", aces as A). The parts come from the server's own `hand_parts`; the
words from the page's fmt.js in Chromium, in German and in English."""

from __future__ import annotations

import json
from typing import Any

from pokerroom.core.cards import parse_cards, to_codes
from pokerroom.core.rules.config import Game
from pokerroom.core.rules.showdown import hand_parts


def _codes(text: str) -> list[int]:
    return list(to_codes(parse_cards(text))) if text else []


# (game, own cards, board, English words, German words)
CASES = [
    (Game.DEUCE_SEVEN_TRIPLE, "7s 5d 4h 3c 2s", "", "7-5-4-3-2", "7-5-4-3-2"),
    (Game.DEUCE_SEVEN_SINGLE, "Ts 8d 6h 3c 2s", "", "10-8-6-3-2", "10-8-6-3-2"),
    (Game.DEUCE_SEVEN_SINGLE, "As 5d 4h 3c 2s", "", "A-5-4-3-2", "A-5-4-3-2"),
    (Game.DEUCE_SEVEN_SINGLE, "7s 7d 4h 3c 2s", "", "Pair of Sevens", "Ein Paar Siebenen"),
    (Game.DEUCE_SEVEN_TRIPLE, "6s 5s 4s 3s 2s", "", "Straight Flush, Six high",
     "Straight Flush, Sechs hoch"),
    (Game.BADUGI, "8s 5d 3h Ac", "", "Badugi 8-5-3-A", "Badugi 8-5-3-A"),
    (Game.BADUGI, "7s 4d 2h 2c", "", "3-card 7-4-2", "3-Karten-Hand 7-4-2"),
    (Game.BADUGI, "Ks Kd Kh Kc", "", "1-card K", "1-Karten-Hand K"),
    (Game.SHORT_DECK, "As 6d", "7h 8c 9s Kd Kh", "Straight, Nine high", "Straße, Neun hoch"),
    (Game.SHORT_DECK, "As Ks", "Qs 6s 7s Ad Ah", "Flush, Ace high", "Flush, Ass hoch"),
    (Game.SHORT_DECK, "Ac Kd", "Ah As Kh 9c 6d", "Full House, Aces full of Kings",
     "Full House, Asse über Könige"),
    (Game.STUD_HILO, "As 2d 3h 8c 5s Kd Kh", "", "Pair of Kings; low 8-5-3-2-A",
     "Ein Paar Könige; Low 8-5-3-2-A"),
    (Game.RAZZ, "Ks Qd Jh Tc 9s Kd Kh", "", "low K-Q-J-10-9", "Low K-Q-J-10-9"),
]


def test_hands_of_every_kind_are_worded_in_german_and_english(page: Any) -> None:
    parts = [hand_parts(game, _codes(cards), _codes(board)) for game, cards, board, _, _ in CASES]
    assert all(parts), parts  # the server sends parts for each (no English-only description)
    page.goto("/")
    page.wait_for_function("document.documentElement.lang !== ''")
    for index, lang in ((3, "en"), (4, "de")):
        words = page.evaluate(
            """async ([lang, parts]) => {
                const i18n = await import("/js/i18n.js");
                const fmt = await import("/js/fmt.js");
                await i18n.setLanguage(lang);
                return parts.map((p) => fmt.handWords(p));
            }""", [lang, json.loads(json.dumps(parts))])
        expected = [case[index] for case in CASES]
        wrong = [(w, e) for w, e in zip(words, expected, strict=True) if w != e]
        assert not wrong, f"{lang}: {wrong}"
    assert not page.js_errors  # type: ignore[attr-defined]
