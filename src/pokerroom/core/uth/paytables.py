"""The Blind and Trips pay tables (U-PAY-2, U-PAY-3), as Fractions of the stake."""

from __future__ import annotations

from fractions import Fraction

from pokerroom.core.evaluation import HandCategory, HandValue

ROYAL = "royal flush"

# (hand, ratio) lines in table order, for display; the hand is a HandCategory or ROYAL.
BLIND_TABLE: tuple[tuple[HandCategory | str, Fraction], ...] = (
    (ROYAL, Fraction(500)),
    (HandCategory.STRAIGHT_FLUSH, Fraction(50)),
    (HandCategory.FOUR_OF_A_KIND, Fraction(10)),
    (HandCategory.FULL_HOUSE, Fraction(3)),
    (HandCategory.FLUSH, Fraction(3, 2)),
    (HandCategory.STRAIGHT, Fraction(1)),
)
TRIPS_TABLE: tuple[tuple[HandCategory | str, Fraction], ...] = (
    (ROYAL, Fraction(50)),
    (HandCategory.STRAIGHT_FLUSH, Fraction(40)),
    (HandCategory.FOUR_OF_A_KIND, Fraction(30)),
    (HandCategory.FULL_HOUSE, Fraction(8)),
    (HandCategory.FLUSH, Fraction(7)),
    (HandCategory.STRAIGHT, Fraction(4)),
    (HandCategory.THREE_OF_A_KIND, Fraction(3)),
)


def _lookup(
    table: tuple[tuple[HandCategory | str, Fraction], ...], hand: HandValue
) -> Fraction | None:
    key: HandCategory | str = ROYAL if hand.is_royal else hand.category
    for line, ratio in table:
        if line == key:
            return ratio
    return None


def blind_ratio(hand: HandValue) -> Fraction:
    """What a winning Blind pays per unit staked; 0 means a push (U-PAY-2)."""
    ratio = _lookup(BLIND_TABLE, hand)
    return Fraction(0) if ratio is None else ratio


def trips_ratio(hand: HandValue) -> Fraction | None:
    """What Trips pays per unit staked, or None when the bet loses (U-PAY-3)."""
    return _lookup(TRIPS_TABLE, hand)


def line_name(line: HandCategory | str) -> str:
    return line if isinstance(line, str) else line.title.lower()
