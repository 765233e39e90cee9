"""The rest between two hands at a tournament table, and showing after the hand there.

A table rests `between_hands_ms` of tournament time after each hand (the finished hand stays
in the picture of the players dealt in); the level clock runs on meanwhile, so the hand dealt
after the rest has the level of its deal (R-TOURN-3); hand-for-hand still deals one hand per
table at a time (R-TOURN-10); a player whose cards nobody saw may show them until the next
deal there (R-SD-5), and every player dealt in sees them.
"""

from __future__ import annotations

import random

import pytest
from tests.core.tournament.test_breaking_and_bubble import BubbleChecker
from tests.services.test_tournament_director import FakeTime, accounts

from pokerroom.bots.tournament import policy
from pokerroom.core import rules
from pokerroom.core.errors import RuleViolationError
from pokerroom.core.tournament.events import HandDealtAt, HandFinishedAt, TournamentEvent
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.services.tournament_view import viewer_picture
from pokerroom.storage.database import Database

PAUSE = 2_000
TIMED = {
    "name": "timed", "seats": 3, "max_entrants": 3, "buy_in": 100, "fee": 10,
    "starting_chips": 1000,
    "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 1},
               {"small_blind": 50, "big_blind": 100, "minutes": 1}],
}  # fmt: skip


def director(db: Database, clock: FakeTime, spec: dict, seed: int,  # type: ignore[type-arg]
             pause: int = PAUSE) -> TournamentDirector:
    seeds = ClientSeeds()  # the players' seeds fixed: the same deals at every run
    for account in range(1, 100):
        seeds.set(account, f"seed{account}")
    return TournamentDirector(db, "t-1", spec, decks=SeededDeckSource(seed),
                              draw=random.Random(seed), monotonic_ms=clock,
                              client_seeds=seeds, between_hands_ms=pause)  # fmt: skip


async def first_hand(db: Database, clock: FakeTime, ids: list[int], seed: int
                     ) -> TournamentDirector:
    """A started director of TIMED (the players `ids` registered, the sit & go full) that
    has dealt its first hand at its one table."""
    d = director(db, clock, TIMED, seed=seed)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    await d.step()
    return d


async def fold_round(d: TournamentDirector) -> None:
    """Everyone folds to the big blind: a hand won without a showdown."""
    while d.to_act():
        _, entry, hand = d.to_act()[0]
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        await d.act(entry, rules.Fold(seat=seat) if legal.fold else rules.Check(seat=seat))


async def test_R_TOURN_3_a_table_rests_between_hands_and_the_next_hand_has_the_level_of_its_deal(
    sqlite_db: Database,
) -> None:
    """R-TOURN-3: the first hand ends a second before the level's end; the table rests two
    seconds (no deal at 1.999 s, the finished hand still in the pictures), the level moves on
    meanwhile, and the hand dealt after the rest has the new level's blinds."""
    ids = await accounts(sqlite_db, 3)
    clock = FakeTime()
    d = await first_hand(sqlite_db, clock, ids, seed=4)
    (table,) = d.t.tables.values()
    assert table.hand is not None and table.hand_number == 1
    clock.ms = 59_000
    await fold_round(d)
    assert table.hand is None
    for account in ids:  # every player dealt in still sees the hand, over
        picture = viewer_picture(d, account)["table"]
        assert picture is not None and picture["hand"] is not None
        assert picture["hand"]["is_over"] and picture["hand_number"] == 1
    clock.ms = 59_000 + PAUSE - 1
    await d.step()
    assert table.hand is None and table.hand_number == 1, "dealt before the rest was over"
    assert d.t.level_number == 2  # the clock ran on during the rest
    clock.ms = 59_000 + PAUSE
    await d.step()
    assert table.hand is not None and table.hand_number == 2
    assert table.hand.config.stakes.big_blind == 100
    for account in ids:  # the new hand replaces the old one in the pictures
        picture = viewer_picture(d, account)["table"]
        assert picture is not None and picture["hand"] is not None
        assert not picture["hand"]["is_over"]
    await d.stop_actor()


async def test_R_SD_5_a_tournament_winner_without_showdown_may_show_after_the_hand(
    sqlite_db: Database,
) -> None:
    """R-SD-5 at a tournament table: after the others folded, the winner is offered to show
    (the folded players are not); the show reaches every player dealt in; a folded player's
    show is refused naming R-SD-5, and so is a show once the next hand is dealt."""
    ids = await accounts(sqlite_db, 3)
    clock = FakeTime()
    d = await first_hand(sqlite_db, clock, ids, seed=5)
    (table,) = d.t.tables.values()
    dealt = dict(table.dealt)
    await fold_round(d)
    hand = table.played
    assert hand is not None and hand.is_over
    (winner_seat,) = [x.seat for x in hand.view_for(None).seats if not x.folded]
    winner = dealt[winner_seat]
    offers = {e: viewer_picture(d, int(e))["table"]["legal"] for e in dealt.values()}  # type: ignore[index]
    assert offers[winner] is not None and offers[winner]["show"] and offers[winner]["after_hand"]
    assert all(offers[e] is None for e in dealt.values() if e != winner)
    for e in dealt.values():  # nobody sees the winner's cards yet
        if e != winner:
            seats = viewer_picture(d, int(e))["table"]["hand"]["seats"]  # type: ignore[index]
            assert not any(next(x for x in seats if x["seat"] == winner_seat)["cards"])
    loser = next(e for e in dealt.values() if e != winner)
    with pytest.raises(RuleViolationError) as refused:
        await d.show(loser, table.hand_number)
    assert refused.value.rule_id == "R-SD-5"
    shown = await d.show(winner, table.hand_number)
    assert [type(e).__name__ for e in shown] == ["HandShown"]
    for e in dealt.values():
        seats = viewer_picture(d, int(e))["table"]["hand"]["seats"]  # type: ignore[index]
        cards = next(x for x in seats if x["seat"] == winner_seat)["cards"]
        assert cards and all(cards), f"{e} does not see the shown hand"
    assert viewer_picture(d, int(winner))["table"]["legal"] is None  # type: ignore[index]
    clock.ms += PAUSE
    await d.step()
    assert table.hand is not None
    with pytest.raises(RuleViolationError) as late:
        await d.show(winner, table.hand_number - 1)
    assert late.value.rule_id == "R-SD-5"
    await d.stop_actor()


BUBBLE = {
    "name": "bubble", "seats": 5, "max_entrants": 30, "buy_in": 100, "fee": 10,
    "starting_chips": 1500,
    "levels": [{"small_blind": bb // 2, "big_blind": bb, "ante": bb // 10 if i >= 3 else 0,
                "hands": 8}
               for i, bb in enumerate((10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000,
                                       1500, 2500, 4000, 6000, 10000, 20000, 40000))],
}  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2])
async def test_R_TOURN_10_hand_for_hand_with_the_rest_between_hands(
    sqlite_db: Database, seed: int
) -> None:
    """R-TOURN-10 with the rest: a whole 30-player tournament on six tables; every hand is
    dealt only once each of its players' last hand ended the rest ago (moved players too),
    and on the bubble no table deals again before every table of the round finished."""
    ids = await accounts(sqlite_db, 30)
    clock = FakeTime()
    d = director(sqlite_db, clock, BUBBLE, seed=seed, pause=500)
    await d.open()
    d.start_actor()
    bubble = BubbleChecker()
    ended: dict[str, int] = {}
    dealt = 0

    def seen(events: list[TournamentEvent]) -> None:
        nonlocal dealt
        bubble(d.t, events)
        for e in events:
            if isinstance(e, HandDealtAt):
                dealt += 1
                for entry, _ in e.stacks:
                    assert clock.ms - ended.get(entry, -10**9) >= 500, (
                        f"{entry} dealt in {clock.ms - ended[entry]} ms after their last hand")
            elif isinstance(e, HandFinishedAt):
                for entry, _ in e.stacks:
                    ended[entry] = clock.ms

    for account in ids:
        seen(await d.register(account))
    rng = random.Random(seed)
    for _ in range(100_000):
        if d.t.status == "finished":
            break
        seen(await d.step())
        waiting = d.to_act()
        if not waiting:
            clock.ms += 100
            continue
        _, entry, hand = rng.choice(waiting)
        clock.ms += 10
        seen(await d.act(entry, policy(hand, rng)))
    assert d.t.status == "finished"
    assert bubble.started == 1 and bubble.rounds >= 2, (bubble.started, bubble.rounds)
    assert dealt > 30
    await d.stop_actor()
