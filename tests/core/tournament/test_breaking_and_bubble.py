"""R-TOURN-9 (breaking tables, the final table) and R-TOURN-10 (hand-for-hand), checked at
every batch of events of whole tournaments, beside the scenarios that show one case each
(tests/scenarios/tournament/R_TOURN_9_*, R_TOURN_10_*). The tables deal at their own pace,
as in the director; with them the properties of the simulator's Hypothesis test (R-TOURN-4
big blind, chips conserved, R-TOURN-8 balance) are checked too, since the simulator deals
a round at every table at once."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.core.tournament.test_simulate_properties import Checker

from pokerroom.bots.tournament import default_config, policy
from pokerroom.core.tournament.events import (
    HandDealtAt,
    HandFinishedAt,
    HandForHandEnded,
    HandForHandStarted,
    Moved,
    Seated,
    TableBroken,
    TournamentEvent,
)
from pokerroom.core.tournament.tournament import FINISHED, Tournament


class TablesChecker:
    """R-TOURN-9: a table breaks only when the players left fit in one table fewer, and it
    is the highest-numbered one; its players go into open seats of the others; once all fit
    at one table, everyone is drawn there. After every batch each player left sits at
    exactly one table, in a seat of their own."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.tables: set[int] | None = None
        self.breaks = self.final_draws = 0

    def __call__(self, t: Tournament, events: list[TournamentEvent]) -> None:
        if self.tables is None:
            self.tables = set(t.tables)
            return
        current = set(self.tables)
        seated = [i for i, e in enumerate(events) if isinstance(e, Seated)]
        final: set[int] = set()  # the tables _final_table closes: the breaks just before
        if seated:
            i = seated[0] - 1
            while i >= 0 and isinstance(events[i], TableBroken):
                final.add(i)
                i -= 1
        for i, e in enumerate(events):
            if isinstance(e, TableBroken) and i not in final:
                self.breaks += 1
                assert e.table == max(current), f"R-TOURN-9: {e.table} broke, not {max(current)}"
                current.discard(e.table)
                assert t.alive_count <= len(current) * self.seats, "R-TOURN-9: broke too early"
            elif isinstance(e, Moved):
                assert e.to_table in current, f"R-TOURN-9: moved to a closed table {e.to_table}"
        if final:  # the final table drawn (R-TOURN-9)
            self.final_draws += 1
            drawn = [e for e in events if isinstance(e, Seated)]
            assert len(t.tables) == 1 and t.alive_count <= self.seats
            assert {events[i].table for i in final} == current - set(t.tables)  # type: ignore[union-attr]
            assert {e.entry for e in drawn} == set(t.alive())
            assert len({e.seat for e in drawn}) == len(drawn)
        if t.status != FINISHED and t.status != "registering":
            seated = [p for x in t.tables.values() for p in x.players]
            assert sorted(seated) == sorted(t.alive()), "a player left is not seated once"
            idle = not any(x.hand is not None for x in t.tables.values())
            if idle and t.alive_count <= self.seats:
                assert len(t.tables) == 1, "R-TOURN-9: all fit at one table, not drawn there"
        self.tables = set(t.tables)


class BubbleChecker:
    """R-TOURN-10: hand-for-hand from when the next elimination is the last before the
    money, while more than one table plays; during it no table deals its next hand before
    every table of the round has finished; it ends once the paid places are reached."""

    def __init__(self) -> None:
        self.on = False
        self.started = self.rounds = 0
        self.dealt: set[int] = set()
        self.finished: set[int] = set()

    def __call__(self, t: Tournament, events: list[TournamentEvent]) -> None:
        for e in events:
            if isinstance(e, HandForHandStarted):
                # (the same batch may then draw the final table: all fit at one)
                assert t.pool_final and t.alive_count == t.paid_places() + 1
                self.on, self.started = True, self.started + 1
                self.dealt, self.finished = set(), set()
            elif isinstance(e, HandForHandEnded):
                assert t.alive_count <= t.paid_places(), "R-TOURN-10 ended before the money"
                self.on = False
            elif isinstance(e, HandDealtAt) and self.on:
                if e.table in self.dealt:  # a new round: the last one is over everywhere
                    assert self.dealt <= self.finished, (
                        f"R-TOURN-10: table {e.table} dealt again before "
                        f"{sorted(self.dealt - self.finished)} finished")
                    self.rounds += 1
                    self.dealt, self.finished = set(), set()
                self.dealt.add(e.table)
            elif isinstance(e, HandFinishedAt) and self.on:
                self.finished.add(e.table)


def play_eagerly(entrants: int, seats: int, seed: int,
                 on_events: Callable[[Tournament, list[TournamentEvent]], None]) -> Tournament:
    """A whole tournament where, as in the director, every table deals as soon as it may
    (the simulator deals a round at all tables at once, which makes every phase look like
    hand-for-hand), and a random table's player acts next."""
    rng = random.Random(seed)
    t = Tournament(default_config(entrants, seats), random.Random(rng.getrandbits(64)))
    for i in range(1, entrants + 1):
        on_events(t, t.register(f"p{i}"))
    if t.status == "registering":
        on_events(t, t.start(0))
    deck, now = list(range(52)), 0
    for _ in range(200_000):
        if t.status == FINISHED:
            return t
        while t.status != FINISHED and t.tables_ready():  # a hand may end as it is dealt
            rng.shuffle(deck)
            on_events(t, t.deal(t.tables_ready()[0], deck, now))
        if t.status == FINISHED:
            return t
        running = [n for n, x in t.tables.items() if x.hand is not None]
        assert running, "no table can deal"
        n = rng.choice(running)
        hand = t.hand(n)
        assert hand.to_act is not None
        now += 1000
        on_events(t, t.act(n, t.tables[n].dealt[hand.to_act], policy(hand, rng), now))
    raise AssertionError("the tournament did not end")


def check(entrants: int, seats: int, seed: int) -> tuple[TablesChecker, BubbleChecker]:
    tables, bubble = TablesChecker(seats), BubbleChecker()
    # and R-TOURN-4, -6, -8 as the Hypothesis test of the simulator checks them, here with
    # tables dealing at their own pace
    rules = Checker()

    def both(t: Tournament, events: list[TournamentEvent]) -> None:
        tables(t, events)
        bubble(t, events)
        rules(t, events)

    t = play_eagerly(entrants, seats, seed, both)
    assert t.status == FINISHED
    return tables, bubble


@pytest.mark.parametrize(("entrants", "seats", "seed"), [(60, 6, 1), (100, 9, 2), (23, 4, 3)])
def test_R_TOURN_9_tables_break_highest_first_and_the_final_table_is_drawn(
        entrants: int, seats: int, seed: int) -> None:
    tables, _ = check(entrants, seats, seed)
    assert tables.breaks >= 2 and tables.final_draws == 1


# Seeds whose bubble comes with two or more tables playing several rounds (with two players
# out in one hand just before it, a field can also pass the bubble at once).
@pytest.mark.parametrize(("entrants", "seats", "seed"), [(40, 6, 3), (30, 5, 4), (50, 4, 5)])
def test_R_TOURN_10_hand_for_hand_on_the_bubble_one_hand_per_table_at_a_time(
        entrants: int, seats: int, seed: int) -> None:
    _, bubble = check(entrants, seats, seed)
    assert bubble.started == 1 and bubble.rounds >= 2, (bubble.started, bubble.rounds)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entrants=st.integers(min_value=2, max_value=80),
       seats=st.integers(min_value=2, max_value=10),
       seed=st.integers(min_value=0, max_value=2**32))
def test_R_TOURN_9_R_TOURN_10_hold_in_random_tournaments(entrants: int, seats: int,
                                                         seed: int) -> None:
    check(entrants, seats, seed)
