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


async def test_each_take_over_adds_one_to_the_epoch_and_a_stale_epoch_cannot_renew(
        db: Database) -> None:
    leases = TableLeases(db)
    assert await leases.take("t1", node="a", ttl_ms=1000, now_ms=0) == 1
    assert await leases.take("t1", node="b", ttl_ms=1000, now_ms=500) is None  # a's is live
    assert await leases.renew("t1", node="a", epoch=1, ttl_ms=1000, now_ms=900)
    assert await leases.take("t1", node="b", ttl_ms=1000, now_ms=1900) == 2  # a expired
    assert not await leases.renew("t1", node="a", epoch=1, ttl_ms=1000, now_ms=2000)
    assert not await leases.renew("t1", node="b", epoch=1, ttl_ms=1000, now_ms=2000)
    await leases.release("t1", node="b", epoch=2)
    assert await leases.owner("t1", now_ms=2000) is None
    assert await leases.take("t1", node="c", ttl_ms=1000, now_ms=2000) == 3  # released: at once
    assert [(x.table_id, x.node, x.epoch) for x in await leases.all()] == [("t1", "c", 3)]
