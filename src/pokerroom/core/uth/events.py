"""Events of an Ultimate Texas Hold'em round, past tense, each with its audience (U-DEAL-1).

`audience` is PUBLIC (everyone) or HIDDEN (nobody yet: the undealt community cards and the
dealer's cards until they are turned over). Player cards are dealt face up (U-DEAL-1), so
they are public. `visible_to(event, viewer)` is the only way hidden cards leave the core.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from pokerroom.core.uth.settle import SeatSettlement

PUBLIC = -1
HIDDEN = -3


@dataclass(frozen=True, slots=True, kw_only=True)
class BetsPlaced:
    audience: ClassVar[int] = PUBLIC
    seat: int
    ante: int
    blind: int
    trips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CommunityCardsDealt:
    """Five cards face down in the middle; nobody sees them until the flop and river."""

    audience: ClassVar[int] = HIDDEN
    cards: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCardsDealt:
    audience: ClassVar[int] = PUBLIC
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerCardsDealt:
    audience: ClassVar[int] = HIDDEN
    cards: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    audience: ClassVar[int] = PUBLIC
    seat: int
    street: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayBetPlaced:
    audience: ClassVar[int] = PUBLIC
    seat: int
    street: str
    multiple: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded:
    audience: ClassVar[int] = PUBLIC
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FlopShown:
    audience: ClassVar[int] = PUBLIC
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnAndRiverShown:
    audience: ClassVar[int] = PUBLIC
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerCardsShown:
    audience: ClassVar[int] = PUBLIC
    cards: tuple[int, ...]
    hand: str
    qualifies: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSettled:
    audience: ClassVar[int] = PUBLIC
    seat: int
    hand: str
    settlement: SeatSettlement


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded:
    audience: ClassVar[int] = PUBLIC
    nets: tuple[tuple[int, int], ...]  # (seat, net over all bets)


Event = (
    BetsPlaced | CommunityCardsDealt | PlayerCardsDealt | DealerCardsDealt | Checked
    | PlayBetPlaced | Folded | FlopShown | TurnAndRiverShown | DealerCardsShown | SeatSettled
    | RoundEnded
)  # fmt: skip


def visible_to(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` (a seat, or None for an observer) may see it: hidden cards removed."""
    if event.audience == PUBLIC:
        return event
    if isinstance(event, CommunityCardsDealt | DealerCardsDealt):
        return replace(event, cards=())
    return event
