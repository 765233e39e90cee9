"""Short-deck (6+) hold'em hands: the 36-card deck, sixes to aces (R-SHORT-2).

The categories are those of R-RANK-1 with two changes, as PokerStars and PokerKit play it: a
flush beats a full house, and the ace also plays low in the straight A-6-7-8-9, the lowest
straight (and straight flush). Values use the encoding of value.py with the flush and full
house categories swapped, so a bigger int is still the better hand; `describe_short_deck`
gives the words. Best five of five to seven cards, each five-card hand valued by the
standard evaluator and then re-ranked.

Six and seven cards are memoised: the best of their 5-card hands depends only on the rank
multiset and, when five or more share a suit, that suit's ranks (only that suit can hold a
flush; every other 5-card hand is valued by its ranks alone). So that pair is the cache key,
and each of the few thousand short-deck keys is valued once, the long way, from real cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerroom.core.evaluation.high import high_rank
from pokerroom.core.evaluation.value import HandCategory, describe, encode

_LOW_BITS = (1 << 20) - 1
# A-9-8-7-6 as the standard evaluator ranks it (ace high, no straight), and as ours does
# (the straight whose top card is the nine, the ace below the six).
_ACE_NINE_HIGH = encode(0, (12, 7, 6, 5, 4)) & _LOW_BITS
_LOWEST_STRAIGHT = encode(0, (7, 6, 5, 4, 12)) & _LOW_BITS
_SWAP = {HandCategory.FLUSH: HandCategory.FULL_HOUSE, HandCategory.FULL_HOUSE: HandCategory.FLUSH}


def _five(cards: Sequence[int]) -> int:
    value = high_rank(cards)
    category = value >> 20
    low = value & _LOW_BITS
    if low == _ACE_NINE_HIGH and category in (HandCategory.HIGH_CARD, HandCategory.FLUSH):
        straight = HandCategory.STRAIGHT_FLUSH if category == HandCategory.FLUSH else HandCategory.STRAIGHT
        return straight << 20 | _LOWEST_STRAIGHT
    if category in (HandCategory.FLUSH, HandCategory.FULL_HOUSE):
        return _SWAP[HandCategory(category)] << 20 | low
    return value


def _best_of(cards: Sequence[int]) -> int:
    return max(_five(five) for five in combinations(cards, 5))


# Rank counts, three bits a rank (bits 0..38); a flush suit's rank mask goes above them.
_RANK_COUNT = tuple(1 << 3 * (c >> 2) for c in range(52))
_FLUSH_AT = 39
# (rank counts, flush suit's ranks) -> value, for 6 and 7 distinct cards. Bounded by the
# number of such keys (a few thousand over the 36-card deck).
_BEST: dict[int, int] = {}


def short_deck_rank(cards: Sequence[int]) -> int:
    """The value of the best five of 5..7 short-deck card codes (bigger is better)."""
    n = len(cards)
    if n == 5:
        return _five(cards)
    key = 0
    suits = [0, 0, 0, 0]
    try:
        for c in cards:
            key += _RANK_COUNT[c]
            suits[c & 3] |= 1 << (c >> 2)
    except (IndexError, TypeError, ValueError):  # not card codes: no memo
        return _best_of(cards)
    s0, s1, s2, s3 = suits
    b0, b1, b2, b3 = s0.bit_count(), s1.bit_count(), s2.bit_count(), s3.bit_count()
    if b0 + b1 + b2 + b3 != n or n > 7:  # a repeated card (or too many): no memo
        return _best_of(cards)
    if b0 >= 5:
        key |= s0 << _FLUSH_AT
    elif b1 >= 5:
        key |= s1 << _FLUSH_AT
    elif b2 >= 5:
        key |= s2 << _FLUSH_AT
    elif b3 >= 5:
        key |= s3 << _FLUSH_AT
    try:
        return _BEST[key]
    except KeyError:
        value = _BEST[key] = _best_of(cards)
        return value


def describe_short_deck(value: int) -> str:
    """Words for a short-deck value: "Flush, Ace high", "Straight, Nine high" (A-6-7-8-9)."""
    category = value >> 20
    if category in (HandCategory.FLUSH, HandCategory.FULL_HOUSE):
        return describe(_SWAP[HandCategory(category)] << 20 | value & _LOW_BITS)
    return describe(value)
