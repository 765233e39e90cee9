"""What happens in a tournament, in the past tense. All public (tournament chips and seats
are public); the cards of each hand stay behind the hand engine's views."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Registered:
    entry: str
    player: str
    buy_in: int
    fee: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Unregistered:
    entry: str
    player: str
    refund: int  # buy-in plus fee (R-TOURN-1)


@dataclass(frozen=True, slots=True, kw_only=True)
class Started:
    entrants: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Seated:
    entry: str
    table: int
    seat: int
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealtAt:
    table: int
    hand: int
    button: int
    small_blind: int | None
    big_blind: int | None
    stacks: tuple[tuple[str, int], ...]  # the players dealt in, before the forced bets
    big_blind_entry: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFinishedAt:
    table: int
    hand: int
    stacks: tuple[tuple[str, int], ...]  # every player at the table after the hand


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved:
    entry: str
    from_table: int
    to_table: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBroken:
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelStarted:
    level: int  # 1-based number of the level of play
    small_blind: int
    big_blind: int
    ante: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakStarted:
    minutes: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakEnded:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandStarted:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandEnded:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Eliminated:
    entry: str
    place: int
    prize: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Rebought:
    entry: str
    chips: int
    buy_in: int
    fee: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AddedOn:
    entry: str
    chips: int
    buy_in: int
    fee: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LateRegistrationClosed:
    entrants: int
    prize_pool: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealOffered:
    amounts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealDeclined:
    entry: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Finished:
    places: tuple[str, ...]  # first to last
    payouts: tuple[tuple[str, int], ...]
    deal: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Cancelled:
    payouts: tuple[tuple[str, int], ...]  # R-TOURN-12 (running) or refunds (not started)
    refunds: bool


TournamentEvent = (
    Registered | Unregistered | Started | Seated | HandDealtAt | HandFinishedAt | Moved
    | TableBroken | LevelStarted | BreakStarted | BreakEnded | HandForHandStarted
    | HandForHandEnded | Eliminated | Rebought | AddedOn | LateRegistrationClosed
    | DealOffered | DealDeclined | Finished | Cancelled
)  # fmt: skip
