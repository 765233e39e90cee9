"""Tournaments over many tables: sit & gos and multi-table tournaments (R-TOURN-1..12).

    t = Tournament(TournamentConfig(levels=(Level(small_blind=10, big_blind=20, hands=10),)),
                   rng)                       # rng: random.Random (seeded or the system's)
    t.register("ann"); ...; t.start(now_ms)   # seats drawn at random
    t.deal(table, deck, now_ms); t.act(table, "ann", Call(seat=3), now_ms)
    # eliminations, prizes, moves, breaking, hand-for-hand follow from each hand's end

Pure like core/table: time, decks and the draw are inputs. See tournament.py.
"""

from pokerroom.core.tournament.events import TournamentEvent
from pokerroom.core.tournament.icm import deal as icm_deal
from pokerroom.core.tournament.icm import equities as icm_equities
from pokerroom.core.tournament.payouts import (
    PayoutRow,
    PayoutTable,
    cancellation_payout,
    default_payouts,
    prizes,
    shares,
)
from pokerroom.core.tournament.spec import parse_tournament
from pokerroom.core.tournament.structure import Level, TournamentConfig, fast_structure
from pokerroom.core.tournament.tables import Positions, TournamentTable, plan_positions
from pokerroom.core.tournament.tournament import (
    CANCELLED,
    FINISHED,
    HAND_FOR_HAND,
    ON_BREAK,
    REGISTERING,
    RUNNING,
    Tournament,
)

__all__ = [
    "CANCELLED", "FINISHED", "HAND_FOR_HAND", "ON_BREAK", "REGISTERING", "RUNNING",
    "Level", "PayoutRow", "PayoutTable", "Positions", "Tournament", "TournamentConfig",
    "TournamentEvent", "TournamentTable", "cancellation_payout", "default_payouts",
    "fast_structure", "icm_deal", "icm_equities", "parse_tournament", "plan_positions",
    "prizes", "shares",
]  # fmt: skip
