"""Table leases: one owner per table at a time, taken over only after expiry."""

from __future__ import annotations

import asyncio

from pokerroom.services.leases import TableLeases
from pokerroom.storage.database import Database


async def test_one_node_owns_a_table_until_its_lease_expires(db: Database) -> None:
    leases = TableLeases(db)
    assert await leases.acquire("t1", node="a", ttl_ms=1000, now_ms=0)
    assert not await leases.acquire("t1", node="b", ttl_ms=1000, now_ms=500)
    assert await leases.acquire("t1", node="a", ttl_ms=1000, now_ms=900)  # renewed to 1900
    assert not await leases.acquire("t1", node="b", ttl_ms=1000, now_ms=1500)
    assert await leases.owner("t1", now_ms=1500) == "a"
    assert await leases.acquire("t1", node="b", ttl_ms=1000, now_ms=1900)  # a stopped renewing
    assert await leases.owner("t1", now_ms=1901) == "b"
    await leases.release("t1", node="a")  # not a's any more: nothing happens
    assert await leases.owner("t1", now_ms=1901) == "b"
    await leases.release("t1", node="b")
    assert await leases.owner("t1", now_ms=1901) is None


async def test_racing_nodes_get_exactly_one_lease(db: Database) -> None:
    other = Database(db.url, schema=db.schema)
    try:
        pools = [TableLeases(db), TableLeases(other)]
        won = await asyncio.gather(
            *(pools[i % 2].acquire("t9", node=f"n{i}", ttl_ms=10_000, now_ms=0) for i in range(8))
        )
    finally:
        await other.close()
    assert sum(won) == 1
