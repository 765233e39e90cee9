"""One hand of poker as a single-writer state machine (work in progress)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.core.rules.actions import Action
from pokerroom.core.rules.config import HandConfig, SeatSetup
from pokerroom.core.rules.events import Event
from pokerroom.core.rules.history import HandRecord
from pokerroom.core.rules.result import HandResult, LegalActions
from pokerroom.core.rules.views import HandView


class Hand:
    """One hand in progress; `apply` validates fully before changing anything (R-BET-10)."""

    def apply(self, action: Action) -> tuple[Event, ...]:
        raise NotImplementedError

    def legal_actions(self) -> LegalActions:
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def result(self) -> HandResult:
        raise NotImplementedError

    @property
    def events(self) -> tuple[Event, ...]:
        raise NotImplementedError

    @property
    def record(self) -> HandRecord:
        raise NotImplementedError

    def view_for(self, viewer: int | None) -> HandView:
        raise NotImplementedError


def start_hand(
    config: HandConfig, seats: Sequence[SeatSetup], *, button: int, deck: Sequence[int]
) -> Hand:
    raise NotImplementedError


def apply(hand: Hand, action: Action) -> tuple[Hand, tuple[Event, ...]]:
    """Functional form: the new hand and the events; `hand` itself is left unchanged."""
    raise NotImplementedError


def replay(record: HandRecord) -> Hand:
    raise NotImplementedError
