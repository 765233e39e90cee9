"""The draw games' hands: deuce-to-seven lowball (R-DRAW-6) and badugi (R-BADUGI-1, -2).

Deuce-to-seven: the five cards are valued as a high hand (R-RANK-1) with the ace always
high, so A-2-3-4-5 is no straight but ace high; straights and flushes count against the
hand; the WORST high hand wins. The value is `DEUCE_SEVEN_TOP - high value` (bigger is
better, like every value the showdown compares), so 7-5-4-3-2 of mixed suits is the best.

Badugi: the best badugi is the largest subset of the four cards whose ranks and suits are
all different (a four-card badugi beats any three-card hand, and so on); among hands of the
same size the lower highest card wins, then the next, aces low. Value: `size << 16 |
(0xFFFF - ranks)` with the ranks (ace 0 .. king 12) high to low in nibbles.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerroom.core.evaluation.high import high_rank
from pokerroom.core.evaluation.value import HandCategory, describe, encode

DEUCE_SEVEN_TOP = 1 << 24
_LOW_BITS = (1 << 20) - 1
_WHEEL = encode(0, (3, 2, 1, 0, 12)) & _LOW_BITS  # 5-4-3-2-A as the high evaluator ranks a wheel
_ACE_FIVE = encode(0, (12, 3, 2, 1, 0)) & _LOW_BITS  # the same five cards, ace high, no straight
_WORDS = "23456789TJQKA"


def deuce_seven_high(cards: Sequence[int]) -> int:
    """The high value of five cards with the ace high only (no wheel straight)."""
    value = high_rank(cards)
    if value & _LOW_BITS == _WHEEL:
        category = value >> 20
        if category == HandCategory.STRAIGHT:
            return HandCategory.HIGH_CARD << 20 | _ACE_FIVE
        if category == HandCategory.STRAIGHT_FLUSH:
            return HandCategory.FLUSH << 20 | _ACE_FIVE
    return value


def deuce_seven_rank(cards: Sequence[int]) -> int:
    """Lowball value of five card codes: bigger is better (the worse high hand)."""
    if len(cards) != 5:
        raise ValueError(f"deuce-to-seven values exactly five cards, got {len(cards)}")
    return DEUCE_SEVEN_TOP - deuce_seven_high(cards)


def describe_deuce_seven(cards: Sequence[int]) -> str:
    """"7-5-4-3-2" for an unpaired, unstraight, unsuited hand, else the high hand's words."""
    value = deuce_seven_high(cards)
    if value >> 20 == HandCategory.HIGH_CARD:
        return "-".join(_WORDS[value >> shift & 15] for shift in (16, 12, 8, 4, 0))
    return describe(value)


def _badugi_rank(code: int) -> int:
    """Badugi rank of a card: ace 0, two 1, ..., king 12 (aces low)."""
    rank = code >> 2
    return 0 if rank == 12 else rank + 1


def badugi_parts(cards: Sequence[int]) -> tuple[int, ...]:
    """The ranks (ace 0 .. king 12, high to low) of the best badugi among the cards."""
    best: tuple[int, ...] = ()
    for size in range(min(4, len(cards)), 0, -1):
        for sub in combinations(cards, size):
            if len({c & 3 for c in sub}) < size:
                continue
            ranks = sorted((_badugi_rank(c) for c in sub), reverse=True)
            if len(set(ranks)) < size:
                continue
            key = tuple(ranks)
            if not best or key < best:
                best = key
        if best:
            return best
    return best


def badugi_rank(cards: Sequence[int]) -> int:
    """Badugi value of four card codes: bigger is better."""
    if len(cards) != 4:
        raise ValueError(f"badugi values exactly four cards, got {len(cards)}")
    ranks = badugi_parts(cards)
    packed = 0
    for r in ranks:
        packed = packed << 4 | r
    packed <<= 4 * (4 - len(ranks))
    return len(ranks) << 16 | (0xFFFF - packed)


def describe_badugi(cards: Sequence[int]) -> str:
    """"Badugi 8-5-3-A", "3-card 7-4-2"."""
    ranks = badugi_parts(cards)
    words = "-".join("A23456789TJQK"[r] for r in ranks)
    return f"Badugi {words}" if len(ranks) == 4 else f"{len(ranks)}-card {words}"
