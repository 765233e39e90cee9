"""Table leases (DESIGN section 6): which server node owns a table, taken over when it expires.

    leases = TableLeases(db)
    if await leases.acquire("t1", node="node-a", ttl_ms=15_000):   # also renews
        ... run the table, renewing well before the lease expires ...
    await leases.release("t1", node="node-a")

A single node may ignore this; several nodes sharing one PostgreSQL use it so each table has
exactly one writer. Time is an input (`now_ms=`) so tests need no sleeping.
"""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import TableLease


class TableLeases:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def acquire(
        self, table_id: str, *, node: str, ttl_ms: int, now_ms: int | None = None
    ) -> bool:
        """Take or renew the lease; False while another node holds an unexpired one."""
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> bool:
            row = (
                await session.execute(
                    select(TableLease).where(TableLease.table_id == table_id).with_for_update()
                )
            ).scalar_one_or_none()
            if row is None:
                session.add(TableLease(table_id=table_id, node=node, expires_ms=at + ttl_ms))
                await session.flush()  # a concurrent insert fails here; run_write retries
                return True
            if row.node != node and row.expires_ms > at:
                return False
            row.node = node
            row.expires_ms = at + ttl_ms
            return True

        return await self.db.run_write(work)

    async def release(self, table_id: str, *, node: str) -> None:
        async with self.db.write() as session:
            await session.execute(
                delete(TableLease).where(TableLease.table_id == table_id, TableLease.node == node)
            )

    async def owner(self, table_id: str, *, now_ms: int | None = None) -> str | None:
        at = clock.now_ms() if now_ms is None else now_ms
        async with self.db.read() as session:
            row = await session.get(TableLease, table_id)
            return row.node if row is not None and row.expires_ms > at else None
