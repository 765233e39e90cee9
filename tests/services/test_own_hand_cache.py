"""The player's own hand named under their cards is kept per cards and board (issue 11: each
fan-out names it for every player it reaches), and a view never shares the kept copy."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pokerroom.core.cards import Card
from pokerroom.core.rules.showdown import hand_parts
from pokerroom.services.poker_view import _own_hand


def codes(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(text[i:i + 2]).code for i in range(0, len(text), 2))


def view(game: str, board: tuple[int, ...]) -> Any:
    return SimpleNamespace(config=SimpleNamespace(game=game), board=board)


def seat(cards: tuple[int, ...], folded: bool = False) -> Any:
    return SimpleNamespace(cards=cards, folded=folded)


def test_the_named_hand_is_the_evaluators_and_changes_with_the_board() -> None:
    hole, flop = codes("AsAd"), codes("Ac4h4d")
    first = _own_hand(view("holdem", flop), seat(hole))
    assert first == hand_parts("holdem", hole, flop) and first["category"] == "FULL_HOUSE"
    turn = (*codes("2s7c9h"), *codes("Kd"))
    assert _own_hand(view("holdem", turn), seat(hole)) == hand_parts("holdem", hole, turn)
    assert _own_hand(view("holdem", turn), seat(hole))["category"] == "PAIR"
    assert _own_hand(view("holdem", ()), seat(hole)) is None  # no five cards yet
    assert _own_hand(view("holdem", flop), seat(hole, folded=True)) is None
    assert _own_hand(view("holdem", flop), seat((None, None))) is None  # type: ignore[arg-type]


def test_a_view_changing_its_named_hand_does_not_change_the_next_one() -> None:
    hole, flop = codes("KsKd"), codes("Kc2h2d")
    first = _own_hand(view("holdem", flop), seat(hole))
    expected = hand_parts("holdem", hole, flop)
    first["category"] = "changed"
    first["ranks"].append(99)
    again = _own_hand(view("holdem", flop), seat(hole))
    assert again == expected and again is not first
