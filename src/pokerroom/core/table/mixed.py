"""Mixed games: one table rotating the games of a mix (R-MIX-1..5).

A `Mix` is a name and its games in rotation order, each a (game, betting) pair of the room's
single-game tables. The rotation's state between hands is a `RotationState`: which game, how
many hands of its round were dealt, and how long the round lasts (fixed at its first hand,
R-MIX-2). The table (table.py) asks `after_deal` when a hand is dealt and `after_hand` when it
has ended; it switches its game when `after_hand` moves on. Pure data and functions: the
button and blind freeze of R-MIX-4/5 live in the table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

TRIPLE_DRAW = "2-7-triple-draw"  # limit deuce-to-seven triple draw (issue 14's draw games)


@dataclass(frozen=True, slots=True, kw_only=True)
class Mix:
    code: str  # the room file's `game = "horse"`
    name: str  # the lobby's and PokerStars' words
    games: tuple[tuple[str, str], ...]  # (game, betting) in rotation order (R-MIX-1)


HORSE = Mix(
    code="horse", name="HORSE",
    games=(("holdem", "limit"), ("omaha-hilo", "limit"), ("razz", "limit"), ("stud", "limit"),
           ("stud-hilo", "limit")),
)  # fmt: skip
EIGHT_GAME = Mix(
    code="8-game", name="8-Game",
    games=((TRIPLE_DRAW, "limit"), ("holdem", "limit"), ("omaha-hilo", "limit"),
           ("razz", "limit"), ("stud", "limit"), ("stud-hilo", "limit"), ("holdem", "no-limit"),
           ("omaha", "pot-limit")),
)  # fmt: skip
MIXES: dict[str, Mix] = {m.code: m for m in (HORSE, EIGHT_GAME)}

ORBIT = 0  # `rotate_every = 0`: a round lasts one orbit (R-MIX-2)


@dataclass(frozen=True, slots=True, kw_only=True)
class RotationState:
    """Where a mixed table is in its rotation, between hands."""

    index: int = 0  # the game of the mix being played (or dealt next)
    hands: int = 0  # hands of this round dealt so far
    length: int = 0  # hands the round lasts; 0 until its first hand is dealt

    def hands_left(self) -> int | None:
        """Hands still to deal in this round (None: the round has not started, its length
        is fixed by its first hand)."""
        return self.length - self.hands if self.length else None


def after_deal(state: RotationState, every: int, dealt: int) -> RotationState:
    """A hand of the current game was dealt to `dealt` players. The round's first hand fixes
    its length: `every` hands, or one orbit, as many hands as players were dealt (R-MIX-2)."""
    length = state.length or (every if every > 0 else dealt)
    return replace(state, hands=state.hands + 1, length=length)


def after_hand(state: RotationState, n_games: int) -> RotationState:
    """A hand has ended: the round is over once it has dealt its length, and the next game of
    the mix starts (after the last, the first again, R-MIX-1)."""
    if state.length and state.hands >= state.length:
        return RotationState(index=(state.index + 1) % n_games)
    return state
