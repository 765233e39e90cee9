"""The waiting lists, kept in the database so a table's list outlives the node running it
(issue 10, DESIGN section 6).

    book = WaitBook(db)
    await book.save("antares-1", waiting=(7, 9), offers=(SeatOffer(account=7, expires_ms=...),))
    waiting, offers = await book.load("antares-1")

The table's runner keeps the core's `WaitingList` (the rules: first come, first offered, an
offer runs out) and saves it whenever it changed; a node that takes the table over, or a
restarted room, loads it back before the table goes on. A save checks the table's lease epoch
in the same transaction (storage.fencing): a node that lost the table cannot overwrite the
list its new owner keeps.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select

from pokerroom.core.table.waiting import SeatOffer
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import check_fence
from pokerroom.storage.models import WaitingEntry


class WaitBook:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, table_id: str) -> tuple[tuple[int, ...], tuple[SeatOffer, ...]]:
        """The players waiting, first first, and the open offers among them."""
        async with self.db.read() as session:
            rows = (await session.execute(
                select(WaitingEntry).where(WaitingEntry.table_id == table_id)
                .order_by(WaitingEntry.place))).scalars().all()
        waiting = tuple(r.account_id for r in rows)
        offers = tuple(SeatOffer(account=r.account_id, expires_ms=r.offer_expires_ms)
                       for r in rows if r.offer_expires_ms is not None)
        return waiting, offers

    async def save(self, table_id: str, *, waiting: Sequence[int],
                   offers: Sequence[SeatOffer]) -> None:
        """Replace the table's list by this one (one transaction, fenced)."""
        expiry = {o.account: o.expires_ms for o in offers}
        async with self.db.write() as session:
            await check_fence(session, table_id)
            await session.execute(delete(WaitingEntry).where(WaitingEntry.table_id == table_id))
            for place, account in enumerate(waiting, start=1):
                session.add(WaitingEntry(table_id=table_id, account_id=account, place=place,
                                         offer_expires_ms=expiry.get(account)))
