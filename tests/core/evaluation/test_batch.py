"""Batch and kernels agree with the scalar path; ordering agrees with eval7 (R-RANK-1, R-RANK-2).

eval7 is an independent evaluator (a test dependency): on a million random pairs of hands
ours and theirs must say the same thing: which hand wins, or that they tie.
"""

from __future__ import annotations

import eval7
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.core.cards import RANK_SYMBOLS, SUIT_SYMBOLS
from pokerroom.core.evaluation import high_rank
from pokerroom.core.evaluation._kernels import eval5, eval6
from pokerroom.core.evaluation._kernels import eval7 as kernel_eval7
from pokerroom.core.evaluation.batch import evaluate_high_batch, hand_categories


def random_hands(rng: np.random.Generator, n: int, width: int) -> np.ndarray:
    """n hands of `width` distinct cards each: the first cards of n independent shuffles."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_R_RANK_1_scalar_and_batch_agree_on_random_hands(width: int) -> None:
    """R-RANK-1: evaluate_high_batch returns exactly high_rank's ints, 5, 6 and 7 cards."""
    hands = random_hands(np.random.default_rng(width), 60_000, width)
    batch = evaluate_high_batch(hands)
    scalar = np.array([high_rank(row) for row in hands.tolist()], dtype=np.int32)
    assert batch.dtype == np.int32
    assert np.array_equal(batch, scalar)
    assert np.array_equal(hand_categories(batch), scalar >> 20)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_R_RANK_1_kernels_callable_directly_match_scalar(cards: list[int]) -> None:
    """R-RANK-1: eval5/eval6/eval7 (numba) give high_rank's ints for the same cards."""
    assert kernel_eval7(*cards) == high_rank(cards)
    assert eval6(*cards[:6]) == high_rank(cards[:6])
    assert eval5(*cards[:5]) == high_rank(cards[:5])


def test_batch_refuses_bad_shapes_and_codes() -> None:
    """The batch API wants (N, 5..7) codes 0..51."""
    with pytest.raises(ValueError):
        evaluate_high_batch(np.zeros((3, 4), np.uint8))
    with pytest.raises(ValueError):
        evaluate_high_batch(np.zeros(7, np.uint8))
    with pytest.raises(ValueError):
        evaluate_high_batch(np.array([[0, 1, 2, 3, 52]]))
    assert evaluate_high_batch(np.zeros((0, 7), np.uint8)).shape == (0,)


EVAL7_CARDS = [eval7.Card(RANK_SYMBOLS[c >> 2] + SUIT_SYMBOLS[c & 3]) for c in range(52)]


def eval7_values(hands: np.ndarray) -> np.ndarray:
    evaluate, cards = eval7.evaluate, EVAL7_CARDS
    return np.array([evaluate([cards[c] for c in row]) for row in hands.tolist()], np.int64)


def test_R_RANK_2_ordering_agrees_with_eval7_on_a_million_random_pairs() -> None:
    """R-RANK-1, R-RANK-2: on 1,000,000 random pairs ours and eval7 agree on win/tie/loss.

    Half the pairs are independent 7-card hands, half share a five-card hold'em board (the
    comparisons a showdown makes, with many close and tied hands).
    """
    rng = np.random.default_rng(2026)
    n = 500_000
    a_free = random_hands(rng, n, 7)
    b_free = random_hands(rng, n, 7)
    deal = random_hands(rng, n, 9)  # board = cards 0..4, hole A = 5..6, hole B = 7..8
    a_board = deal[:, :7]
    b_board = np.ascontiguousarray(deal[:, [0, 1, 2, 3, 4, 7, 8]])
    ours_a = evaluate_high_batch(np.vstack([a_free, a_board])).astype(np.int64)
    ours_b = evaluate_high_batch(np.vstack([b_free, b_board])).astype(np.int64)
    theirs_a = eval7_values(np.vstack([a_free, a_board]))
    theirs_b = eval7_values(np.vstack([b_free, b_board]))
    ours = np.sign(ours_a - ours_b)
    theirs = np.sign(theirs_a - theirs_b)
    disagree = np.flatnonzero(ours != theirs)
    assert disagree.size == 0, f"{disagree.size} disagreements, first at pair {disagree[:5]}"
    # The shared-board half must actually exercise ties and both outcomes.
    shared = ours[n:]
    assert (shared == 0).sum() > 10_000 and (shared > 0).sum() > 100_000
