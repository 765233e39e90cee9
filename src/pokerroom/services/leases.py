"""Table leases (DESIGN section 6, issue 10): which node owns a table, until when, at which
fencing epoch.

    leases = TableLeases(db)
    epoch = await leases.take("t1", node="node-a", ttl_ms=6_000)   # None: another node has it
    ... run the table; every few seconds:
    if not await leases.renew("t1", node="node-a", epoch=epoch, ttl_ms=6_000):
        ... lost it: stop the table at once (its writes are refused by the epoch anyway)
    await leases.release("t1", node="node-a", epoch=epoch)          # a graceful stop

`take` succeeds when the table has no lease, when its lease expired (its node died or was
cut off), or when the lease is this node's own (a restart under the same name); each take
adds one to the epoch, so the writes of any earlier holder are refused from then on
(storage.fencing). Time is an input (`now_ms=`) so tests need no sleeping.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from sqlalchemy import select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.services import clock
from pokerroom.storage.database import Database
from pokerroom.storage.models import TableLease

BUSY_WAIT_MS = 500  # how long a renewal waits for a lease row a hand write holds


@dataclass(frozen=True, slots=True)
class Lease:
    table_id: str
    node: str
    expires_ms: int
    epoch: int

    def alive(self, at_ms: int) -> bool:
        return bool(self.node) and self.expires_ms > at_ms


class TableLeases:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def take(self, table_id: str, *, node: str, ttl_ms: int,
                   now_ms: int | None = None) -> int | None:
        """Take the table (one more epoch); None while another node holds a live lease."""
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> int | None:
            row = (await session.execute(
                select(TableLease).where(TableLease.table_id == table_id).with_for_update()
            )).scalar_one_or_none()
            if row is None:
                session.add(TableLease(table_id=table_id, node=node, expires_ms=at + ttl_ms,
                                       epoch=1))
                await session.flush()  # a concurrent insert fails here; run_write retries
                return 1
            if row.node != node and row.node and row.expires_ms > at:
                return None
            row.node = node
            row.expires_ms = at + ttl_ms
            row.epoch = row.epoch + 1
            return row.epoch

        return await self.db.run_write(work)

    async def renew(self, table_id: str, *, node: str, epoch: int, ttl_ms: int,
                    now_ms: int | None = None) -> bool:
        """Extend this node's lease; False when it is not ours at this epoch any more."""
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> bool:
            done = await session.execute(
                update(TableLease)
                .where(TableLease.table_id == table_id, TableLease.node == node,
                       TableLease.epoch == epoch)
                .values(expires_ms=at + ttl_ms))
            return bool(getattr(done, "rowcount", 0))

        return await self.db.run_write(work)

    async def resume(self, table_id: str, *, node: str, epoch: int, ttl_ms: int,
                     now_ms: int | None = None) -> int | None:
        """Take back this node's own lease at one more epoch, only if it is still this node's
        at `epoch` (nobody took it meanwhile), expired or not; None otherwise."""
        at = clock.now_ms() if now_ms is None else now_ms

        async def work(session: AsyncSession) -> int | None:
            row = (await session.execute(
                update(TableLease)
                .where(TableLease.table_id == table_id, TableLease.node == node,
                       TableLease.epoch == epoch)
                .values(epoch=epoch + 1, expires_ms=at + ttl_ms)
                .returning(TableLease.epoch))).first()
            return None if row is None else int(row[0])

        return await self.db.run_write(work)

    async def renew_all(self, held: dict[str, int], *, node: str, ttl_ms: int,
                        now_ms: int | None = None) -> tuple[set[str], set[str]]:
        """Renew every lease this node holds: (renewed, lost). A table in neither was busy
        (a hand write held its lease row): it is renewed at the next tick.

        One statement, outside the group commit (a renewal must never wait behind a queue of
        hand writes), skipping the rows that hand writes share-lock at this moment
        (storage.fencing): waiting for them while holding the others' locks deadlocked."""
        at = clock.now_ms() if now_ms is None else now_ms
        if not held:
            return set(), set()
        tables = sorted(held)
        async with self.db.write() as session:
            if self.db.backend == "postgresql":
                rows = (await session.execute(text(
                    "UPDATE table_leases SET expires_ms = :e WHERE table_id IN ("
                    " SELECT table_id FROM table_leases WHERE node = :n AND table_id = ANY(:t)"
                    " FOR UPDATE SKIP LOCKED) RETURNING table_id, epoch"),
                    {"e": at + ttl_ms, "n": node, "t": tables})).all()
            else:  # one node on SQLite never needs this; kept working for completeness
                rows = (await session.execute(
                    update(TableLease)
                    .where(TableLease.node == node, TableLease.table_id.in_(tables))
                    .values(expires_ms=at + ttl_ms)
                    .returning(TableLease.table_id, TableLease.epoch))).all()
        renewed = {str(t) for t, epoch in rows if held.get(str(t)) == int(epoch)}
        busy = set(held) - renewed
        if busy and self.db.backend == "postgresql":
            # Rows skipped above are share-locked by this node's own hand writes, which hold
            # them until their group commit ends: under load a busy table's row was locked
            # at tick after tick, its lease ran out of renewals and the node stopped the
            # table mid-hand (the hand then voided by the next owner). Each is renewed now
            # on its own, waiting a moment for that commit: one row, so no deadlock.
            again = await asyncio.gather(*(self._renew_one(t, held[t], node=node,
                                                           expires_ms=at + ttl_ms)
                                           for t in sorted(busy)), return_exceptions=True)
            renewed |= {t for t, ok in zip(sorted(busy), again, strict=True) if ok is True}
        lost: set[str] = set()
        if len(renewed) < len(held):
            for table_id in set(held) - renewed:
                lease = await self.get(table_id)
                if lease is None or lease.node != node or lease.epoch != held[table_id]:
                    lost.add(table_id)
        return renewed, lost

    async def _renew_one(self, table_id: str, epoch: int, *, node: str,
                         expires_ms: int) -> bool:
        """Renew one lease row, waiting at most BUSY_WAIT_MS for a lock on it."""
        async with self.db.write() as session:
            await session.execute(text(f"SET LOCAL lock_timeout = '{BUSY_WAIT_MS}ms'"))
            row = (await session.execute(text(
                "UPDATE table_leases SET expires_ms = :e WHERE table_id = :t AND node = :n "
                "AND epoch = :p RETURNING epoch"),
                {"e": expires_ms, "t": table_id, "n": node, "p": epoch})).first()
        return row is not None

    async def release(self, table_id: str, *, node: str, epoch: int | None = None) -> None:
        """Give the table up now (the epoch stays: the next taker adds one to it)."""
        async with self.db.write() as session:
            query = update(TableLease).where(TableLease.table_id == table_id,
                                             TableLease.node == node)
            if epoch is not None:
                query = query.where(TableLease.epoch == epoch)
            await session.execute(query.values(node="", expires_ms=0))

    async def acquire(self, table_id: str, *, node: str, ttl_ms: int,
                      now_ms: int | None = None) -> bool:
        """Take the table or renew this node's live lease on it; False if another has it."""
        at = clock.now_ms() if now_ms is None else now_ms
        lease = await self.get(table_id)
        if lease is not None and lease.node == node and lease.expires_ms > at:
            return await self.renew(table_id, node=node, epoch=lease.epoch, ttl_ms=ttl_ms,
                                    now_ms=at)
        return await self.take(table_id, node=node, ttl_ms=ttl_ms, now_ms=at) is not None

    async def get(self, table_id: str) -> Lease | None:
        async with self.db.read() as session:
            row = await session.get(TableLease, table_id)
            return None if row is None else Lease(row.table_id, row.node, row.expires_ms,
                                                  row.epoch)

    async def all(self) -> list[Lease]:
        async with self.db.read() as session:
            rows = (await session.execute(select(TableLease).order_by(TableLease.table_id)))
            return [Lease(r.table_id, r.node, r.expires_ms, r.epoch) for r in rows.scalars()]

    async def owner(self, table_id: str, *, now_ms: int | None = None) -> str | None:
        at = clock.now_ms() if now_ms is None else now_ms
        lease = await self.get(table_id)
        return lease.node if lease is not None and lease.alive(at) else None
