"""The tournament hall: instances of the room's specs, reopened sit & gos, restored ones."""

from __future__ import annotations

from pokerroom.services.cashier import Cashier
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.tournament_hall import TournamentHall
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account

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
