"""Decisions in Ultimate Texas Hold'em: the optimal strategy, its hints, and the strategy card.

Optimal (maximum expected value, U-RTP-1): preflop by the 169-class chart below, which is the
preflop decision of the exact analysis (exact.py; a slow test re-derives it); on the flop and
at the river computed exactly for the hand at hand by enumerating every turn, river and
dealer holding (brute.py): 2x on the flop when that beats checking and then playing the
river optimally, 1x at the river when that beats folding (a tie in value plays).

The strategy card (the "simple" strategy): preflop 4x with any ace, any pair but deuces,
K2s+, K5o+, Q6s+, Q8o+, J8s+, JTo+, else check; on the flop 2x with two pair or better, a
hidden pair (a pair using a hole card, except pocket deuces: a deuce in the hand pairing a
deuce on the flop counts), or four to a flush holding a hidden ten or better of that suit;
at the river 1x with a hidden pair or better, or when fewer than 21 of the 45 unseen cards
would give the dealer (the board plus that card) a better hand, else fold.
A "hidden" pair or better uses a hole card: a pocket pair, a hole card pairing the board, or
a hand of a higher category than the board alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from pokerroom.core.evaluation import high_rank
from pokerroom.core.uth.actions import Check, Fold, Play
from pokerroom.core.uth.math.brute import flop_values, river_values
from pokerroom.core.uth.math.symmetry import class_name, hand_class
from pokerroom.core.uth.round import Round

# The preflop decision of the exact analysis: these 69 classes play 4x, all others check
# (3x is never best).
OPTIMAL_4X = frozenset(
    """AA AKs AQs AJs ATs A9s A8s A7s A6s A5s A4s A3s A2s AKo KK KQs KJs KTs K9s K8s K7s K6s
    K5s K4s K3s K2s AQo KQo QQ QJs QTs Q9s Q8s Q7s Q6s AJo KJo QJo JJ JTs J9s J8s ATo KTo QTo
    JTo TT A9o K9o Q9o 99 A8o K8o Q8o 88 A7o K7o 77 A6o K6o 66 A5o K5o 55 A4o 44 A3o 33
    A2o""".split()
)
RANKS = "23456789TJQKA"


def starting_class(hole: Sequence[int]) -> str:
    """ "AKs", "T9o", "77" for two hole card codes."""
    return class_name(hand_class(int(hole[0]), int(hole[1])))


def simple_preflop_4x(name: str) -> bool:
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    if len(name) == 2:
        return hi != 0
    suited = name[2] == "s"
    if hi == 12:
        return True
    if hi == 11:
        return suited or lo >= 3
    if hi == 10:
        return lo >= (4 if suited else 6)
    if hi == 9:
        return lo >= (6 if suited else 8)
    return False


SIMPLE_4X = frozenset(class_name(c) for c in range(169) if simple_preflop_4x(class_name(c)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Hint:
    """What to do now: "play 4", "play 3", "check", "play 2", "play 1" or "fold"."""

    decision: str
    reason: str
    ev: Fraction | None = None  # expected net per Ante of the decision (Ante+Blind+Play)
    ev_other: Fraction | None = None  # the same for the best alternative

    @property
    def multiple(self) -> int:
        return int(self.decision.split()[1]) if self.decision.startswith("play") else 0


def _codes(cards: Sequence[int]) -> np.ndarray:
    return np.array([int(c) for c in cards], dtype=np.int64)


def _check(hole: Sequence[int], board: Sequence[int]) -> None:
    cards = [int(c) for c in (*hole, *board)]
    if len(hole) != 2 or len(board) not in (0, 3, 5) or len(set(cards)) != len(cards):
        raise ValueError("a hint needs two hole cards and 0, 3 or 5 distinct board cards")
    if any(not 0 <= c < 52 for c in cards):
        raise ValueError("card codes are 0..51")


def optimal_flop(hole: Sequence[int], flop: Sequence[int]) -> tuple[Fraction, Fraction]:
    """(EV of 2x, EV of checking then playing the river optimally), per Ante, exactly."""
    two, check, _ = flop_values(int(hole[0]), int(hole[1]), _codes(flop), True)
    deals = 1081 * 990 * 2
    return Fraction(int(two), deals), Fraction(int(check), deals)


@lru_cache(maxsize=4096)
def _flop_evs(hole: tuple[int, int], flop: tuple[int, int, int]) -> tuple[Fraction, Fraction]:
    """optimal_flop, remembered by hole cards and flop (their order does not matter): a flop
    enumeration is the one costly hint, and a table sees the same hands again."""
    return optimal_flop(hole, flop)


def optimal_river(hole: Sequence[int], board: Sequence[int]) -> tuple[Fraction, Fraction]:
    """(EV of 1x, EV of folding), per Ante, exactly over the 990 dealer holdings."""
    play, fold = river_values(int(hole[0]), int(hole[1]), _codes(board))
    return Fraction(int(play), 2 * 990), Fraction(int(fold), 2 * 990)


def hint(hole: Sequence[int], board: Sequence[int] = ()) -> Hint:
    """The optimal decision for `hole` with the `board` cards shown so far (0, 3 or 5)."""
    _check(hole, board)
    if not board:
        name = starting_class(hole)
        if name in OPTIMAL_4X:
            return Hint(decision="play 4", reason=f"{name} is a 4x hand on the optimal chart")
        return Hint(decision="check", reason=f"{name} checks on the optimal chart")
    if len(board) == 3:
        ev2, evc = _flop_evs(tuple(sorted(int(c) for c in hole)),
                             tuple(sorted(int(c) for c in board)))
        if ev2 > evc:
            return Hint(decision="play 2", reason="2x beats checking", ev=ev2, ev_other=evc)
        return Hint(decision="check", reason="checking beats 2x", ev=evc, ev_other=ev2)
    ev1, evf = optimal_river(hole, board)
    if ev1 >= evf:
        return Hint(decision="play 1", reason="1x beats folding", ev=ev1, ev_other=evf)
    return Hint(decision="fold", reason="folding loses less than 1x", ev=evf, ev_other=ev1)


def _hidden_pair_or_better(hole: Sequence[int], board: Sequence[int]) -> bool:
    ranks = {c >> 2 for c in board}
    a, b = (int(c) for c in hole)
    if a >> 2 == b >> 2 or a >> 2 in ranks or b >> 2 in ranks:
        return True
    category = high_rank([a, b, *board]) >> 20
    return category >= 1 and category > high_rank(list(board)) >> 20


def simple_flop_2x(hole: Sequence[int], flop: Sequence[int]) -> bool:
    a, b = (int(c) for c in hole)
    if high_rank([a, b, *flop]) >> 20 >= 2:
        return True
    ranks = {c >> 2 for c in flop}
    if a >> 2 == b >> 2 and a >> 2 != 0:  # pocket pair, not deuces
        return True
    if a >> 2 in ranks or b >> 2 in ranks:  # a hole card pairs the flop
        return True
    for suit in range(4):
        if sum(1 for c in (a, b, *flop) if c & 3 == suit) >= 4:
            if any(c & 3 == suit and c >> 2 >= 8 for c in (a, b)):
                return True
    return False


def dealer_outs(hole: Sequence[int], board: Sequence[int]) -> int:
    """How many of the 45 unseen cards give the board plus that card a better hand."""
    mine = high_rank([*hole, *board])
    seen = {int(c) for c in (*hole, *board)}
    return sum(1 for c in range(52) if c not in seen and high_rank([*board, c]) > mine)


def simple_river_1x(hole: Sequence[int], board: Sequence[int]) -> bool:
    return _hidden_pair_or_better(hole, board) or dealer_outs(hole, board) < 21


def simple_hint(hole: Sequence[int], board: Sequence[int] = ()) -> Hint:
    """The strategy card's decision."""
    _check(hole, board)
    if not board:
        name = starting_class(hole)
        if name in SIMPLE_4X:
            return Hint(decision="play 4", reason=f"{name} is a 4x hand on the strategy card")
        return Hint(decision="check", reason=f"{name} checks on the strategy card")
    if len(board) == 3:
        if simple_flop_2x(hole, board):
            return Hint(decision="play 2", reason="two pair+, hidden pair or a strong flush draw")
        return Hint(decision="check", reason="nothing the card plays 2x with")
    if _hidden_pair_or_better(hole, board):
        return Hint(decision="play 1", reason="hidden pair or better")
    outs = dealer_outs(hole, board)
    if outs < 21:
        return Hint(decision="play 1", reason=f"only {outs} dealer outs")
    return Hint(decision="fold", reason=f"{outs} dealer outs")


def decision_for(rnd: Round, seat: int, strategy: str = "optimal") -> Play | Check | Fold:
    """The action a player following `strategy` takes now in round `rnd` (for bots)."""
    legal = rnd.legal(seat)
    if legal is None:
        raise ValueError(f"seat {seat} has no decision to make now")
    view = rnd.view_for(seat)
    hole = rnd.states[seat].cards
    advice = (hint if strategy == "optimal" else simple_hint)(hole, view.board)
    if advice.decision.startswith("play"):
        return Play(seat=seat, multiple=advice.multiple)
    if advice.decision == "fold":
        return Fold(seat=seat)
    return Check(seat=seat)
