"""The tournament core: positions (R-TOURN-4), other games, refusals that change nothing."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots.tournament import run
from pokerroom.core.errors import InvalidConfigError, RuleViolationError
from pokerroom.core.tournament import Level, Positions, Tournament, TournamentConfig, plan_positions
from pokerroom.core.tournament.spec import parse_tournament


def test_R_TOURN_4_big_blind_advances_one_player() -> None:
    """R-TOURN-4: big blind to the next player after the last big blind; small blind on the
    last big blind's seat (dead when empty); button on the last small blind's seat."""
    last = Positions(button=0, small_blind_seat=1, small_blind=1, big_blind=2)
    assert plan_positions({0, 1, 2, 3}, 6, last, 0, stud=False) == Positions(
        button=1, small_blind_seat=2, small_blind=2, big_blind=3
    )
    # the big blind's player is gone: dead small blind
    assert plan_positions({0, 1, 3}, 6, last, 0, stud=False) == Positions(
        button=1, small_blind_seat=2, small_blind=None, big_blind=3
    )
    # a player moved in right after the last big blind posts the big blind at once
    assert plan_positions({0, 1, 2, 3, 5}, 6, last, 0, stud=False).big_blind == 3
    # ... unless they posted it in their last hand at another table: passed once
    moved = plan_positions({0, 1, 2, 3, 4}, 6, last, 0, stud=False, just_posted=frozenset({3}))
    assert moved.big_blind == 4 and moved.small_blind == 2


def test_R_TOURN_4_R_HU_1_heads_up_from_three() -> None:
    """R-TOURN-4, R-HU-1: heads-up the button posts the small blind, and the big blind goes
    to the player after the last big blind, never the one who just posted it."""
    last = Positions(button=0, small_blind_seat=1, small_blind=1, big_blind=2)
    for gone in (0, 1, 2):
        left = {0, 1, 2} - {gone}
        pos = plan_positions(left, 6, last, 0, stud=False)
        assert pos.big_blind != 2 or gone == 2
        assert pos.button == pos.small_blind and {pos.button, pos.big_blind} == left


def test_R_TOURN_2_draw_is_random_balanced_and_reproducible() -> None:
    """R-TOURN-2: seats drawn at random; as few tables as hold everyone, within one."""
    levels = (Level(small_blind=10, big_blind=20, hands=5),)
    config = TournamentConfig(seats=9, max_entrants=30, start_ms=0, levels=levels)

    def draw(seed: int) -> list[list[str | None]]:
        t = Tournament(config, random.Random(seed))
        for i in range(30):
            t.register(f"p{i}")
        t.start(0)
        return [t.tables[n].seats for n in sorted(t.tables)]

    tables = draw(1)
    assert sorted(sum(1 for p in seats if p) for seats in tables) == [7, 7, 8, 8]
    assert draw(1) == tables and draw(2) != tables


@pytest.mark.parametrize(
    ("game", "betting", "level"),
    [
        ("omaha-hilo", "pot-limit", Level(small_blind=10, big_blind=20, ante=2, hands=4)),
        ("holdem", "limit", Level(small_blind=10, big_blind=20, hands=4)),
        ("stud", "limit", Level(ante=5, bring_in=10, small_bet=20, big_bet=40, hands=4)),
        ("razz", "limit", Level(ante=5, bring_in=10, small_bet=20, big_bet=40, hands=4)),
    ],
)
def test_R_TOURN_3_other_games_play_to_the_end(game: str, betting: str, level: Level) -> None:
    """R-TOURN-3: any game and structure; levels doubling until one player is left."""
    levels = [level]
    for _ in range(25):
        lv = levels[-1]
        levels.append(Level(
            small_blind=lv.small_blind * 2, big_blind=lv.big_blind * 2, ante=lv.ante * 2,
            bring_in=lv.bring_in * 2, small_bet=lv.small_bet * 2, big_bet=lv.big_bet * 2, hands=4,
        ))  # fmt: skip
    config = TournamentConfig(game=game, betting=betting, seats=6, max_entrants=9, starting_chips=500,
                              levels=tuple(levels))  # fmt: skip
    t, figures = run(config, 9, seed=4)
    assert t.status == "finished" and len(figures.places) == 9
    assert sum(figures.payouts.values()) == t.prize_pool


def test_R_TOURN_1_refusals_change_nothing() -> None:
    """R-TOURN-1: a second registration or a stranger's unregistering is refused naming the
    rule, and the prize pool does not move."""
    t = Tournament(TournamentConfig(levels=(Level(small_blind=1, big_blind=2, hands=9),)),
                   random.Random(0))  # fmt: skip
    t.register("ann")
    with pytest.raises(RuleViolationError) as err:
        t.register("ann")
    assert err.value.rule_id == "R-TOURN-1"
    with pytest.raises(RuleViolationError):
        t.unregister("zed")
    assert (t.prize_pool, t.fees, len(t.entries)) == (100, 10, 1)


def test_tournament_spec_refuses_bad_keys() -> None:
    base = {"id": "x", "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 10}]}
    assert parse_tournament(base).sit_and_go
    with pytest.raises(InvalidConfigError, match="colour"):
        parse_tournament({**base, "colour": "red"})
    with pytest.raises(InvalidConfigError, match="levels\\[1\\]"):
        parse_tournament({**base, "levels": [{"small_blind": 30, "big_blind": 20, "hands": 3}]})
    with pytest.raises(InvalidConfigError, match="buy_in"):
        parse_tournament({**base, "buy_in": "ten"})
