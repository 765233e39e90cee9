"""After the last level of a structure the blinds keep rising (R-TOURN-3, the room's choice
where the rulebook is silent; docs/RULES.md), so a field whose players have all gone away
(R-TOURN-5: dealt in, posting, checking or folding) is blinded out and the tournament ends.

Before, the last level lasted for ever: with every player away the small blind folded to
the big blind hand after hand, the chips went round the table, and nobody ever busted.
"""

from __future__ import annotations

import random

from pokerroom.core.tournament import Level, Tournament, TournamentConfig
from pokerroom.core.tournament.events import Eliminated, Finished, LevelStarted
from pokerroom.core.tournament.payouts import prizes
from pokerroom.core.tournament.structure import level_at, level_number


def test_R_TOURN_3_levels_past_the_structure_double_the_last_level_of_play() -> None:
    levels = (
        Level(small_blind=10, big_blind=20, minutes=5),
        Level(small_blind=20, big_blind=40, ante=5, minutes=7),
        Level(minutes=3, is_break=True),
    )
    assert level_at(levels, 1) == levels[1]
    assert level_at(levels, 2).is_break
    after = [level_at(levels, i) for i in (3, 4, 5)]
    assert [(lv.small_blind, lv.big_blind, lv.ante) for lv in after] == [
        (40, 80, 10), (80, 160, 20), (160, 320, 40)]
    assert all(lv.minutes == 7 and not lv.is_break for lv in after)
    assert [level_number(levels, i) for i in range(6)] == [1, 2, 2, 3, 4, 5]
    stud = (Level(ante=5, bring_in=10, small_bet=20, big_bet=40, hands=3),)
    nxt = level_at(stud, 1)
    assert (nxt.ante, nxt.bring_in, nxt.small_bet, nxt.big_bet, nxt.hands) == (10, 20, 40, 80, 3)


def play_all_away(config: TournamentConfig, seed: int, *, by_minutes: bool) -> Tournament:
    """Everyone registers and is away from the first hand; the tables deal until the end
    (with levels by minutes, the clock moves a minute per hand)."""
    rng = random.Random(seed)
    t = Tournament(config, random.Random(seed))
    for i in range(config.max_entrants):
        t.register(f"p{i}")
    if t.status == "registering":
        t.start(0)
    for entry in t.entries:
        t.set_away(entry, True)
    now = 0
    for _ in range(20_000):
        if t.status == "finished":
            return t
        ready = t.tables_ready()
        assert ready, f"no table can deal, status {t.status}"
        for n in ready:
            if t.can_deal(n):
                deck = list(range(52))
                rng.shuffle(deck)
                t.deal(n, deck, now)  # every turn is played for the absent at once
                assert t.tables[n].hand is None if n in t.tables else True
                assert t.total_chips() == t.chips_in_play
        if by_minutes:
            now += 60_000
            t.tick(now)
    raise AssertionError("a field of absent players never finished")


def test_R_TOURN_3_R_TOURN_5_a_field_that_has_all_gone_is_blinded_out_and_finishes() -> None:
    for seats, entrants, by_minutes in ((2, 2, True), (6, 6, False), (3, 7, False)):
        length = {"minutes": 2} if by_minutes else {"hands": 3}
        levels = (Level(small_blind=10, big_blind=20, **length),
                  Level(small_blind=15, big_blind=30, ante=3, **length))  # fmt: skip
        config = TournamentConfig(seats=seats, max_entrants=entrants, min_entrants=2,
                                  starting_chips=3000, buy_in=100, fee=10,
                                  levels=levels)  # fmt: skip
        t = play_all_away(config, seed=entrants, by_minutes=by_minutes)
        places = sorted(e.place for e in t.entries.values() if e.place is not None)
        assert places == list(range(1, entrants + 1))
        assert t.prizes_paid() == t.prize_pool == 100 * entrants
        expected = prizes(t.prize_pool, config.payout_table, entrants)
        by_place = sorted(t.entries.values(), key=lambda e: e.place or 0)
        assert tuple(e.prize for e in by_place[: len(expected)]) == expected
        levels_seen = [e for e in t.log if isinstance(e, LevelStarted)]
        assert levels_seen[-1].level > len(levels), "it ended inside the structure"
        last = levels_seen[-1]
        assert last.big_blind == 30 * 2 ** (last.level - 2) and last.ante == 3 * 2 ** (last.level - 2)
        assert isinstance(t.log[-1], Finished)
        assert sum(1 for e in t.log if isinstance(e, Eliminated)) == entrants
