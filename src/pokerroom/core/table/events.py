"""What happened at the table between and around hands (past tense records)."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.table.account import Account


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSat:
    account: Account
    seat: int
    stack: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerStoodUp:
    """The player left the seat; `stack` goes back to their wallet."""

    account: Account
    seat: int
    stack: int
    reason: str = "left"


@dataclass(frozen=True, slots=True, kw_only=True)
class ToppedUp:
    account: Account
    amount: int
    stack: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SatOut:
    account: Account


@dataclass(frozen=True, slots=True, kw_only=True)
class SatIn:
    account: Account


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindMissed:
    account: Account
    blind: str  # "small_blind" | "big_blind"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt:
    hand_number: int
    button: int
    small_blind: int | None
    big_blind: int | None
    dealt_in: tuple[int, ...]
    posts: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSettled:
    hand_number: int
    stacks: tuple[tuple[int, int], ...]  # seat -> stack after the hand
    pot_total: int
    saw_flop: int
    dealt: int
    ended_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TimedOut:
    account: Account
    action: str  # "check" | "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameChanged:
    """A mixed table's round is over: the next hands are this game (R-MIX-1)."""

    game: str
    betting: str
    mix: str


TableEvent = (
    PlayerSat
    | PlayerStoodUp
    | ToppedUp
    | SatOut
    | SatIn
    | BlindMissed
    | HandDealt
    | HandSettled
    | TimedOut
    | GameChanged
)
