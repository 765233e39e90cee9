"""The Independent Chip Model, exact: what each stack is worth in the prizes still to pay.

A player finishes first with probability chips / all chips; given who finished above, the
same holds among the rest (Malmuth-Harville). Computed exactly in fractions over every
finishing order, which is cheap for the at most four players a final-table deal allows.
The deal amounts are rounded down to the chip unit, the remainder one unit each from the
largest stack down (as R-TOURN-7 rounds prizes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from pokerroom.core.errors import RuleViolationError
from pokerroom.core.tournament.payouts import split

MAX_DEAL_PLAYERS = 4


def equities(chips: Mapping[str, int], place_prizes: Sequence[int]) -> dict[str, Fraction]:
    """Each player's exact expected prize. `place_prizes[k]` pays place k+1 (missing: 0)."""
    players = [p for p in chips if chips[p] > 0]
    value: dict[str, Fraction] = {p: Fraction(0) for p in chips}

    def walk(left: list[str], place: int, probability: Fraction) -> None:
        if not left:
            return
        total = sum(chips[p] for p in left)
        prize = place_prizes[place] if place < len(place_prizes) else 0
        for p in left:
            q = probability * Fraction(chips[p], total)
            value[p] += q * prize
            walk([o for o in left if o != p], place + 1, q)

    walk(players, 0, Fraction(1))
    return value


def deal(chips: Mapping[str, int], place_prizes: Sequence[int], unit: int = 1) -> dict[str, int]:
    """The ICM split of the prizes of places 1..len(chips) between the players left."""
    if not 2 <= len(chips) <= MAX_DEAL_PLAYERS:
        raise RuleViolationError("deal", f"a deal needs 2 to {MAX_DEAL_PLAYERS} players left")
    prizes = list(place_prizes[: len(chips)])
    total = sum(prizes)
    if total == 0:
        return {p: 0 for p in chips}
    eq = equities(chips, prizes)
    order = sorted(chips, key=lambda p: (-chips[p], p))
    amounts = split(total, [eq[p] / total for p in order], unit)
    return dict(zip(order, amounts, strict=True))
