"""Hand values: the int encoding shared by the scalar, batch and numba evaluators (R-RANK-1, R-RANK-2).

A high-hand value is `category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5` where
`r1..r5` are the ranks (0..12 = 2..A) of the five cards in the order they are compared:
grouped cards first (quads, trips, pairs, higher group first), then kickers high to low.
Straights list their cards from the top, so the wheel is 5-4-3-2-A (`3, 2, 1, 0, 12`) and
compares below 6-5-4-3-2. Bigger int = better hand; equal ints = a tie. Suits never appear
in a value, so suits never decide (R-TIE-1).
"""

from __future__ import annotations

from enum import IntEnum

from pokerroom.core.cards import Rank


class HandCategory(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def title(self) -> str:
        return _CATEGORY_TITLES[self]


_CATEGORY_TITLES = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
    "Four of a Kind", "Straight Flush",
)  # fmt: skip


def encode(category: int, ranks: tuple[int, ...] | list[int]) -> int:
    """The value of a hand of `category` whose five ranks, in comparison order, are `ranks`."""
    value = category
    for rank in ranks:
        value = value << 4 | rank
    return value


def decode_ranks(value: int) -> tuple[int, int, int, int, int]:
    """The five ranks (0..12) of a value, in comparison order."""
    return (
        value >> 16 & 15, value >> 12 & 15, value >> 8 & 15, value >> 4 & 15, value & 15,
    )  # fmt: skip


class HandValue(int):
    """The strength of a high hand. Higher is better; equal exactly when the hands tie.

    An immutable int (the encoded value, so comparing, hashing and sorting are int-fast)
    with words and parts: `.value`, `.category`, `.ranks`, `.is_royal`, `str()`.
    """

    __slots__ = ()

    @property
    def value(self) -> int:
        return int(self)

    @property
    def category(self) -> HandCategory:
        return HandCategory(self >> 20)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks in comparison order (the wheel is Five, Four, Three, Two, Ace)."""
        return tuple(Rank(r) for r in decode_ranks(self))

    @property
    def is_royal(self) -> bool:
        return self >> 20 == HandCategory.STRAIGHT_FLUSH and self >> 16 & 15 == Rank.ACE

    def __str__(self) -> str:
        return describe(self)

    def __format__(self, spec: str) -> str:
        return describe(self) if not spec else format(int(self), spec)

    def __repr__(self) -> str:
        return f"HandValue({int(self):#x}: {describe(self)})"


def describe(value: int) -> str:
    """Plain words: "Full House, Kings full of Sevens", "Flush, Ace high", "Royal Flush"."""
    category = HandCategory(value >> 20)
    r = [Rank(x) for x in decode_ranks(value)]
    title = category.title
    if category is HandCategory.STRAIGHT_FLUSH:
        if r[0] is Rank.ACE:
            return "Royal Flush"
        return f"{title}, {r[0].word} high"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"{title}, {r[0].plural}"
    if category is HandCategory.FULL_HOUSE:
        return f"{title}, {r[0].plural} full of {r[3].plural}"
    if category in (HandCategory.FLUSH, HandCategory.STRAIGHT):
        return f"{title}, {r[0].word} high"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"{title}, {r[0].plural}"
    if category is HandCategory.TWO_PAIR:
        return f"{title}, {r[0].plural} and {r[2].plural}"
    if category is HandCategory.PAIR:
        return f"{title} of {r[0].plural}"
    return f"{title}, {r[0].word}"
