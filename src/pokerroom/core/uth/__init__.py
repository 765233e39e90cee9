"""Ultimate Texas Hold'em against the bank (RULES.md section 8, U-TABLE-1 .. U-RTP-1).

The game is pure: `start_round(config, seats, deck)`, then `round.apply(action)` with
`PlaceBets`, `Play`, `Check`, `Fold`. The math (exact analysis, strategy, simulation) lives
in `pokerroom.core.uth.math` and is imported on demand (it needs numpy and numba).
"""

from pokerroom.core.uth.actions import Action, Check, Fold, PlaceBets, Play
from pokerroom.core.uth.config import UthConfig
from pokerroom.core.uth.events import Event, visible_to
from pokerroom.core.uth.round import (
    LegalDecisions,
    Phase,
    Round,
    RoundRecord,
    RoundView,
    replay,
    start_round,
)
from pokerroom.core.uth.settle import BetKind, BetResult, Outcome, SeatSettlement, settle_seat

__all__ = [
    "Action",
    "BetKind",
    "BetResult",
    "Check",
    "Event",
    "Fold",
    "LegalDecisions",
    "Outcome",
    "Phase",
    "PlaceBets",
    "Play",
    "Round",
    "RoundRecord",
    "RoundView",
    "SeatSettlement",
    "UthConfig",
    "replay",
    "settle_seat",
    "start_round",
    "visible_to",
]
