"""Rate limits: a token bucket per connection (a steady rate with a burst allowance) and a
sliding window of events per key (sign-ups per address)."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any, Protocol

from pokerroom.services.clock import now_ms


class TokenBucket:
    def __init__(self, rate_per_second: float, burst: int) -> None:
        self.rate = rate_per_second
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self, cost: int = 1) -> bool:
        """Take `cost` tokens if there are that many."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class SlidingWindow:
    """How many events each key had in the last `seconds` (monotonic clock)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._events: dict[str, deque[float]] = {}

    def count(self, key: str) -> int:
        events = self._events.get(key)
        if not events:
            return 0
        horizon = time.monotonic() - self.seconds
        while events and events[0] <= horizon:
            events.popleft()
        if not events:
            del self._events[key]
        return len(events)

    def add(self, key: str) -> None:
        self._events.setdefault(key, deque()).append(time.monotonic())

    def undo(self, key: str) -> None:
        """Forget the last event of `key` (it turned out to cost nothing)."""
        events = self._events.get(key)
        if events:
            events.pop()

    def retry_after_s(self, key: str) -> int:
        events = self._events.get(key)
        if not events:
            return 0
        return max(1, int(events[0] + self.seconds - time.monotonic()) + 1)


class Counter(Protocol):
    async def take(self, key: str, limit: int) -> int | None: ...

    async def blocked(self, key: str, limit: int) -> int | None: ...

    async def undo(self, key: str) -> None: ...


class LocalCounter:
    """A SlidingWindow behind the interface the server calls: one node counts alone."""

    def __init__(self, seconds: float) -> None:
        self.window = SlidingWindow(seconds)

    async def take(self, key: str, limit: int) -> int | None:
        """Count one event of `key` unless `limit` were counted already in the window:
        None when counted, else the seconds until one more is allowed."""
        if self.window.count(key) >= limit:
            return self.window.retry_after_s(key)
        self.window.add(key)
        return None

    async def undo(self, key: str) -> None:
        self.window.undo(key)

    async def blocked(self, key: str, limit: int) -> int | None:
        """Like `take`, but counting nothing: for limits on failures, counted afterwards."""
        if self.window.count(key) >= limit:
            return self.window.retry_after_s(key)
        return None


# One sorted set per key: members are events scored by their time; checked and added in one
# script, so concurrent requests on several nodes cannot slip past the limit.
_TAKE = """
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0
"""


class RedisCounter:
    """The same counts kept in Redis, shared by every node of a cluster (issue 10)."""

    def __init__(self, redis: object, prefix: str, name: str, seconds: float) -> None:
        self.redis = redis
        self.prefix = f"{prefix}rl:{name}:"
        self.window_ms = int(seconds * 1000)
        self._last: dict[str, str] = {}

    async def take(self, key: str, limit: int) -> int | None:
        import uuid

        member = uuid.uuid4().hex
        retry = int(await self.redis.eval(  # type: ignore[attr-defined]
            _TAKE, 1, self.prefix + key, now_ms(), self.window_ms, limit,
            member))
        if retry:
            return retry
        self._last[key] = member
        return None

    async def blocked(self, key: str, limit: int) -> int | None:
        """Like `take`, but counting nothing: for limits on failures, counted afterwards."""
        now = now_ms()
        name = self.prefix + key
        await self.redis.zremrangebyscore(name, "-inf", now - self.window_ms)  # type: ignore[attr-defined]
        if int(await self.redis.zcard(name)) < limit:  # type: ignore[attr-defined]
            return None
        oldest = await self.redis.zrange(name, 0, 0, withscores=True)  # type: ignore[attr-defined]
        return max(1, -(-(int(oldest[0][1]) + self.window_ms - now) // 1000)) if oldest else 1

    async def undo(self, key: str) -> None:
        member = self._last.pop(key, None)
        if member is not None:
            await self.redis.zrem(self.prefix + key, member)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- WebSockets (issue 10)
class MessageBucket(Protocol):
    async def allow(self, cost: int = 1) -> bool: ...


class LocalBucket:
    """One socket's own token bucket (one node)."""

    def __init__(self, rate_per_second: float, burst: int) -> None:
        self.bucket = TokenBucket(rate_per_second, burst)

    async def allow(self, cost: int = 1) -> bool:
        return self.bucket.allow(cost)


# A token bucket in one hash (tokens, stamp), refilled and taken from in one script.
_BUCKET = """
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local held = redis.call('HMGET', KEYS[1], 't', 's')
local tokens = tonumber(held[1]) or burst
local stamp = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) / 1000 * rate)
local ok = 0
if tokens >= cost then
  tokens = tokens - cost
  ok = 1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 's', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return ok
"""


REDIS_WAIT_S = 0.5  # a limit Redis does not answer in time is counted here (one node's)


class RedisBucket:
    """The token bucket of an account (or, not logged in, of an address) over all its sockets
    on every node of a cluster: opening sockets on several nodes buys no extra messages.
    While Redis does not answer (a partition), the socket's own bucket counts instead: a
    player's messages are never dropped, nor the socket closed, for Redis being away."""

    def __init__(self, redis: object, prefix: str, key: str, rate_per_second: float,
                 burst: int) -> None:
        self.redis = redis
        self.key = f"{prefix}rl:ws:{key}"
        self.rate = rate_per_second
        self.burst = burst
        self.local = TokenBucket(rate_per_second, burst)

    async def allow(self, cost: int = 1) -> bool:
        try:
            return bool(await asyncio.wait_for(self.redis.eval(  # type: ignore[attr-defined]
                _BUCKET, 1, self.key, self.rate, self.burst, now_ms(), cost),
                REDIS_WAIT_S))
        except Exception:  # noqa: BLE001 - Redis away or slow: see the docstring
            return self.local.allow(cost)


# Open sockets per address and per account: one sorted set each, members `<node>/<socket>`
# scored by when they expire (a dead node's sockets stop counting after the ttl; each live
# node refreshes its own). Both caps are checked and both entries added in one script.
_ADMIT = """
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local member = ARGV[3]
local limits = {tonumber(ARGV[4]), tonumber(ARGV[5])}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= limits[i] then
    return i
  end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, member)
  redis.call('PEXPIRE', key, ttl)
end
return 0
"""


class SocketCaps(Protocol):
    async def admit(self, conn: Any, per_ip: int, per_account: int) -> bool: ...

    async def release(self, conn: Any) -> None: ...


class LocalSocketCaps:
    """One node: the caps count the sockets this process holds, from their admission (a
    socket admitted and still being set up counts) until they are released or closed.

    The sockets admitted are kept per address and per account, so that an admission looks at
    its own address's and account's only, and prunes the closed ones only when there may be
    too many: scanning every socket at each admission cost O(n) each, O(n^2) for a crowd
    (issue 11: at 4,000 sockets it was a tenth of the server's CPU while 6,000 bots logged
    in)."""

    def __init__(self, connections: set[Any]) -> None:
        self.connections = connections
        self._by_ip: dict[str, set[Any]] = {}
        self._by_account: dict[int, set[Any]] = {}

    def _room(self, groups: dict[Any, set[Any]], key: Any, limit: int) -> bool:
        held = groups.get(key)
        if held is None or len(held) < limit:  # even if every one of them still counted
            return True
        held.difference_update([c for c in held if c.closed])  # ended, not released yet
        return len(held) < limit

    async def admit(self, conn: Any, per_ip: int, per_account: int) -> bool:
        if not self._room(self._by_ip, conn.address, per_ip):
            return False
        account = conn.account_id
        if account is not None and not self._room(self._by_account, account, per_account):
            return False
        self._by_ip.setdefault(conn.address, set()).add(conn)
        if account is not None:
            self._by_account.setdefault(account, set()).add(conn)
        return True

    async def release(self, conn: Any) -> None:
        for groups, key in ((self._by_ip, conn.address), (self._by_account, conn.account_id)):
            held = groups.get(key)
            if held is not None:
                held.discard(conn)
                if not held:
                    del groups[key]


class RedisSocketCaps:
    """Every node of a cluster: the caps count the sockets of all nodes (issue 10). While
    Redis does not answer, this node's own sockets are counted (`local`)."""

    def __init__(self, redis: object, prefix: str, node: str, ttl_s: float = 15.0,
                 *, local: LocalSocketCaps | None = None) -> None:
        self.redis = redis
        self.local = local
        self.prefix = f"{prefix}sockets:"
        self.node = node
        self.ttl_ms = int(ttl_s * 1000)
        self._held: dict[str, tuple[str, ...]] = {}  # member -> its keys, for refresh

    def _keys(self, conn: Any) -> tuple[str, ...]:
        keys = (f"{self.prefix}ip:{conn.address}",)
        if conn.account_id is not None:
            keys += (f"{self.prefix}account:{conn.account_id}",)
        return keys

    async def admit(self, conn: Any, per_ip: int, per_account: int) -> bool:
        member = f"{self.node}/{conn.id}"
        keys = self._keys(conn)
        try:
            refused = int(await asyncio.wait_for(self.redis.eval(  # type: ignore[attr-defined]
                _ADMIT, len(keys), *keys, now_ms(), self.ttl_ms, member,
                per_ip, per_account), REDIS_WAIT_S * 2))
        except Exception:
            if self.local is None:
                raise
            return await self.local.admit(conn, per_ip, per_account)
        if refused:
            return False
        self._held[member] = keys
        return True

    async def release(self, conn: Any) -> None:
        if self.local is not None:  # admitted by it while Redis was away, perhaps
            await self.local.release(conn)
        member = f"{self.node}/{conn.id}"
        keys = self._held.pop(member, ())
        if keys:
            async with self.redis.pipeline(transaction=False) as pipe:  # type: ignore[attr-defined]
                for key in keys:
                    pipe.zrem(key, member)
                await pipe.execute()

    async def refresh(self) -> None:
        """Push the expiry of this node's sockets on (run every few seconds)."""
        if not self._held:
            return
        until = now_ms() + self.ttl_ms
        async with self.redis.pipeline(transaction=False) as pipe:  # type: ignore[attr-defined]
            for member, keys in list(self._held.items()):
                for key in keys:
                    pipe.zadd(key, {member: until}, xx=True)
                    pipe.pexpire(key, self.ttl_ms)
            await pipe.execute()
