"""The fan-out over Redis, for several nodes (DESIGN section 6).

    fanout = RedisFanOut("redis://127.0.0.1:6379/0", prefix="pokerroom:")
    await fanout.start()
    ...                                  # the same interface as LocalFanOut (services.fanout)
    await fanout.stop()

A publish goes to the Redis channel `<prefix><channel>` as the skip list (JSON), a newline,
then the message's frame exactly as sockets are sent it (encoded once, on the publishing
node; the receiving nodes hand it on without decoding it). One writer task sends them in the
order they were published. Each node holds one pattern
subscription (`<prefix>*`) and hands every message to the subscribers it holds locally, so
a client connected to any node hears its tables and its account. Messages are filtered for
their channel's audience before they are published: nothing unfiltered crosses the bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from typing import Any

import orjson
import redis.asyncio as aioredis

from pokerroom.services.fanout import LocalFanOut, Subscriber
from pokerroom.services.outbound import Frame, Outbound, encode

log = logging.getLogger("pokerroom.fanout")


class RedisFanOut:
    def __init__(self, url: str, *, prefix: str = "pokerroom:") -> None:
        self.prefix = prefix
        self._redis: Any = aioredis.from_url(url)
        self.redis = self._redis  # shared with the node's other uses of Redis (counters)
        self._local = LocalFanOut()
        self._out: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self.published = 0  # messages sent to Redis (for the bus figures)

    async def start(self) -> None:
        """Subscribe (raises at once when Redis cannot be reached) and start the writer."""
        await self._redis.ping()
        self._pubsub = self._redis.pubsub()
        await self._pubsub.psubscribe(f"{self.prefix}*")
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._write()), loop.create_task(self._listen())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        await self._redis.aclose()

    # ------------------------------------------------------------------ FanOut
    def publish(self, channel: str, message: Outbound | Frame, *,
                skip: Collection[int] = ()) -> None:
        frame = message if isinstance(message, Frame) else encode(message)
        payload = orjson.dumps(sorted(skip)) + b"\n" + frame.text.encode()
        self._out.put_nowait((self.prefix + channel, payload))

    def subscribe(self, channel: str, subscriber: Subscriber) -> None:
        self._local.subscribe(channel, subscriber)

    def unsubscribe(self, channel: str, subscriber: Subscriber) -> None:
        self._local.unsubscribe(channel, subscriber)

    def wants(self, channel: str) -> bool:
        return True  # a subscriber may sit on any node

    # ------------------------------------------------------------------ the two loops
    async def _write(self) -> None:
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 256:
                batch.append(self._out.get_nowait())
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for channel, payload in batch:
                        pipe.publish(channel, payload)
                    await pipe.execute()
                self.published += len(batch)
            except Exception:  # noqa: BLE001 - a lost batch is logged; clients resync by version
                log.exception("could not publish %d messages to Redis", len(batch))

    async def _listen(self) -> None:
        skip_prefix = len(self.prefix)
        async for item in self._pubsub.listen():
            if item.get("type") != "pmessage":
                continue
            channel = item["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else str(channel)
            skip, _, frame = bytes(item["data"]).partition(b"\n")
            self._local.deliver(channel[skip_prefix:], Frame.of_json(frame),
                                frozenset(orjson.loads(skip)))
