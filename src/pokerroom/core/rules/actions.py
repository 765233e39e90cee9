"""Player intents for one hand. Bet and RaiseTo amounts are street totals ("to N")."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.rules.records import fast_init


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Fold:
    seat: int
    # A player who left the table gives up the hand at their turn even when a check is
    # possible (a player still there is told to check instead); never offered by
    # legal_actions(): only the table sets it, for a player who stood up mid-hand.
    left: bool = False


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Bet:
    seat: int
    amount: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RaiseTo:
    seat: int
    amount: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BringIn:
    """Stud: the player with the bring-in card posts the bring-in."""

    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Complete:
    """Stud third street: bet the full amount over a bring-in (total for the street)."""

    seat: int
    amount: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ShowCards:
    """Show a hand the rules let the player muck, or a hand won without showdown (R-SD-5)."""

    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class MuckCards:
    """Keep a hand face down where the rules allow it (R-SD-2); a winning hand cannot (R-SD-4)."""

    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Draw:
    """Draw games: exchange the cards in `discard` (codes from the player's own hand) for as
    many from the stub; an empty `discard` stands pat (R-DRAW-2)."""

    seat: int
    discard: tuple[int, ...] = ()


def as_given(action: object, field: str) -> object:
    """An action's field as the caller gave it, read untyped. The engine's checks refuse a
    wrong value (a seat or amount that is not an int, a discard that is not a list of codes)
    naming the rule; the compiled build (mypyc) checks a declared type on every typed read
    and would raise TypeError before them."""
    return getattr(action, field)


Action = Fold | Check | Call | Bet | RaiseTo | BringIn | Complete | ShowCards | MuckCards | Draw
