"""Prizes (R-TOURN-7), shared places (R-TOURN-6), the cancellation payout (R-TOURN-12) and
the exact ICM deal, checked against independent computations."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.core.errors import InvalidConfigError, RuleViolationError
from pokerroom.core.tournament import icm_deal, icm_equities
from pokerroom.core.tournament.payouts import (
    PayoutRow,
    cancellation_payout,
    default_payouts,
    prizes,
    share_equally,
    shares,
)


def test_R_TOURN_7_default_table_and_rounding() -> None:
    """R-TOURN-7: 2-3 entrants pay one place, 4-6 pay 65/35, 7-10 pay 50/30/20, larger
    fields about 15%; shares rounded down, leftover units one each from first place."""
    table = default_payouts()
    assert shares(table, 3) == (Fraction(1),)
    assert shares(table, 5) == (Fraction(65, 100), Fraction(35, 100))
    assert prizes(231, table, 7) == (116, 69, 46)  # 115.5, 69.3, 46.2 -> one unit to first
    assert prizes(1001, table, 6) == (651, 350)  # 650.65, 350.35
    big = shares(table, 1000)
    assert len(big) == 150 and sum(big) == 1
    assert list(big) == sorted(big, reverse=True)


@settings(max_examples=200, deadline=None)
@given(pool=st.integers(0, 10**7), entrants=st.integers(2, 2000))
def test_R_TOURN_7_prizes_sum_to_the_pool(pool: int, entrants: int) -> None:
    """R-TOURN-7: every unit of the pool is paid, no place pays more than a higher one."""
    paid = prizes(pool, default_payouts(), entrants)
    assert sum(paid) == pool
    assert list(paid) == sorted(paid, reverse=True)
    assert len(paid) <= entrants


def test_R_TOURN_7_payout_rows_are_checked() -> None:
    """R-TOURN-7: a payout table that pays more places than entrants or pays a lower place
    more is refused naming the problem."""
    with pytest.raises(InvalidConfigError, match="paid places"):
        PayoutRow(low=2, high=5, weights=(50, 30, 20))
    with pytest.raises(InvalidConfigError, match="higher place"):
        PayoutRow(low=4, high=5, weights=(30, 70))


def test_R_TOURN_6_shared_places_split_equally() -> None:
    """R-TOURN-6: players tied on chips share the prizes of their places; an odd unit goes
    to the first listed (R-TOURN-7)."""
    assert share_equally(101, ["bob", "cat"]) == {"bob": 51, "cat": 50}
    assert share_equally(90, ["a", "b", "c"]) == {"a": 30, "b": 30, "c": 30}


def test_R_TOURN_12_cancellation_payout() -> None:
    """R-TOURN-12: the smallest unpaid prize to everyone when the pool covers it, the rest
    by chips rounded down, leftover units from the largest stack."""
    chips = {"ann": 2000, "bob": 1000, "cat": 1000}
    # 3 x 80 first, then 160 by chips 2:1:1
    assert cancellation_payout(400, (200, 120, 80), chips) == {"ann": 160, "bob": 120, "cat": 120}
    # 3 x 200 > 300: all by chips
    assert cancellation_payout(300, (200,), {"ann": 1, "bob": 1, "cat": 1}) == {
        "ann": 100, "bob": 100, "cat": 100,
    }  # fmt: skip
    odd = cancellation_payout(100, (70, 30), {"ann": 1, "bob": 1, "cat": 1})
    assert odd == {"ann": 34, "bob": 33, "cat": 33}


def _icm_by_permutations(chips: dict[str, int], paid: list[int]) -> dict[str, Fraction]:
    """Malmuth-Harville written out over every finishing order (an independent check)."""
    value = {p: Fraction(0) for p in chips}
    for order in itertools.permutations(chips):
        probability = Fraction(1)
        left = sum(chips.values())
        for p in order:
            probability *= Fraction(chips[p], left)
            left -= chips[p]
        for place, p in enumerate(order):
            value[p] += probability * (paid[place] if place < len(paid) else 0)
    return value


@settings(max_examples=50, deadline=None)
@given(
    chips=st.lists(st.integers(1, 10**6), min_size=2, max_size=4),
    paid=st.lists(st.integers(0, 10**5), min_size=1, max_size=4),
)
def test_R_TOURN_7_icm_deal_is_exact(chips: list[int], paid: list[int]) -> None:
    """R-TOURN-7 (a deal's rounding): the exact ICM values, whole units summing to the prizes."""
    paid = sorted(paid, reverse=True)
    stacks = {f"p{i}": c for i, c in enumerate(chips)}
    assert icm_equities(stacks, paid) == _icm_by_permutations(stacks, paid)
    deal = icm_deal(stacks, paid)
    assert sum(deal.values()) == sum(paid[: len(stacks)])
    exact = _icm_by_permutations(stacks, paid[: len(stacks)])
    assert all(abs(deal[p] - exact[p]) < 1 for p in stacks)


def test_icm_deal_needs_two_to_four_players() -> None:
    with pytest.raises(RuleViolationError):
        icm_deal({f"p{i}": 100 for i in range(5)}, [50, 30, 20])
