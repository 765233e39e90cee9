"""Rate limits: a token bucket per connection (a steady rate with a burst allowance) and a
sliding window of events per key (sign-ups per address)."""

from __future__ import annotations

import time
from collections import deque


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
