"""Prizes: payout tables as data, the rounding rule, shared places, the cancellation payout.

R-TOURN-7: a payout table by number of entrants gives each paid place a share of the prize
pool, rounded down to the chip unit; the units rounding leaves over go to the higher places,
one each from first place down. R-TOURN-6: players who share places share those places'
prizes equally. R-TOURN-12: cancelled, the remaining players first receive the smallest
unpaid prize each (when what is left covers it for all), the rest in proportion to chips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pokerroom.core.errors import InvalidConfigError


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutRow:
    """For `low`..`high` entrants: relative weights of the paid places, first place first."""

    low: int
    high: int
    weights: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.low < 1 or self.high < self.low:
            raise InvalidConfigError("payouts: entrants range must be 1 <= low <= high")
        if not self.weights or any(w <= 0 for w in self.weights):
            raise InvalidConfigError("payouts: weights must be positive")
        if list(self.weights) != sorted(self.weights, reverse=True):
            raise InvalidConfigError("payouts: a higher place cannot pay less than a lower one")
        if len(self.weights) > self.low:
            raise InvalidConfigError(
                f"payouts: {len(self.weights)} paid places for as few as {self.low} entrants"
            )


PayoutTable = tuple[PayoutRow, ...]

# Beyond the table's last row, about the top 15% are paid (at least three places), with
# weights falling like 1/(place+1): first place about a fifth of the pool in large fields.
LARGE_FIELD_PERCENT = 15


def default_payouts() -> PayoutTable:
    return (
        PayoutRow(low=2, high=3, weights=(1,)),
        PayoutRow(low=4, high=6, weights=(65, 35)),
        PayoutRow(low=7, high=10, weights=(50, 30, 20)),
    )


def shares(table: PayoutTable, entrants: int) -> tuple[Fraction, ...]:
    """The share of the prize pool of each paid place, first place first (sum 1)."""
    weights: tuple[int, ...] | None = None
    for row in table:
        if row.low <= entrants <= row.high:
            weights = row.weights
            break
    if weights is None:
        if entrants < 2:
            weights = (1,)
        else:
            places = max(3, entrants * LARGE_FIELD_PERCENT // 100)
            places = min(places, entrants)
            denominator = 1
            for place in range(1, places + 1):
                denominator = denominator * (place + 1) // _gcd(denominator, place + 1)
            weights = tuple(denominator // (place + 1) for place in range(1, places + 1))
    total = sum(weights)
    return tuple(Fraction(w, total) for w in weights)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def split(total: int, parts: Sequence[Fraction], unit: int = 1) -> tuple[int, ...]:
    """`total` split by `parts` (summing to 1), each rounded down to the unit; the units left
    over go one each from the first part on (R-TOURN-7)."""
    if total % unit:
        raise InvalidConfigError("prize pool is not a whole number of chip units")
    units = total // unit
    amounts = [int(units * p) for p in parts]  # int() of a non-negative Fraction rounds down
    left = units - sum(amounts)
    i = 0
    while left > 0:
        amounts[i % len(amounts)] += 1
        left -= 1
        i += 1
    return tuple(a * unit for a in amounts)


def prizes(pool: int, table: PayoutTable, entrants: int, unit: int = 1) -> tuple[int, ...]:
    """The prize of each paid place, first place first (R-TOURN-7)."""
    return split(pool, shares(table, entrants), unit)


def prize_of_places(place_prizes: Sequence[int], first: int, count: int) -> int:
    """The sum of the prizes of places first..first+count-1 (1-based; unpaid places pay 0)."""
    return sum(
        place_prizes[p - 1] for p in range(first, first + count) if p - 1 < len(place_prizes)
    )


def share_equally(total: int, who: Sequence[str], unit: int = 1) -> dict[str, int]:
    """Players tied on chips share the prizes of the places they cover equally (R-TOURN-6);
    a unit that cannot be split goes one each in the given order (R-TOURN-7)."""
    amounts = split(total, [Fraction(1, len(who))] * len(who), unit)
    return dict(zip(who, amounts, strict=True))


def cancellation_payout(
    unpaid: int, unpaid_prizes: Sequence[int], chips: Mapping[str, int], unit: int = 1
) -> dict[str, int]:
    """R-TOURN-12: `unpaid` (the prize pool not yet paid) to the remaining players.

    Each first gets the smallest prize still unpaid if that covers all of them; the rest goes
    in proportion to chips, rounded down, the remainder one unit each from the largest stack.
    """
    players = sorted(chips, key=lambda p: (-chips[p], p))
    out = {p: 0 for p in players}
    smallest = min((p for p in unpaid_prizes if p > 0), default=0)
    if smallest and smallest * len(players) <= unpaid:
        for p in players:
            out[p] = smallest
        unpaid -= smallest * len(players)
    total_chips = sum(chips.values())
    if unpaid and total_chips:
        parts = [Fraction(chips[p], total_chips) for p in players]
        for p, amount in zip(players, split(unpaid, parts, unit), strict=True):
            out[p] += amount
    elif unpaid and players:
        for p, amount in zip(players, split(unpaid, [Fraction(1, len(players))] * len(players), unit), strict=True):  # fmt: skip
            out[p] += amount
    return out
