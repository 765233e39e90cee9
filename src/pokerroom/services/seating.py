"""Who sits where at a poker table, kept in the database so the table outlives its process
(a UTH table keeps here only its operator's pause or close: a seating with no seat).

    book = SeatBook(db)
    await book.save("antares-1", Seating(seats=table.seat_records(), names=..., ...))
    seating = await book.load("antares-1")      # None when nothing was kept

The runner saves the seating between hands whenever it changed. At start (a restart, or a
node taking the table over) it seats the same players again, in the same seats, with their
blind debts and sit-out state (core `Table.restore`), and keeps the operator's pause or close. Chips are not kept here: each stack is
the player's escrow balance in the ledger, which a voided hand never touched, so it is the
stack at the start of the hand that was cut (DESIGN section 3).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.core.table import PreviousHand, SeatRecord
from pokerroom.core.table.account import Account
from pokerroom.core.table.mixed import RotationState
from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import check_fence, check_fence_pg
from pokerroom.storage.models import TableSeating


@dataclass(frozen=True, slots=True, kw_only=True)
class SavedSeat:
    account_id: int
    name: str
    auto_post: bool  # the player's kept choice (R-BLIND-3, R-BLIND-6)
    record: SeatRecord


def _flat(record: Any) -> dict[str, Any]:
    """A dataclass of plain fields as a dict: what dataclasses.asdict gives it, without its
    deep copy of every value (the seating is kept after every hand; issue 11)."""
    return {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Seating:
    seats: tuple[SavedSeat, ...]
    previous: PreviousHand | None
    rotation: RotationState | None = None  # a mixed table's place in its rotation (R-MIX-1)
    # The operator's word on the table (open, paused, closed): a paused or closed table stays
    # so after a restart or a take-over by another node, not open again by surprise.
    status: str = "open"

    def encode(self) -> str:
        data: dict[str, Any] = {
            "seats": [{"account_id": s.account_id, "name": s.name, "auto_post": s.auto_post,
                       "record": _flat(s.record)} for s in self.seats],
            "previous": _flat(self.previous) if self.previous else None,
        }  # fmt: skip
        if self.rotation is not None:  # only mixed tables: the others' text is unchanged
            data["rotation"] = dataclasses.asdict(self.rotation)
        if self.status != "open":  # only paused or closed tables: the others' text is unchanged
            data["status"] = self.status
        return json.dumps(data, sort_keys=True)

    @staticmethod
    def decode(text: str) -> Seating:
        data = json.loads(text)
        seats = tuple(
            SavedSeat(account_id=int(s["account_id"]), name=str(s["name"]),
                      auto_post=bool(s["auto_post"]),
                      # the record's account is the id (kept as text before issue 10)
                      record=SeatRecord(**{**s["record"], "account": int(s["account_id"])}))
            for s in data["seats"]
        )  # fmt: skip
        previous = PreviousHand(**data["previous"]) if data.get("previous") else None
        rotation = RotationState(**data["rotation"]) if data.get("rotation") else None
        return Seating(seats=seats, previous=previous, rotation=rotation,
                       status=str(data.get("status", "open")))


def int_account(account: Account | None) -> int:
    """A core account (`Account`, int | str: the core takes any key) as the services know
    every account since issue 10: the int id. Anything else at a room's table is a bug."""
    if not isinstance(account, int):
        raise TypeError(f"a room's table seats account ids (int), not {account!r}")
    return account


class SeatBook:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, table_id: str) -> Seating | None:
        async with self.db.read() as session:
            row = await session.get(TableSeating, table_id)
            return Seating.decode(row.state) if row is not None else None

    async def save(self, table_id: str, seating: Seating) -> None:
        """Keep `seating` (it replaces the table's last). It changes at every hand (the
        button moves), so it takes the hot path's writers (issue 11): the SQLite writer
        thread's next batch, or the PostgreSQL writer's, one upsert each, no ORM. Lazy
        (storage.group_commit): every caller has answered its players before it keeps the
        seating, so its commit is best shared with another table's hand end."""
        text = seating.encode()
        at = clock.now_ms()
        writer = self.db.sqlite_writer()
        if writer is not None:
            await writer.run(lambda cur: cur.execute(
                "INSERT INTO table_seating (table_id, state, updated_ms) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET state = excluded.state, "
                "updated_ms = excluded.updated_ms", (table_id, text, at)), lazy=True)
            return
        pg = self.db.pg_writer()
        if pg is not None:
            async def upsert(conn: Any) -> None:
                # a node that lost the table's lease keeps no seating for it
                # (storage.fencing): the new owner's is the table's
                await check_fence_pg(conn, self.db.fence, table_id)
                await conn.execute(
                    "INSERT INTO table_seating (table_id, state, updated_ms) VALUES ($1, $2, $3) "
                    "ON CONFLICT (table_id) DO UPDATE SET state = excluded.state, "
                    "updated_ms = excluded.updated_ms", table_id, text, at)

            await pg.run(upsert, lazy=True)
            return

        async def work(session: AsyncSession) -> None:
            # a node that lost the table's lease keeps no seating for it (storage.fencing):
            # the new owner's is the table's
            await check_fence(session, table_id)
            changed = await session.execute(
                update(TableSeating).where(TableSeating.table_id == table_id)
                .values(state=text, updated_ms=at))
            if getattr(changed, "rowcount", 0) == 0:
                await session.execute(insert(TableSeating).values(
                    table_id=table_id, state=text, updated_ms=at))

        await self.db.run_write(work, lazy=True)
