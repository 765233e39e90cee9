"""PokerKit 0.7.7 set up to play the same hand as our engine, for the differential test.

PokerKit's game presets differ from RULES.md in places (see test_vs_pokerkit.py's docstring);
the states here are built from PokerKit's generic `State`, street by street, so that the
parts that are configuration (the limit cap, the betting structure of Omaha hi-lo) match our
rulebook, and the remaining behavioural differences are handled explicitly in the test.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from pokerkit import (
    Automation,
    BadugiHand,
    BettingStructure,
    Deck,
    EightOrBetterLowHand,
    Mode,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    Opening,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardHighHand,
    StandardLowHand,
    State,
    Street,
)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)

STRUCTURES = {
    "no-limit": BettingStructure.NO_LIMIT,
    "pot-limit": BettingStructure.POT_LIMIT,
    "limit": BettingStructure.FIXED_LIMIT,
}

HAND_TYPES = {
    "holdem": (StandardHighHand,),
    "omaha": (OmahaHoldemHand,),
    "omaha-hilo": (OmahaHoldemHand, OmahaEightOrBetterLowHand),
    "stud": (StandardHighHand,),
    "stud-hilo": (StandardHighHand, EightOrBetterLowHand),
    "razz": (RegularLowHand,),
    "short-deck": (ShortDeckHoldemHand,),
    "omaha5": (OmahaHoldemHand,),
    "omaha5-hilo": (OmahaHoldemHand, OmahaEightOrBetterLowHand),
    "2-7-single-draw": (StandardLowHand,),
    "2-7-triple-draw": (StandardLowHand,),
    "badugi": (BadugiHand,),
}
DRAWS = {"2-7-single-draw": (5, 1), "2-7-triple-draw": (5, 3), "badugi": (4, 3)}


@dataclass(frozen=True, slots=True, kw_only=True)
class PkSpec:
    """One hand: players in PokerKit order (p1 = left of the button, last = button)."""

    game: str
    betting: str
    stacks: tuple[int, ...]
    small_blind: int = 0
    big_blind: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    bring_in: int = 0
    max_raises: int = 3  # RULES.md R-BET-3: one bet and three raises
    straddle: int = 0  # posted by p3


def _streets(spec: PkSpec) -> tuple[Street, ...]:
    limit = spec.betting == "limit"
    # PokerKit counts completions, bets and raises per street and does not count the big
    # blind; our cap counts the big blind as the bet of the first round (R-BET-3). So the
    # first round of a blind game allows max_raises (raises over the blind), later rounds
    # and stud streets 1 + max_raises (the bet or completion plus the raises).
    cap_first = (spec.max_raises if not spec.game.startswith(("stud", "razz"))
                 else spec.max_raises + 1) if limit else None
    cap = spec.max_raises + 1 if limit else None
    if spec.game in ("stud", "stud-hilo", "razz"):
        low = spec.game == "razz"
        small = spec.small_bet
        big = spec.big_bet if limit else spec.small_bet
        later = Opening.LOW_HAND if low else Opening.HIGH_HAND
        return (
            Street(False, (False, False, True), 0, False,
                   Opening.HIGH_CARD if low else Opening.LOW_CARD, small, cap_first),
            Street(True, (True,), 0, False, later, small, cap),
            Street(True, (True,), 0, False, later, big, cap),
            Street(True, (True,), 0, False, later, big, cap),
            Street(True, (False,), 0, False, later, big, cap),
        )
    if spec.game in DRAWS:
        # Draw games (R-DRAW-1): every card first, then a draw before each later round;
        # limit: small bets before and after the first draw, big bets after.
        holes, draws = DRAWS[spec.game]
        small = spec.small_bet if limit else spec.big_blind
        big = spec.big_bet if limit else spec.big_blind
        return (
            Street(False, (False,) * holes, 0, False, Opening.POSITION, small, cap_first),
            *(Street(False, (), 0, True, Opening.POSITION, small if k == 0 else big, cap)
              for k in range(draws)),
        )
    holes = 5 if spec.game.startswith("omaha5") else 4 if spec.game.startswith("omaha") else 2
    small = spec.small_bet if limit else spec.big_blind
    big = spec.big_bet if limit else spec.big_blind
    return (
        Street(False, (False,) * holes, 0, False, Opening.POSITION, small, cap_first),
        Street(True, (), 3, False, Opening.POSITION, small, cap),
        Street(True, (), 1, False, Opening.POSITION, big, cap),
        Street(True, (), 1, False, Opening.POSITION, big, cap),
    )


class FastState(State):
    """PokerKit's State without the hand-killing evaluation (the slow part of its showdown).

    `can_win_now` only decides which hands PokerKit kills or mucks before pushing the chips;
    the pushing itself still evaluates every hand of every pot, so with every hand kept the
    chips go to the same winners. Keeping them also stops PokerKit from merging pots whose
    players became alike after mucks.
    """

    def can_win_now(self, player_index: int) -> bool:
        return True


def make_state(spec: PkSpec) -> State:
    n = len(spec.stacks)
    stud = spec.game in ("stud", "stud-hilo", "razz")
    if stud:
        blinds: tuple[int, ...] = (0,) * n
    else:
        blinds = (spec.small_blind, spec.big_blind) + (0,) * (n - 2)
        if spec.straddle:
            blinds = (spec.small_blind, spec.big_blind, spec.straddle) + (0,) * (n - 3)
        if n == 2:
            # PokerKit reverses the blinds heads-up: p1 posts blinds[1], p2 (button) blinds[0].
            blinds = (spec.small_blind, spec.big_blind)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return FastState(
            AUTOMATIONS,
            Deck.SHORT_DECK_HOLDEM if spec.game == "short-deck" else Deck.STANDARD,
            HAND_TYPES[spec.game],
            _streets(spec),
            STRUCTURES[spec.betting],
            True,
            (spec.ante,) * n,
            blinds,
            spec.bring_in if stud else 0,
            spec.stacks,
            n,
            # Tournament mode: no fold when checking is free (our legal actions never offer
            # it) and one runout; chips and pots are the same as in cash mode.
            mode=Mode.TOURNAMENT,
        )
