"""Golden counts: every 5-card and every 7-card hand of the deck (R-RANK-1).

The figures are the published combinatorial counts (issue 2), not our own output.
"""

from __future__ import annotations

from itertools import chain, combinations

import numpy as np

from pokerroom.core.evaluation import HandCategory, high_rank
from pokerroom.core.evaluation._kernels import enumerate_all
from pokerroom.core.evaluation.batch import evaluate_high_batch, hand_categories

FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def test_R_RANK_1_five_card_category_counts_scalar_and_batch() -> None:
    """R-RANK-1: all 2,598,960 five-card hands fall into the published category counts."""
    n = 2_598_960
    hands = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8, 5 * n)
    hands = hands.reshape(n, 5)
    batch = evaluate_high_batch(hands)
    counts = np.bincount(hand_categories(batch), minlength=9)
    assert {HandCategory(i): int(n) for i, n in enumerate(counts)} == FIVE_CARD_COUNTS
    # The scalar path on every hand gives the very same ints.
    scalar = np.fromiter((high_rank(h) for h in combinations(range(52), 5)), np.int32, len(hands))
    assert np.array_equal(scalar, batch)
    # 7,462 distinct five-card hand classes (1,277 high-card ... 10 straight flushes).
    assert len(np.unique(batch)) == 7_462


def test_R_RANK_1_five_card_counts_with_the_enumeration_kernel() -> None:
    """R-RANK-1: the eval5 kernel enumeration gives the same published counts."""
    categories, seen = enumerate_all(5)
    assert {HandCategory(i): int(n) for i, n in enumerate(categories)} == FIVE_CARD_COUNTS
    assert int(np.count_nonzero(seen)) == 7_462


def test_R_RANK_1_seven_card_category_counts_and_4824_distinct_values() -> None:
    """R-RANK-1: all 133,784,560 seven-card hands: published category counts, 4,824 values."""
    categories, seen = enumerate_all(7)
    assert int(categories.sum()) == 133_784_560
    assert {HandCategory(i): int(n) for i, n in enumerate(categories)} == SEVEN_CARD_COUNTS
    assert int(np.count_nonzero(seen)) == 4_824
