"""Hints off the event loop (issue 11): the enumeration kernels release the GIL, and a flop
hint is computed once per hole cards and flop, whatever their order."""

from __future__ import annotations

from pokerroom.core.cards import Card
from pokerroom.core.uth.math import brute, strategy


def codes(text: str) -> list[int]:
    return [Card.parse(text[i:i + 2]).code for i in range(0, len(text), 2)]


def test_the_hint_kernels_run_without_the_gil() -> None:
    for kernel in (brute.flop_values, brute.river_values):
        assert kernel.targetoptions.get("nogil") is True, kernel


def test_a_flop_hint_is_remembered_by_hole_cards_and_flop_in_any_order() -> None:
    strategy._flop_evs.cache_clear()
    first = strategy.hint(codes("AhKd"), codes("2c7sQh"))
    again = strategy.hint(codes("KdAh"), codes("Qh2c7s"))
    info = strategy._flop_evs.cache_info()
    assert (info.misses, info.hits) == (1, 1)
    assert again == first
    # The remembered answer is the enumeration's own.
    two, check = strategy.optimal_flop(codes("AhKd"), codes("2c7sQh"))
    expected = (two, check) if first.decision == "play 2" else (check, two)
    assert (first.ev, first.ev_other) == expected
