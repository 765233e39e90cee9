"""What one viewer may see of a hand: a seat's player, an observer, a player dealt in after the
hand. Hidden cards are None. `Hand.view_for` builds these; nothing else exposes hidden cards.

R-POT-1, R-POT-2: the pots collected so far, main then side pots, as the showdown builds them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.rules.config import HandConfig, Street
from pokerroom.core.rules.result import HandResult, LegalActions

OBSERVER: None = None
"""The viewer of someone watching the table (not dealt in): `view_for(OBSERVER)`."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    seat: int
    name: str
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    cards: tuple[int | None, ...]
    """The player's cards in deal order; None where this viewer may not see the card."""
    up: tuple[bool, ...]
    """Per card: dealt face up (stud up cards)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PotView:
    """One pot collected so far (R-POT-1): its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandView:
    viewer: int | None
    config: HandConfig
    button: int
    street: Street
    board: tuple[int, ...]
    seats: tuple[SeatView, ...]
    pot: int
    """Chips collected from earlier streets, antes and dead blinds (bets of this street excluded)."""
    pots: tuple[PotView, ...] = ()
    """`pot` split into the main pot then the side pots (R-POT-1, R-POT-2), by the showdown's
    own pot building over the earlier streets' contributions; empty once the hand is over
    (the awarded pots are in `result`) or before anything was collected."""
    to_act: int | None
    legal: LegalActions | None
    """The viewer's legal actions when it is the viewer's turn."""
    is_over: bool
    result: HandResult | None
