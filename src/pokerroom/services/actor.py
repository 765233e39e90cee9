"""The single writer: one asyncio task runs a table's commands one after another.

Every change of a table (a player's request, a clock expiry, the next hand) is a command in
one queue, so the core never sees two writers, and events are numbered in one order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("pokerroom.actor")

Command = Callable[..., Awaitable[Any]]


class Actor:
    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: asyncio.Queue[tuple[Command, tuple[Any, ...], asyncio.Future[Any] | None]]
        self._queue = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}

    def start_actor(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)

    async def stop_actor(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
            self._task = None

    async def call(self, command: Command, *args: Any) -> Any:
        """Run `command(*args)` on the actor's task and return its result (or raise)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((command, args, future))
        return await future

    def post(self, command: Command, *args: Any) -> None:
        """Queue `command(*args)` without waiting for it."""
        self._queue.put_nowait((command, args, None))

    def schedule(self, key: str, delay_s: float, command: Command, *args: Any) -> None:
        """Post `command` after `delay_s`; a new schedule under the same key replaces it."""
        self.cancel(key)
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._timers.pop(key, None)
            self.post(command, *args)

        self._timers[key] = loop.call_later(max(0.0, delay_s), fire)

    def cancel(self, key: str) -> None:
        handle = self._timers.pop(key, None)
        if handle is not None:
            handle.cancel()

    async def _run(self) -> None:
        while True:
            command, args, future = await self._queue.get()
            try:
                result = await command(*args)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - handed to the caller, or logged
                if future is not None and not future.done():
                    future.set_exception(exc)
                else:
                    log.exception("%s: command %s failed", self.name, command.__name__)
                continue
            if future is not None and not future.done():
                future.set_result(result)
