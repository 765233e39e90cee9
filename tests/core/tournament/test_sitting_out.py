"""A player who sits out by their own word (R-TOURN-5) is away, kept so across a restart (the
snapshot), and only coming back or being eliminated ends it."""

from __future__ import annotations

import random

from pokerroom.core.tournament import Level, Tournament, TournamentConfig
from pokerroom.core.tournament.snapshot import restore, snapshot


def _started() -> Tournament:
    config = TournamentConfig(seats=6, max_entrants=6, start_ms=0,
                              levels=(Level(small_blind=10, big_blind=20, hands=50),))
    t = Tournament(config, random.Random(3))
    for name in ("ann", "bob", "cy"):
        t.register(name)
    t.start(0)
    return t


def test_R_TOURN_5_a_sit_out_is_kept_in_the_snapshot_and_ended_by_coming_back() -> None:
    """R-TOURN-5: sitting out is away and chosen; the snapshot keeps both; back ends both."""
    t = _started()
    t.set_away("ann", True, chosen=True)
    t.set_away("bob", True)  # a closed connection: away, not chosen
    assert t.away == {"ann", "bob"} and t.sitting_out == {"ann"}
    again = restore(t.config, random.Random(3), snapshot(t))
    assert again.away == {"ann", "bob"} and again.sitting_out == {"ann"}
    again.set_away("ann", False)
    assert again.away == {"bob"} and again.sitting_out == set()


def test_R_TOURN_5_an_old_snapshot_without_sit_outs_restores() -> None:
    """R-TOURN-5: a snapshot stored before sitting out existed has nobody sitting out."""
    t = _started()
    data = snapshot(t)
    del data["sitting_out"]
    assert restore(t.config, random.Random(3), data).sitting_out == set()
