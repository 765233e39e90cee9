"""The kept seating (services.seating) on both backends: the first save inserts the table's
row, every later one replaces it (issue 11: it is written at each hand, on the hot path's
writers), and a load reads the last one back."""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select

from pokerroom.core.table import PreviousHand, SeatRecord
from pokerroom.services.seating import SavedSeat, SeatBook, Seating
from pokerroom.storage.database import Database
from pokerroom.storage.models import TableSeating


def seating(button: int) -> Seating:
    record = SeatRecord(account=7, seat=2, stack=0, new=False, waits=False, sitting_out=False,
                        owes_small=False, owes_big=True, played_last=True, orbits_out=0,
                        busted=False, time_bank_ms=30_000)
    return Seating(seats=(SavedSeat(account_id=7, name="ann", auto_post=True, record=record),),
                   previous=PreviousHand(button=button, small_blind=None, big_blind=None),
                   rotation=None)


async def test_each_save_replaces_the_tables_seating(db: Database) -> None:
    book = SeatBook(db)
    assert await book.load("t1") is None
    await book.save("t1", seating(0))
    await book.save("t1", seating(1))
    # Several tables at once share the writers' batches; each keeps its own row.
    await asyncio.gather(*(book.save(f"t{n}", seating(n)) for n in range(2, 6)))
    await book.save("t1", seating(5))
    kept = await book.load("t1")
    assert kept == seating(5)
    for n in range(2, 6):
        assert await book.load(f"t{n}") == seating(n)
    async with db.read() as session:
        rows = (await session.execute(select(func.count()).select_from(TableSeating))).scalar_one()
    assert rows == 5


def test_the_kept_text_is_what_dataclasses_asdict_gave() -> None:
    # The hot path encodes the seating without asdict's deep copy; rows written before must
    # still read back, and new rows must read the same (the text is compared, key for key).
    import dataclasses
    import json

    kept = seating(3)
    old = json.dumps({
        "seats": [{"account_id": s.account_id, "name": s.name, "auto_post": s.auto_post,
                   "record": dataclasses.asdict(s.record)} for s in kept.seats],
        "previous": dataclasses.asdict(kept.previous) if kept.previous else None,
    }, sort_keys=True)
    assert kept.encode() == old
    assert Seating.decode(old) == kept
