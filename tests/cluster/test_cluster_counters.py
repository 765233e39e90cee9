"""Sign-ups per address, chat lines and REST calls per account are counted in Redis under
--cluster (issue 10): a limit holds across nodes, not once per node."""

from __future__ import annotations

import asyncio
import uuid

import redis.asyncio as aioredis
from clusterharness import urls

from pokerroom.server.ratelimit import LocalCounter, RedisCounter


async def test_two_nodes_share_one_limit_and_an_undone_event_frees_its_place() -> None:
    _, redis_url = urls()
    prefix = f"prt{uuid.uuid4().hex[:10]}:"
    one, two = aioredis.from_url(redis_url), aioredis.from_url(redis_url)
    try:
        node_a = RedisCounter(one, prefix, "signups", 3600.0)
        node_b = RedisCounter(two, prefix, "signups", 3600.0)
        outcomes = await asyncio.gather(*(
            (node_a if i % 2 else node_b).take("10.0.0.7", 5) for i in range(12)))
        assert sum(o is None for o in outcomes) == 5  # five in all, not five per node
        assert all(o is not None and o >= 1 for o in outcomes if o is not None)
        assert await node_b.take("10.0.0.8", 5) is None  # another address has its own
        await node_b.undo("10.0.0.8")
        assert await one.zcard(f"{prefix}rl:signups:10.0.0.8") == 0
        local = LocalCounter(3600.0)
        assert [await local.take("x", 2) is None for _ in range(3)] == [True, True, False]
    finally:
        keys = [k async for k in one.scan_iter(match=f"{prefix}*")]
        if keys:
            await one.delete(*keys)
        await one.aclose()
        await two.aclose()


async def test_blocked_reads_the_shared_count_without_counting() -> None:
    """Wrong bot secrets are counted only when wrong (`take` afterwards); `blocked` answers,
    counting nothing, whether the address is over its limit on any node."""
    _, redis_url = urls()
    prefix = f"prt{uuid.uuid4().hex[:10]}:"
    one, two = aioredis.from_url(redis_url), aioredis.from_url(redis_url)
    try:
        node_a = RedisCounter(one, prefix, "botfail", 900.0)
        node_b = RedisCounter(two, prefix, "botfail", 900.0)
        for _ in range(3):
            assert await node_b.blocked("10.0.0.9", 3) is None
        assert await one.zcard(f"{prefix}rl:botfail:10.0.0.9") == 0  # nothing counted
        for _ in range(3):
            await node_a.take("10.0.0.9", 1 << 30)
        wait = await node_b.blocked("10.0.0.9", 3)
        assert wait is not None and 1 <= wait <= 900
        local = LocalCounter(900.0)
        assert await local.blocked("y", 1) is None
        await local.take("y", 10)
        assert await local.blocked("y", 1) is not None
    finally:
        keys = [k async for k in one.scan_iter(match=f"{prefix}*")]
        if keys:
            await one.delete(*keys)
        await one.aclose()
        await two.aclose()
