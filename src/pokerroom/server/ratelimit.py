"""Rate limits: a token bucket per connection (a steady rate with a burst allowance) and a
sliding window of events per key (sign-ups per address)."""

from __future__ import annotations

import time
from collections import deque
from typing import Protocol


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
            _TAKE, 1, self.prefix + key, int(time.time() * 1000), self.window_ms, limit,
            member))
        if retry:
            return retry
        self._last[key] = member
        return None

    async def blocked(self, key: str, limit: int) -> int | None:
        """Like `take`, but counting nothing: for limits on failures, counted afterwards."""
        now = int(time.time() * 1000)
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
