"""Short-deck (6+) hold'em hands: the 36-card deck, sixes to aces (R-SHORT-2).

The categories are those of R-RANK-1 with two changes, as PokerStars and PokerKit play it: a
flush beats a full house, and the ace also plays low in the straight A-6-7-8-9, the lowest
straight (and straight flush). Values use the encoding of value.py with the flush and full
house categories swapped, so a bigger int is still the better hand; `describe_short_deck`
gives the words. Best five of five to seven cards, each five-card hand valued by the
standard evaluator and then re-ranked.
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


def short_deck_rank(cards: Sequence[int]) -> int:
    """The value of the best five of 5..7 short-deck card codes (bigger is better)."""
    if len(cards) == 5:
        return _five(cards)
    return max(_five(five) for five in combinations(cards, 5))


def describe_short_deck(value: int) -> str:
    """Words for a short-deck value: "Flush, Ace high", "Straight, Nine high" (A-6-7-8-9)."""
    category = value >> 20
    if category in (HandCategory.FLUSH, HandCategory.FULL_HOUSE):
        return describe(_SWAP[HandCategory(category)] << 20 | value & _LOW_BITS)
    return describe(value)
