"""Omaha two-plus-three, eight-or-better lows and razz (R-RANK-4, R-RANK-5)."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.core.cards import parse_cards
from pokerroom.core.errors import InvalidNotationError
from pokerroom.core.evaluation import (
    HandCategory,
    evaluate_high,
    evaluate_low,
    evaluate_omaha,
    evaluate_omaha_low,
    evaluate_razz,
)


def high(text: str):  # noqa: ANN201 - test helper
    return evaluate_high(parse_cards(text))


@pytest.mark.parametrize(
    ("hole", "board", "naive_category", "best_five"),
    [
        # Four hearts on board, one in hand: no flush in Omaha.
        ("Ah 3c 4d 5s", "Kh Qh Jh 9h 2c", HandCategory.FLUSH, "Ah 5s Kh Qh Jh"),
        # Four of a kind on board: only three of them play, with two hole cards.
        ("Ac Ad 2c 3c", "9c 9d 9h 9s Ks", HandCategory.FOUR_OF_A_KIND, "Ac Ad 9c 9d 9h"),
        # A straight on board does not play: two hole cards must.
        ("Ah Ad Kc Kd", "5c 6d 7h 8s 9c", HandCategory.STRAIGHT, "Ah Ad 9c 8s 7h"),
        # Four to a royal in hand and one on board: no royal.
        ("Ah Kh Qh Jh", "Th 2c 3d 4s 9c", HandCategory.STRAIGHT_FLUSH, "Ah Kh Th 9c 4s"),
        # Three aces in hand: only two of them may play, so a pair of aces.
        ("Ah Ad Ac 2s", "Kc Qd 7h 5s 3c", HandCategory.THREE_OF_A_KIND, "Ah Ad Kc Qd 7h"),
    ],
)
def test_R_RANK_4_omaha_uses_exactly_two_hole_and_three_board_cards(
    hole: str, board: str, naive_category: HandCategory, best_five: str
) -> None:
    """R-RANK-4: Omaha takes exactly two hole cards and three board cards, unlike best-of-nine."""
    naive = max(evaluate_high(five) for five in combinations(parse_cards(hole + " " + board), 5))
    assert naive.category is naive_category
    omaha = evaluate_omaha(parse_cards(hole), parse_cards(board))
    assert omaha == high(best_five)
    assert omaha < naive


def test_R_RANK_4_omaha_equals_best_legal_combination_on_random_deals() -> None:
    """R-RANK-4: on random deals Omaha equals the best of the 60 legal 2+3 combinations."""
    rng = random.Random(44)
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        hole, board = cards[:4], cards[4:]
        legal = max(
            evaluate_high(list(two) + list(three))
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
        assert evaluate_omaha(hole, board) == legal


def test_R_RANK_4_omaha_refuses_bad_card_counts() -> None:
    """R-RANK-4: Omaha needs at least two hole cards and three board cards, all distinct."""
    with pytest.raises(InvalidNotationError):
        evaluate_omaha(parse_cards("Ah"), parse_cards("Kh Qh Jh"))
    with pytest.raises(InvalidNotationError):
        evaluate_omaha(parse_cards("Ah Kd"), parse_cards("Kh Qh"))
    with pytest.raises(InvalidNotationError):
        evaluate_omaha(parse_cards("Ah Kd"), parse_cards("Ah Qh Jh"))


def low(text: str):  # noqa: ANN201 - test helper
    return evaluate_low(parse_cards(text))


def test_R_RANK_5_eight_or_better_qualifier() -> None:
    """R-RANK-5: a low needs five unpaired cards of 8 or lower; otherwise no low."""
    assert low("Ah 2c 3d 4s 9h Kc Qd") is None
    assert low("Ah Ad 2c 2d 3h 4s Kc") is None  # only four distinct low ranks
    eight = low("8h 7c 6d 4s 2h Kc Kd")
    assert eight is not None and str(eight) == "8-7-6-4-2" and eight.is_qualified
    assert low("Ah 2c 3d 4s 8h") is not None
    assert low("Ah 2c 3d 4s 9h") is None


def test_R_RANK_5_straights_and_flushes_do_not_count_against_a_low() -> None:
    """R-RANK-5: A-2-3-4-5 suited is the best low; aces are low."""
    wheel = low("Ah 2h 3h 4h 5h")
    assert wheel is not None and str(wheel) == "5-4-3-2-A" and wheel.ranks == (5, 4, 3, 2, 1)
    assert wheel == low("Ac 2d 3h 4s 5c")
    six = low("6h 4d 3c 2s Ah")
    assert six is not None and wheel > six


def test_R_RANK_5_lows_compare_from_the_highest_card_down() -> None:
    """R-RANK-5: the lower top card wins; ties go to the next card down. Greater is better."""
    order = ["8h 7d 6c 5s 4h", "8h 7d 6c 5s 3h", "8h 6d 5c 4s 3h", "8h 6d 4c 2s Ah",
             "7h 6d 4c 3s 2h", "7h 5d 4c 3s 2h", "6h 5d 4c 3s 2h", "6h 4d 3c 2s Ah",
             "5h 4d 3c 2s Ah"]  # fmt: skip
    values = [low(t) for t in order]
    assert all(v is not None for v in values)
    assert all(a < b for a, b in zip(values, values[1:], strict=False)), [str(v) for v in values]  # type: ignore[operator]
    # Seven cards: the five lowest distinct ranks play, whatever the pairs.
    best = low("Ah Ad 2c 3d 4s 7h 7c")
    assert best is not None and str(best) == "7-4-3-2-A"


def test_R_RANK_5_omaha_low_uses_exactly_two_hole_cards() -> None:
    """R-RANK-5 with R-RANK-4: an Omaha low takes two hole and three board cards."""
    # Naive best-of-nine would be 5-4-3-2-A; only two hole cards may play.
    omaha = evaluate_omaha_low(parse_cards("Ah 2h 3c Kd"), parse_cards("4c 5d 8s Qh Jh"))
    assert omaha is not None and str(omaha) == "8-5-4-2-A"
    # Only two low cards on the board: no low at all, whatever the hand holds.
    assert evaluate_omaha_low(parse_cards("Ah 2h 3h 4h"), parse_cards("5c 6d Kc Qs Js")) is None
    # A paired board card cannot be used twice.
    no_low = evaluate_omaha_low(parse_cards("Ah 2h Kc Kd"), parse_cards("3c 3d Qs Js 3h"))
    assert no_low is None
    wheel = evaluate_omaha_low(parse_cards("Ah 2h Kc Kd"), parse_cards("3c 4d 5s Qh Jh"))
    assert wheel is not None and str(wheel) == "5-4-3-2-A"


def test_R_RANK_5_razz_counts_pairs_against_and_has_no_qualifier() -> None:
    """R-RANK-5 (razz form): ace-to-five, no eight qualifier; a pair is worse than no pair."""
    assert str(evaluate_razz(parse_cards("Kc Qd Jh Ts 9c 9d 8h"))) == "Q-J-10-9-8"
    assert str(evaluate_razz(parse_cards("Ah 2d 3c 4s 5h Kd Kc"))) == "5-4-3-2-A"
    paired = evaluate_razz(parse_cards("Ah Ad 2c 2s 3h 3d 4c"))  # four ranks: a pair must play
    assert str(paired) == "4-3-2-A-A"
    assert paired < evaluate_razz(parse_cards("Kh Qd Jc Ts 9h 9d 9c"))
    assert evaluate_razz(parse_cards("Ah Ad 2c 3s 4h")) > evaluate_razz(parse_cards("2h 2d Ac 3s 4h"))
    assert evaluate_razz(parse_cards("Ah Ad 2c 2s 3h")) > evaluate_razz(parse_cards("Ah Ad 3c 3s 2h"))
    assert str(evaluate_razz(parse_cards("Kh Kd Qc Qs Jh Jd Tc"))) == "K-Q-J-J-10"
    # Up-cards on a stud board (fewer than five) compare the same way.
    assert evaluate_razz(parse_cards("7h 3d")) > evaluate_razz(parse_cards("8h 2d"))
    assert evaluate_razz(parse_cards("Kh")) < evaluate_razz(parse_cards("Ah"))


@settings(max_examples=400)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_R_RANK_5_low_is_the_best_qualifying_five_card_subset(cards: list[int]) -> None:
    """R-RANK-5: evaluate_low equals the best of all five-card subsets that qualify."""

    def ace_low(code: int) -> int:
        return 1 if code >> 2 == 12 else (code >> 2) + 2

    qualifying = [
        sorted((ace_low(c) for c in five), reverse=True)
        for five in combinations(cards, 5)
        if len({ace_low(c) for c in five}) == 5 and max(ace_low(c) for c in five) <= 8
    ]
    result = evaluate_low(cards)
    if not qualifying:
        assert result is None
    else:
        assert result is not None and list(result.ranks) == min(qualifying)


def test_R_RANK_4_omaha_works_as_the_first_evaluation_of_a_fresh_process() -> None:
    """R-RANK-4: the lazily built rank table is built by whichever entry point comes first."""
    code = (
        "from pokerroom.core.cards import parse_cards as p\n"
        "from pokerroom.core.evaluation import evaluate_omaha\n"
        "print(evaluate_omaha(p('Ac Ad 2c 3c'), p('9c 9d 9h 9s Ks')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "Full House, Nines full of Aces"
