"""The PokerStars export of a tournament hand names the level the hand was dealt at (issue 13),
kept with the hand's record when the director stores it, not worked out from the hand's
stakes: a structure that repeats a level's stakes (here levels I and II are both 25/50)
gave the earlier level's number to the later level's hands."""

from __future__ import annotations

import datetime
import random

from sqlalchemy import select

from pokerroom.bots.tournament import policy
from pokerroom.cli.serve import pokerstars_exporter
from pokerroom.history.pokerstars import roman
from pokerroom.services.cashier import Cashier
from pokerroom.services.client_seeds import ClientSeeds
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.hands import HandStore
from pokerroom.services.history import record_of, seat_of
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.services.tournament_exports import tournament_hand_info
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account, Hand
from pokerroom.storage.records import encode_record, record_tournament_level

BLINDS = [(25, 50), (25, 50), (50, 100), (50, 100), (100, 200)]  # I and II alike, III and IV
SPEC = {
    "name": "again", "seats": 3, "max_entrants": 3, "buy_in": 100, "fee": 10,
    "starting_chips": 1000,
    "levels": [{"small_blind": sb, "big_blind": bb, "hands": 2} for sb, bb in BLINDS],
}  # fmt: skip


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


async def _accounts(db: Database, n: int) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"q{i}", name_key=f"q{i}", password_hash="x", created_ms=0)
                for i in range(n)]  # fmt: skip
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    for account in ids:
        await Cashier(db).deposit(account, 1000, key=f"d{account}")
    return ids


async def test_R_TOURN_3_the_export_names_the_level_dealt_not_the_first_with_its_stakes(
        db: Database) -> None:
    ids = await _accounts(db, 3)
    clock = FakeTime()
    d = TournamentDirector(db, "again-1", SPEC, decks=SeededDeckSource(5),
                           draw=random.Random(5), monotonic_ms=clock,
                           client_seeds=ClientSeeds())  # fmt: skip
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    # hand number -> the level number when it was dealt, as the table showed it; a hand of
    # all-in blinds ends as it is dealt and is checked by its stakes only
    dealt_at: dict[int, int] = {}
    rng = random.Random(2)
    try:
        while d.t.status != "finished" and len(dealt_at) < 40:
            await d.step()
            for live in d.live.values():
                dealt_at.setdefault(live.number, d.t.level_number)
            waiting = d.to_act()
            if waiting:
                _table, entry, hand = rng.choice(waiting)
                clock.ms += 1000
                await d.act(entry, policy(hand, rng))
    finally:
        await d.stop_actor()

    async with db.read() as session:
        rows = list((await session.execute(
            select(Hand).where(Hand.status == "settled").order_by(Hand.id))).scalars())
    store = HandStore(db)
    levels = {}
    for row in rows:
        stored = await store.get(row.id)
        record = record_of(stored)
        info = await tournament_hand_info(db, stored, record.config.stakes)
        assert info is not None
        if row.hand_number in dealt_at:
            assert info["level"] == dealt_at[row.hand_number], row.hand_number
        levels[row.hand_number] = info["level"]
        stakes = record.config.stakes
        text = pokerstars_exporter(
            record, table_name=info["table_name"], max_seats=3,
            names={s.seat: f"q{s.seat}" for s in stored.seats}, hand_id=stored.id,
            started_at=datetime.datetime.now(datetime.UTC),
            viewer=seat_of(stored, stored.seats[0].account_id), play_chips=True,
            tournament=info)
        first = text.splitlines()[0]
        assert (f"Level {roman(info['level'])} ({stakes.small_blind}/{stakes.big_blind})"
                in first), first
        if info["level"] <= len(BLINDS):
            assert (stakes.small_blind, stakes.big_blind) == BLINDS[info["level"] - 1]
    # The repeated stakes were dealt at both of their levels (else this proves nothing).
    assert {1, 2} <= set(levels.values()), levels
    assert {3, 4} & set(levels.values()), levels


def test_a_record_keeps_its_level_and_one_stored_before_has_none() -> None:
    assert record_tournament_level(encode_record((1, 2), tournament_level=7)) == 7
    assert record_tournament_level(encode_record((1, 2))) is None  # stakes decide then
    assert record_tournament_level("") is None
