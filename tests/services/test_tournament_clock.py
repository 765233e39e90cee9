"""The action clock at a tournament table, as at a cash table (core.table.clock): each turn
has the action time, and a player who already has chips in the pot may use their time bank
too; the bank spent is gone for the rest of the tournament (kept with the snapshot); out of
time, the player is away (R-TOURN-5). The picture's `clock` has the cash tables' shape."""

from __future__ import annotations

import random

from tests.services.test_tournament_director import FakeTime, accounts

from pokerroom.core import rules
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.services.tournament_view import viewer_picture
from pokerroom.storage.database import Database

SPEC = {
    "name": "clocked", "seats": 3, "max_entrants": 3, "buy_in": 100, "fee": 10,
    "starting_chips": 1000, "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 60}],
}  # fmt: skip
ACTION, BANK = 1_000, 5_000


def director(db: Database, clock: FakeTime, wall: FakeTime) -> TournamentDirector:
    seeds = ClientSeeds()
    for account in range(1, 10):
        seeds.set(account, f"seed{account}")
    return TournamentDirector(db, "c-1", SPEC, decks=SeededDeckSource(1), draw=random.Random(1),
                              monotonic_ms=clock, wall_ms=wall, client_seeds=seeds,
                              action_ms=ACTION, time_bank_ms=BANK)  # fmt: skip


async def test_R_TOURN_5_the_action_clock_and_the_time_bank_at_a_tournament_table(
    sqlite_db: Database,
) -> None:
    """R-TOURN-5: the button (no chips in the pot) has the action time only and is away when
    it runs out; the small blind (chips in) may use the bank: acting 3 s into a 1 s clock
    spends 2 s of it, which every later picture and a restored director still show."""
    ids = await accounts(sqlite_db, 3)
    clock, wall = FakeTime(), FakeTime()
    wall.ms = 1_000_000
    d = director(sqlite_db, clock, wall)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    await d.step()
    (table,) = d.t.tables.values()
    hand = table.hand
    assert hand is not None and hand.to_act is not None
    first = table.dealt[hand.to_act]
    picture = viewer_picture(d, int(first))["table"]
    assert picture is not None
    assert picture["clock"] == {"seat": hand.to_act, "action_deadline_ms": wall.ms + ACTION,
                                "deadline_ms": wall.ms + ACTION, "time_bank_ms": 0,
                                "action_ms": ACTION}  # fmt: skip
    start = wall.ms
    wall.ms = start + ACTION - 1
    assert d.expired() == []
    wall.ms = start + ACTION
    assert d.expired() == [first]
    await d.timeout(first)
    assert first in d.t.away and d.bank_of(first) == BANK  # no bank on that turn
    # The small blind: chips in the pot, the bank on top of the action time.
    seat = hand.to_act
    assert seat is not None
    blind = table.dealt[seat]
    turn = d.clock_of(table.number)
    assert turn is not None and turn.seat == seat
    assert (turn.action_deadline_ms, turn.deadline_ms) == (wall.ms + ACTION, wall.ms + ACTION + BANK)
    for p in ids:  # every player at the table sees the same clock
        seen = viewer_picture(d, p)["table"]
        assert seen is not None and seen["clock"] is not None
        assert seen["clock"]["seat"] == seat and seen["clock"]["time_bank_ms"] == BANK
    wall.ms += ACTION + 2_000
    assert d.expired() == []  # in the bank, not out of time
    await d.act(blind, rules.Call(seat=seat))
    assert d.bank_of(blind) == BANK - 2_000
    assert viewer_picture(d, int(blind))["you"]["time_bank_ms"] == BANK - 2_000  # type: ignore[index]
    # The big blind checks at once: the hand goes on to the flop, and ends sooner or later.
    while table.hand is not None and table.hand.to_act is not None:
        s = table.hand.to_act
        entry = table.dealt[s]
        legal = table.hand.legal_actions()
        await d.act(entry, rules.Check(seat=s) if legal.check else rules.Fold(seat=s))
    assert table.hand is None
    await d.stop_actor()
    again = director(sqlite_db, clock, wall)  # the bank spent is kept with the snapshot
    await again.open()
    assert again.bank_of(blind) == BANK - 2_000
