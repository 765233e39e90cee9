"""The pots shown while a hand runs: main then side pots, as the showdown builds them.

R-POT-1 (side pots from contributions), R-POT-2 (each pot with its own eligible players).
"""

from __future__ import annotations

from rules_helpers import deal, play

from pokerroom.core.rules import OBSERVER, PotView


def _pots(views: tuple[PotView, ...]) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, p.eligible) for p in views]


def test_R_POT_1_view_shows_side_pots_during_the_hand() -> None:
    """R-POT-1: five players, blinds 1/2. Seat 3 opens to 10, seats 4 and 0 call, seat 1
    (SB, 20 chips) shoves 20, seat 2 (BB, 50 chips) shoves 50, seats 3 and 4 call, seat 0
    folds its 10. Collected: 10 + 20 + 50 + 50 + 50 = 180. Main pot: 20 from each of seats
    1-4 plus seat 0's dead 10 = 90, for seats 1, 2, 3, 4. Side pot: 30 more from each of
    seats 2, 3, 4 = 90, for seats 2, 3, 4."""
    hand = deal([300, 20, 50, 300, 300], button=0)
    before = hand.view_for(OBSERVER)
    assert before.pots == ()  # blinds are bets of this street: nothing collected yet
    play(hand, "3 raise 10, 4 call, 0 call, 1 raise 20, 2 raise 50, 3 call, 4 call, 0 fold")
    flop = hand.view_for(OBSERVER)
    assert _pots(flop.pots) == [(90, (1, 2, 3, 4)), (90, (2, 3, 4))]
    assert sum(p.amount for p in flop.pots) == flop.pot == 180
    # A bet of this street is not in a pot yet; every viewer sees the same pots.
    play(hand, "3 bet 100")
    assert _pots(hand.view_for(4).pots) == [(90, (1, 2, 3, 4)), (90, (2, 3, 4))]
    play(hand, "4 call")
    turn = hand.view_for(3)
    # Seats 3 and 4 put 100 more each on the flop: a second side pot of 200 for them only.
    assert _pots(turn.pots) == [(90, (1, 2, 3, 4)), (90, (2, 3, 4)), (200, (3, 4))]
    assert sum(p.amount for p in turn.pots) == turn.pot == 380


def test_R_POT_2_view_pots_are_the_pots_the_showdown_awards() -> None:
    """R-POT-2: when nobody bets again, the pots shown on the turn are exactly the pots the
    showdown awards (same amounts, same eligible seats); once the hand is over the view's
    pots are empty and the awarded ones are in the result."""
    hand = deal([300, 20, 50, 300, 300], button=0)
    play(hand, "3 raise 10, 4 call, 0 call, 1 raise 20, 2 raise 50, 3 call, 4 call, 0 fold,"
               " 3 bet 100, 4 call")
    shown = _pots(hand.view_for(OBSERVER).pots)
    play(hand, "3 check, 4 check, 3 check, 4 check")
    assert hand.is_over
    assert [(p.amount, p.eligible) for p in hand.result.pots] == shown
    assert hand.view_for(OBSERVER).pots == ()


def test_R_POT_1_view_one_pot_when_nobody_is_all_in() -> None:
    """R-POT-1: no all-in: one pot of everything collected, 3 x 6 plus the folded big blind's
    dead 2 = 20, for the live seats in dealing order (1, 3, 0)."""
    hand = deal([100, 100, 100, 100], button=0)
    play(hand, "3 raise 6, 0 call, 1 call, 2 fold")
    view = hand.view_for(OBSERVER)
    assert _pots(view.pots) == [(20, (1, 3, 0))]
