"""HandRecord: everything needed to replay a hand to the identical state and events."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.core.rules.actions import Action
from pokerroom.core.rules.config import HandConfig, SeatSetup


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """Config, seats with stacks and posts, button, deck order and the player actions."""

    config: HandConfig
    seats: tuple[SeatSetup, ...]
    button: int
    deck: tuple[int, ...]
    actions: tuple[Action, ...]
    # Draw games, a hand recorded elsewhere (a PHH file): the cards its reshuffles dealt, in
    # order, which then come first in each new stub. Empty (our own hands): the order keyed
    # by the deck (R-DRAW-4).
    redeal: tuple[int, ...] = ()
