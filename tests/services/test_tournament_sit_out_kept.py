"""A sit-out (R-TOURN-5) is stored when it is said, not only at the next hand's end: a
director lost in the middle of a hand (a crash, a take-over) is restored with the player
still sitting out, and a return from it is kept the same way."""

from __future__ import annotations

import random

from pokerroom.services.cashier import Cashier
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account

SPEC = {
    "name": "duo", "seats": 2, "max_entrants": 2, "buy_in": 100, "fee": 10,
    "starting_chips": 1000, "levels": [{"small_blind": 10, "big_blind": 20, "hands": 50}],
}  # fmt: skip


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


async def accounts(db: Database, n: int) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"s{i}", name_key=f"s{i}", password_hash="x", created_ms=0)
                for i in range(n)]  # fmt: skip
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    for account in ids:
        await Cashier(db).deposit(account, 1000, key=f"d{account}")
    return ids


async def _restored(db: Database) -> TournamentDirector:
    d = TournamentDirector(db, "duo-1", SPEC, decks=SeededDeckSource(2), draw=random.Random(2),
                           monotonic_ms=FakeTime())  # fmt: skip
    await d.open()
    return d


async def test_R_TOURN_5_a_sit_out_and_the_return_survive_a_lost_director(db: Database) -> None:
    """R-TOURN-5: sat out mid-hand (no hand ends), the director is lost: the restored one
    has the player sitting out (away); back, lost again: restored present."""
    ids = await accounts(db, 2)
    d = TournamentDirector(db, "duo-1", SPEC, decks=SeededDeckSource(1), draw=random.Random(1),
                           monotonic_ms=FakeTime())  # fmt: skip
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    await d.step()
    ((table, to_act, _hand),) = d.to_act()
    waiting = next(e for e in d.t.tables[table].seats if e is not None and e != to_act)
    ended = await d.sit_out(waiting)  # not their turn: nothing is played, no hand ends
    assert ended == [] and d.live, "the hand should still run"
    await d.stop_actor()  # lost: only what was stored survives

    again = await _restored(db)
    assert again.t.sitting_out == {waiting} and waiting in again.t.away
    again.start_actor()
    await again.back(waiting)
    await again.stop_actor()
    third = await _restored(db)
    assert third.t.sitting_out == set() and waiting not in third.t.away
