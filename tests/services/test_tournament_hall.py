"""The tournament hall: instances of the room's specs, reopened sit & gos, restored ones."""

from __future__ import annotations

import json

from pokerroom.services import clock
from pokerroom.services.cashier import Cashier
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.tournament_hall import TournamentHall
from pokerroom.services.tournament_view import tournament_summary
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account, TournamentRow

SNG = {
    "id": "sng", "name": "three", "seats": 3, "max_entrants": 3, "buy_in": 100, "fee": 10,
    "starting_chips": 1000, "repeat": True,
    "levels": [{"small_blind": 25, "big_blind": 50, "hands": 3}],
}  # fmt: skip


async def accounts(db: Database, n: int) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"h{i}", name_key=f"h{i}", password_hash="x", created_ms=0)
                for i in range(n)]  # fmt: skip
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    for account in ids:
        await Cashier(db).deposit(account, 1000, key=f"d{account}")
    return ids


async def test_R_TOURN_2_hall_reopens_and_restores_from_the_stored_spec(
    sqlite_db: Database,
) -> None:
    """R-TOURN-2: a repeating sit & go opens again when it starts; after a restart with a room
    file that no longer has it, the running instance is restored from its stored spec."""
    ids = await accounts(sqlite_db, 3)
    hall = TournamentHall(sqlite_db, (SNG,), decks=SeededDeckSource(1), tick_s=0.01)
    await hall.start()
    assert set(hall.directors) == {"sng-1"}
    for account in ids:
        await hall.register("sng-1", account)
    await hall._tick("sng-1", hall.directors["sng-1"])
    assert set(hall.directors) == {"sng-1", "sng-2"}
    assert hall.directors["sng-1"].t.status == "running"
    await hall.stop()

    later = TournamentHall(sqlite_db, (), decks=SeededDeckSource(2), tick_s=0.01)
    await later.start()
    restored = later.directors["sng-1"]
    assert restored.restored and restored.t.status == "running"
    assert restored.t.total_chips() == 3 * 1000
    assert "sng-2" in later.directors  # still open for registration
    await later.stop()


HOURLY = {
    "id": "hourly", "name": "hourly", "seats": 9, "min_entrants": 2, "max_entrants": 100,
    "buy_in": 100, "fee": 10, "starting_chips": 1000, "start": "every 60 minutes",
    "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 10}],
}  # fmt: skip


async def test_R_TOURN_3_a_restored_scheduled_start_keeps_its_time(sqlite_db: Database) -> None:
    """R-TOURN-3 (tournament time stops while the room is down) and the schedule: a
    scheduled start is a wall-clock time fixed when the instance opens. A restore keeps it:
    two hours of stored tournament time do not make it due (before, the start was computed
    again from the restart and compared with the resumed tournament clock, so it started at
    once); a start that passed while the room was down is due at once."""
    ids = await accounts(sqlite_db, 2)
    hall = TournamentHall(sqlite_db, (HOURLY,), decks=SeededDeckSource(1), tick_s=3600)
    await hall.start()
    first = hall.directors["hourly-1"]
    start_at = first.start_at_ms
    assert start_at is not None and 0 < start_at - clock.now_ms() <= 3_600_000
    for account in ids:
        await hall.register("hourly-1", account)
    await hall.stop()
    async with sqlite_db.write() as session:  # two hours of registration went by before
        row = await session.get(TournamentRow, "hourly-1")
        assert row is not None and json.loads(row.spec)["start_at_ms"] == start_at
        row.clock_ms = 2 * 3_600_000

    later = TournamentHall(sqlite_db, (HOURLY,), decks=SeededDeckSource(2), tick_s=3600)
    await later.start()
    restored = later.directors["hourly-1"]
    await later._tick("hourly-1", restored)
    assert restored.t.status == "registering"
    assert restored.start_at_ms == start_at
    left = tournament_summary(restored)["starts_in_ms"]
    assert abs(left - (start_at - clock.now_ms())) < 60_000
    await later.stop()

    async with sqlite_db.write() as session:  # the room was down across the start
        row = await session.get(TournamentRow, "hourly-1")
        assert row is not None
        row.spec = json.dumps({**json.loads(row.spec), "start_at_ms": clock.now_ms() - 60_000})
    again = TournamentHall(sqlite_db, (HOURLY,), decks=SeededDeckSource(3), tick_s=3600)
    await again.start()
    due = again.directors["hourly-1"]
    await again._tick("hourly-1", due)
    assert due.t.status == "running"
    await again.stop()


async def test_the_pictures_name_the_players_by_their_screen_names(sqlite_db: Database) -> None:
    """A tournament's players were shown by account number (the core's entries: `7`, `7#2`)
    on the felt, in the players' list and the deal dialog; every picture now carries each
    player's screen name beside the entry, after a restart too."""
    ids = await accounts(sqlite_db, 3)
    names = {str(a): f"h{i}" for i, a in enumerate(ids)}
    hall = TournamentHall(sqlite_db, (SNG,), decks=SeededDeckSource(1), tick_s=0.01)
    await hall.start()
    for account in ids:
        await hall.register("sng-1", account)
    await hall._tick("sng-1", hall.directors["sng-1"])

    def check(picture: dict) -> None:  # type: ignore[type-arg]
        players = picture["summary"]["players"]
        assert {p["entry"]: p["name"] for p in players} == names
        assert picture["you"]["name"] == names[picture["you"]["entry"]]
        seats = [s for s in picture["table"]["seats"] if s is not None]
        assert {s["entry"]: s["name"] for s in seats} == names

    check((await hall.follow("sng-1", ids[0])).view)  # type: ignore[union-attr,arg-type]
    await hall.stop()
    later = TournamentHall(sqlite_db, (), decks=SeededDeckSource(2), tick_s=0.01)
    await later.start()
    check((await later.follow("sng-1", ids[1])).view)  # type: ignore[union-attr,arg-type]
    await later.stop()
