"""A hand shown after it was won before the last street (R-SD-5) holds fewer cards than a
showdown's: two hole cards and no board, three stud cards, an Omaha hand before the flop.
Its words, parts and best five must come out for every game and every street, whatever
the cards (a pocket pair, rolled-up trips, four of a kind on fourth street): a CI run once
lost a hand's result because a shown pocket pair broke the evaluator."""

from __future__ import annotations

import random

import pytest

from pokerroom.core.rules.config import Game
from pokerroom.core.rules.showdown import WORDED_GAMES, best_five, describe_hand, hand_parts


def _shapes(game: Game) -> list[tuple[int, int]]:
    """(cards in the hand, cards on the board) after each street of `game`."""
    variant = game.variant
    shapes, held, board = [], 0, 0
    for street in variant.streets:
        held = held + street.down + street.up if variant.is_stud else variant.hole_cards
        board += street.board
        shapes.append((held, board))
    return shapes


def _holdings(game: Game, held: int, board: int) -> list[tuple[list[int], list[int]]]:
    """Same-rank-heavy holdings (pairs, trips, quads in the hand), then random ones."""
    deck = list(game.variant.deck)
    by_rank = sorted(deck, key=lambda c: (-(c >> 2), c & 3))  # AAAA KKKK ...
    out = [(by_rank[:held], by_rank[held:held + board])]
    rest = [c for c in deck if c not in by_rank[:held + board]]
    out.append((by_rank[:held], rest[:board]))
    rnd = random.Random(f"{game.value}-{held}-{board}")
    for _ in range(30):
        cards = rnd.sample(deck, held + board)
        out.append((cards[:held], cards[held:]))
    return out


@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_R_SD_5_a_hand_shown_at_any_street_is_described_in_every_game(game: Game) -> None:
    for held, board in _shapes(game):
        for cards, on_board in _holdings(game, held, board):
            text = describe_hand(game, cards, on_board)
            parts = hand_parts(game, cards, on_board)
            five = best_five(game, cards, on_board)
            assert isinstance(text, str)
            assert set(five) <= {*cards, *on_board}
            if game in WORDED_GAMES and held + board >= 5 and parts.get("ranks"):
                assert len(five) == 5


@pytest.mark.parametrize(("cards", "words"), [
    ([48, 49], "Pair"),  # As Ad... a pocket pair of aces before the flop
    ([48, 49, 50], "Three of a Kind"),
    ([48, 49, 50, 51], "Four of a Kind"),
    ([48, 44, 49, 45], "Two Pair"),
])  # fmt: skip
def test_R_SD_5_fewer_than_five_cards_are_worded_by_what_they_hold(
    cards: list[int], words: str
) -> None:
    assert describe_hand(Game.STUD, cards, []).startswith(words)
