"""Ace-to-five lows: eight-or-better for hi-lo games, unqualified for razz (R-RANK-5).

Aces are low (rank 1). Straights and flushes never count against a low. A `LowValue` is
ordered so that the BETTER low compares GREATER, like a `HandValue`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from pokerroom.core.cards import Card
from pokerroom.core.evaluation.high import checked_codes

_LOW_WORDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def low_rank_of(code: int) -> int:
    """Ace-to-five rank of a card code: ace 1, two 2, ..., king 13."""
    rank = code >> 2
    return 1 if rank == 12 else rank + 2


@dataclass(frozen=True, slots=True, order=True)
class LowValue:
    """An ace-to-five low. Greater is better; equal exactly when the lows tie.

    `order` is the negated badness `pairing << 20 | five rank nibbles` (grouped cards first,
    then high to low), so any unpaired low beats any paired one and 7-5-4-3-2 beats 7-6-3-2-A.
    `ranks` are the five ranks high to low, ace = 1.
    """

    order: int
    ranks: tuple[int, ...] = field(compare=False)

    @property
    def is_qualified(self) -> bool:
        """True for an unpaired low of eight or better (R-RANK-5)."""
        return self.order > -(1 << 20) and len(self.ranks) == 5 and self.ranks[0] <= 8

    def __str__(self) -> str:
        return "-".join(_LOW_WORDS[r - 1] for r in self.ranks)


def _low_of(ranks: Sequence[int]) -> LowValue:
    """Value of a low hand of up to five ace-to-five ranks (pairs count against it)."""
    counts = Counter(ranks)
    grouped = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    pairing = _PAIRING[tuple(sorted(counts.values(), reverse=True))]
    badness = pairing
    for r in grouped:
        badness = badness << 4 | r
    badness <<= 4 * (5 - len(grouped))
    return LowValue(order=-badness, ranks=tuple(sorted(ranks, reverse=True)))


# How paired a low is: no pair, pair, two pair, trips, full house, quads (worse is bigger).
_PAIRING = {
    (1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5,
    (1,): 0, (1, 1): 0, (1, 1, 1): 0, (1, 1, 1, 1): 0, (2,): 1, (2, 1): 1, (2, 1, 1): 1,
    (2, 2): 2, (3,): 3, (3, 1): 3, (4,): 5,
}  # fmt: skip


def low_eight_ranks(codes: Iterable[int]) -> tuple[int, ...] | None:
    """The five lowest distinct ranks of 8 or lower (high to low), or None if fewer than five."""
    ranks = sorted({low_rank_of(c) for c in codes if low_rank_of(c) <= 8})
    if len(ranks) < 5:
        return None
    return tuple(reversed(ranks[:5]))


def evaluate_low(cards: Iterable[Card | int]) -> LowValue | None:
    """Best eight-or-better ace-to-five low among 5..7 cards, or None (R-RANK-5)."""
    ranks = low_eight_ranks(checked_codes(cards))
    return None if ranks is None else _low_of(ranks)


def evaluate_omaha_low(hole: Iterable[Card | int], board: Iterable[Card | int]) -> LowValue | None:
    """Best eight-or-better low with exactly two hole and three board cards (R-RANK-4, R-RANK-5)."""
    hole_codes = checked_codes(hole, (2, 3, 4, 5, 6))
    board_codes = checked_codes(board, (3, 4, 5))
    checked_codes(hole_codes + board_codes, (len(hole_codes) + len(board_codes),))
    best: tuple[int, ...] | None = None
    for two in combinations(hole_codes, 2):
        for three in combinations(board_codes, 3):
            ranks = low_eight_ranks(two + three)
            if ranks is not None and (best is None or ranks < best):
                best = ranks
    return None if best is None else _low_of(best)


def evaluate_razz(cards: Iterable[Card | int]) -> LowValue:
    """Best ace-to-five low of up to seven cards, no qualifier, pairs count against it.

    With fewer than five cards (a stud up-board) the value of all of them is returned.
    """
    codes = checked_codes(cards, (1, 2, 3, 4, 5, 6, 7))
    ranks = [low_rank_of(c) for c in codes]
    if len(ranks) <= 5:
        return _low_of(ranks)
    return max(_low_of(five) for five in combinations(ranks, 5))
