"""Socket caps and the message rate limit hold across the nodes of a cluster (issue 10):
sockets per account and per address are counted over every node, and an account's
messages draw on one token bucket wherever its sockets are."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import httpx
import redis.asyncio as aioredis
from clusterharness import cluster, urls
from roomharness import PASSWORD, Client

from pokerroom.server.ratelimit import RedisBucket

PER_ACCOUNT = 8  # Settings.max_sockets_per_account
PER_IP = 12


async def _token(base: str) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/auth/register", json={
            "username": f"k{uuid.uuid4().hex[:8]}", "password": PASSWORD})
        assert r.status_code == 201, r.text
        return str(r.json()["token"])


async def _refused(url: str, token: str | None = None) -> bool:
    try:
        client = await Client.connect(url, token)
    except Exception:  # noqa: BLE001 - the handshake is refused (HTTP 403)
        return True
    await client.close()
    return False


async def test_socket_caps_and_the_message_bucket_count_every_node(tmp_path: Path) -> None:
    async with cluster(tmp_path, "--sockets-per-ip", str(PER_IP)) as room:
        for name in ("a", "b"):
            await room.start(name)
        a, b = room.nodes["a"], room.nodes["b"]
        token = await _token(a.base)
        opened: list[Client] = []
        try:
            # one account: half its sockets on each node, then it is full on both
            for i in range(PER_ACCOUNT):
                opened.append(await Client.connect((a if i % 2 else b).ws_url, token))
            assert await _refused(a.ws_url, token)
            assert await _refused(b.ws_url, token)
            # a socket closed on a frees a place, taken on b
            await opened.pop().close()
            await asyncio.sleep(1)
            opened.append(await Client.connect(b.ws_url, token))
            # the address (every test socket is 127.0.0.1): PER_IP over both nodes
            while len(opened) < PER_IP:
                opened.append(await Client.connect(a.ws_url))
            assert await _refused(b.ws_url)
            assert await _refused(a.ws_url)
            for client in opened:
                await client.close()
            opened.clear()
            await asyncio.sleep(1)
            # the messages of an account's sockets on both nodes draw on its one bucket in
            # Redis (test_one_bucket_over_two_nodes below: what that bucket allows)
            token = await _token(b.base)
            pair = [await Client.connect(a.ws_url, token), await Client.connect(b.ws_url, token)]
            opened.extend(pair)
            await asyncio.gather(*(c.send(type="hello") for c in pair))
            welcome = await pair[0].wait_for(lambda m: m.get("type") == "welcome", timeout=30)
            await asyncio.gather(*(c.send(type="ping") for c in pair for _ in range(50)))
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while sum(1 for c in pair for m in c.received
                      if m.get("type") == "pong" or m.get("code") == "rate_limited") < 100:
                assert loop.time() < deadline
                await asyncio.sleep(0.1)
            assert any(m.get("code") == "rate_limited" for c in pair for m in c.received)
            shared = aioredis.from_url(room.redis_url)
            try:
                key = f"{room.prefix}rl:ws:account:{welcome['account']['id']}"
                assert await shared.exists(key)
            finally:
                await shared.aclose()
        finally:
            for client in opened:
                await client.close()


async def test_one_bucket_over_two_nodes() -> None:
    """Two nodes' buckets of one account are one: its burst once, not once per node."""
    _, redis_url = urls()
    prefix = f"prt{uuid.uuid4().hex[:10]}:"
    one, two = aioredis.from_url(redis_url), aioredis.from_url(redis_url)
    try:
        # a rate so slow that nothing comes back during the test: only the burst counts
        node_a = RedisBucket(one, prefix, "account:7", 0.0001, 5)
        node_b = RedisBucket(two, prefix, "account:7", 0.0001, 5)
        allowed = [await (node_a if i % 2 else node_b).allow() for i in range(12)]
        assert sum(allowed) == 5
        assert await RedisBucket(one, prefix, "account:8", 0.0001, 5).allow(5)  # its own
        assert not await node_a.allow()
    finally:
        keys = [k async for k in one.scan_iter(match=f"{prefix}*")]
        if keys:
            await one.delete(*keys)
        await one.aclose()
        await two.aclose()


async def test_redis_away_the_sockets_own_limits_count() -> None:
    """Redis not answering (a partition): messages and new sockets are counted by the node
    itself instead of being dropped or closing the socket."""
    from pokerroom.server.ratelimit import LocalSocketCaps, RedisSocketCaps

    away = aioredis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.2)
    try:
        bucket = RedisBucket(away, "x:", "account:1", 0.0001, 3)
        assert [await bucket.allow() for _ in range(4)] == [True, True, True, False]
        held: set[object] = set()
        caps = RedisSocketCaps(away, "x:", "n", local=LocalSocketCaps(held))
        conn = _Socket("c1", "10.0.0.1", 5)
        assert await caps.admit(conn, 1, 1)
        held.add(conn)
        assert not await caps.admit(_Socket("c2", "10.0.0.1", 6), 1, 1)  # the address is full
    finally:
        await away.aclose()


class _Socket:
    def __init__(self, id: str, address: str, account_id: int) -> None:
        self.id, self.address, self.account_id, self.closed = id, address, account_id, False
