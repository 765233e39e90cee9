"""A malformed deal is refused by `start_hand` with InvalidConfigError naming the field, the
same way in the pure and the compiled build (core/compiled.py): a compiled module reads a
typed attribute as that type, so a bool passed for an int became 1 there and a string raised
a bare TypeError before the check could word the refusal."""

from __future__ import annotations

import pytest

from pokerroom.core.errors import InvalidConfigError
from pokerroom.core.rules import HandConfig, Post, PostKind, SeatSetup, Stakes, start_hand

DECK = tuple(range(52))
CONFIG = HandConfig(stakes=Stakes(small_blind=1, big_blind=2))


def _seats(first: SeatSetup) -> list[SeatSetup]:
    return [first, SeatSetup(seat=1, stack=100, posts=(Post(kind=PostKind.BIG_BLIND, amount=2),)),
            SeatSetup(seat=2, stack=100)]


@pytest.mark.parametrize("amount", [True, "1", 1.0, 0, -1, None])
def test_R_BET_8_a_post_amount_that_is_not_a_positive_whole_chip_is_refused(amount: object) -> None:
    first = SeatSetup(seat=0, stack=100, posts=(Post(kind=PostKind.SMALL_BLIND, amount=amount),))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match=r"seats: seat 0 post .* amount .*R-BET-8"):
        start_hand(CONFIG, _seats(first), button=2, deck=DECK)


@pytest.mark.parametrize("stack", [True, "100", 100.0, 0, -5, None])
def test_a_stack_that_is_not_a_positive_integer_is_refused(stack: object) -> None:
    first = SeatSetup(seat=0, stack=stack, posts=(Post(kind=PostKind.SMALL_BLIND, amount=1),))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match=r"seats: seat 0 needs a positive integer stack"):
        start_hand(CONFIG, _seats(first), button=2, deck=DECK)


@pytest.mark.parametrize("seat", [False, "0", 0.0, -1, None])
def test_a_seat_that_is_not_a_table_seat_is_refused(seat: object) -> None:
    first = SeatSetup(seat=seat, stack=100, posts=(Post(kind=PostKind.SMALL_BLIND, amount=1),))  # type: ignore[arg-type]
    with pytest.raises(InvalidConfigError, match=r"seats: seat .* is invalid or appears twice"):
        start_hand(CONFIG, _seats(first), button=2, deck=DECK)


def test_a_well_formed_deal_of_the_same_shape_starts() -> None:
    """The refusals above come from the one field each changes, not from the rest."""
    first = SeatSetup(seat=0, stack=100, posts=(Post(kind=PostKind.SMALL_BLIND, amount=1),))
    hand = start_hand(CONFIG, _seats(first), button=2, deck=DECK)
    assert hand.to_act == 2
