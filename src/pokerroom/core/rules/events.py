"""Events of one hand, past tense, each with its audience (DESIGN.md section 2).

`audience` is PUBLIC (everyone, observers included), DEALT_IN (the players dealt into the
hand, e.g. mucked cards in the history, R-SD-2) or a seat number (that player only, e.g.
their hole cards). `visible_to(event, viewer)` is the only way hidden cards leave the core.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from pokerroom.core.rules.config import Game, PostKind, Street
from pokerroom.core.rules.records import fast_init
from pokerroom.core.rules.showdown import describe_hand

PUBLIC = -1
DEALT_IN = -2


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted:
    audience: ClassVar[int] = PUBLIC
    button: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AntePosted:
    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int
    all_in: bool = False


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BlindPosted:
    """A blind, straddle or dead blind; `live` posts count toward the poster's bet (R-BLIND-2)."""

    audience: ClassVar[int] = PUBLIC
    seat: int
    kind: PostKind
    amount: int
    live: bool
    all_in: bool = False


@fast_init
@dataclass(frozen=True, slots=True)
class HoleCardsDealt:
    """Cards dealt face down to `seat`; observers and opponents see only how many."""

    seat: int
    cards: tuple[int, ...]
    count: int

    @property
    def audience(self) -> int:
        return self.seat


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class UpCardDealt:
    """Stud: a card dealt face up."""

    audience: ClassVar[int] = PUBLIC
    seat: int
    card: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt:
    """Community cards (flop games; stud: the one common card when the deck runs short)."""

    audience: ClassVar[int] = PUBLIC
    street: Street
    cards: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class StreetStarted:
    audience: ClassVar[int] = PUBLIC
    street: Street


@fast_init
@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """Draw games: `seat` exchanged `discarded` for `drawn` (empty both: stood pat). Only the
    player sees which cards; everyone else sees how many (`count`) (R-DRAW-5)."""

    seat: int
    discarded: tuple[int, ...]
    drawn: tuple[int, ...]
    count: int

    @property
    def audience(self) -> int:
        return self.seat


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class StubReshuffled:
    """Draw games: the stub ran short, so the discards and the muck (`cards` of them) were
    shuffled into a new stub (R-DRAW-4)."""

    audience: ClassVar[int] = PUBLIC
    cards: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BringInPosted:
    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int
    all_in: bool = False


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Folded:
    audience: ClassVar[int] = PUBLIC
    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    audience: ClassVar[int] = PUBLIC
    seat: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Called:
    """`amount` is what the player added; `total` their bet for the street after calling."""

    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int
    total: int
    all_in: bool = False


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BetPlaced:
    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int
    all_in: bool = False


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RaisedTo:
    """`full` is False for an all-in raise too small to reopen the betting (R-BET-6, R-BET-7)."""

    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int
    all_in: bool = False
    full: bool = True


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Completed:
    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int
    all_in: bool = False


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BetReturned:
    """An uncalled bet goes back to its bettor (R-BET-9)."""

    audience: ClassVar[int] = PUBLIC
    seat: int
    amount: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BetsCollected:
    """The street's bets move into the pot; `pots` are the pot amounts so far, main first."""

    audience: ClassVar[int] = PUBLIC
    pots: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown:
    """A hand shown face up; `board` is the community cards it plays with (stud: the common
    card, if any). `description` ("Flush, Ace high"; hi-lo adds the low) is computed on use."""

    audience: ClassVar[int] = PUBLIC
    seat: int
    cards: tuple[int, ...]
    board: tuple[int, ...] = ()
    game: Game = Game.HOLDEM

    @property
    def description(self) -> str:
        return describe_hand(self.game, self.cards, self.board)


@fast_init
@dataclass(frozen=True, slots=True)
class CardsMucked:
    """Mucked at showdown: face down to observers, visible to players dealt in (R-SD-2)."""

    seat: int
    cards: tuple[int, ...]
    audience: int = DEALT_IN


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RakeTaken:
    audience: ClassVar[int] = PUBLIC
    amount: int


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded:
    """One pot (index 0 = main) awarded on its own (R-POT-2); winners as (seat, amount)."""

    audience: ClassVar[int] = PUBLIC
    pot: int
    amount: int
    winners: tuple[tuple[int, int], ...]
    low_winners: tuple[tuple[int, int], ...] = ()


@fast_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded:
    audience: ClassVar[int] = PUBLIC
    stacks: tuple[tuple[int, int], ...]


Event = (
    HandStarted | AntePosted | BlindPosted | HoleCardsDealt | UpCardDealt | BoardDealt
    | StreetStarted | BringInPosted | Folded | Checked | Called | BetPlaced | RaisedTo
    | Completed | BetReturned | BetsCollected | HandShown | CardsMucked | RakeTaken
    | PotAwarded | HandEnded | CardsDrawn | StubReshuffled
)  # fmt: skip


def visible_to(event: Event, viewer: int | None, dealt_in: frozenset[int] | None = None) -> Event:
    """The event as `viewer` (a seat, or None for an observer) may see it.

    Hidden cards are replaced by an empty tuple. A mucked hand is shown to players dealt in
    (`dealt_in`: the seats dealt into the hand; without it nobody but the owner sees it).
    """
    audience = event.audience
    if audience == PUBLIC or (viewer is not None and audience == viewer):
        return event
    if isinstance(event, HoleCardsDealt):
        return HoleCardsDealt(event.seat, (), event.count)
    if isinstance(event, CardsDrawn):
        return CardsDrawn(event.seat, (), (), event.count)
    if isinstance(event, CardsMucked):
        if viewer is not None and (viewer == event.seat or (dealt_in is not None and viewer in dealt_in)):
            return event
        return replace(event, cards=())
    return event
