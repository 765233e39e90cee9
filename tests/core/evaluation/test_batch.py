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
from numba import njit

from pokerroom.core.cards import RANK_SYMBOLS, SUIT_SYMBOLS
from pokerroom.core.evaluation import high_rank
from pokerroom.core.evaluation._kernels import RANK_KEYS, eval5, eval6, no_flush_values
from pokerroom.core.evaluation._kernels import eval7 as kernel_eval7
from pokerroom.core.evaluation.batch import evaluate_high_batch, hand_categories
from pokerroom.core.evaluation.tables import best_from_counts, rank_multisets


def random_hands(rng: np.random.Generator, n: int, width: int) -> np.ndarray:
    """n hands of `width` distinct cards each: the first cards of n independent shuffles."""
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    return np.ascontiguousarray(rng.permuted(decks, axis=1)[:, :width])


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
    out = np.empty(len(hands), np.int64)
    for start in range(0, len(hands), 50_000):  # in chunks: Python lists of a million rows are big
        rows = hands[start : start + 50_000].tolist()
        out[start : start + len(rows)] = [evaluate([cards[c] for c in row]) for row in rows]
    return out


def test_R_RANK_2_ordering_agrees_with_eval7_on_a_million_random_pairs() -> None:
    """R-RANK-1, R-RANK-2: on 1,008,000 random pairs ours and eval7 agree on win/tie/loss.

    500,000 pairs are consecutive hands of a chain of independent 7-card hands; 508,000
    are every pair of four players sharing a hold'em board (the comparisons a showdown
    makes, with many close and tied hands).
    """
    rng = np.random.default_rng(2026)
    free = random_hands(rng, 500_001, 7)
    deals = random_hands(rng, 84_667, 13)  # board = cards 0..4, player p holds 5+2p, 6+2p
    players = [np.ascontiguousarray(deals[:, [0, 1, 2, 3, 4, 5 + 2 * p, 6 + 2 * p]]) for p in range(4)]
    hands = np.vstack([free, *players])
    ours_all = evaluate_high_batch(hands).astype(np.int64)
    theirs_all = eval7_values(hands)

    def pairs(values: np.ndarray) -> np.ndarray:
        chain = values[: len(free)]
        seats = values[len(free) :].reshape(4, -1)
        shared = [seats[i] - seats[j] for i in range(4) for j in range(i + 1, 4)]
        return np.sign(np.concatenate([chain[:-1] - chain[1:], *shared]))

    ours, theirs = pairs(ours_all), pairs(theirs_all)
    assert ours.size >= 1_000_000
    disagree = np.flatnonzero(ours != theirs)
    assert disagree.size == 0, f"{disagree.size} disagreements, first at pair {disagree[:5]}"
    # The shared-board pairs must actually exercise ties and both outcomes.
    shared = ours[500_000:]
    assert (shared == 0).sum() > 10_000 and (shared > 0).sum() > 100_000 and (shared < 0).sum() > 100_000


@njit(cache=False)
def _wins_of_first(deals: np.ndarray) -> np.ndarray:
    """From numba code: +1/0/-1 for player A (cards 5, 6) against B (7, 8) on board 0..4."""
    out = np.empty(deals.shape[0], np.int8)
    for i in range(deals.shape[0]):
        d = deals[i]
        a = kernel_eval7(d[0], d[1], d[2], d[3], d[4], d[5], d[6])
        b = kernel_eval7(d[0], d[1], d[2], d[3], d[4], d[7], d[8])
        out[i] = 1 if a > b else (-1 if a < b else 0)
    return out


def test_R_RANK_4_kernels_are_callable_from_other_numba_code() -> None:
    """R-RANK-4: eval7 called inside an njit function agrees with the batch API."""
    deals = random_hands(np.random.default_rng(11), 20_000, 9)
    a = evaluate_high_batch(deals[:, :7]).astype(np.int64)
    b = evaluate_high_batch(deals[:, [0, 1, 2, 3, 4, 7, 8]]).astype(np.int64)
    assert np.array_equal(_wins_of_first(deals), np.sign(a - b))


def test_R_RANK_1_numba_twin_values_every_rank_multiset_like_the_scalar_table() -> None:
    """R-RANK-1: for every 5-, 6- and 7-card rank multiset (73,775), a no-flush hand with
    those ranks gets the same value from the kernels as from the scalar path."""
    for size in (5, 6, 7):
        keys, values = no_flush_values(size, RANK_KEYS)
        hands = []
        for counts in rank_multisets(size):
            ranks = [r for r, c in enumerate(counts) for _ in range(c)]
            # Suits dealt round-robin: a rank's cards get distinct suits, no suit gets five.
            hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
        array = np.array(hands, dtype=np.uint8)
        assert len(hands) == len(keys) == {5: 6_175, 6: 18_395, 7: 49_205}[size]
        expected = np.array([best_from_counts(c) for c in rank_multisets(size)], np.int32)
        assert np.array_equal(np.sort(values), np.sort(expected))
        assert np.array_equal(evaluate_high_batch(array), expected)
        assert np.array_equal(np.array([high_rank(h) for h in hands], np.int32), expected)
