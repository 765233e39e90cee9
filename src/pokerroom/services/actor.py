"""The single writer: one asyncio task runs a table's commands one after another.

Every change of a table (a player's request, a clock expiry, the next hand) is a command in
one queue, so the core never sees two writers, and events are numbered in one order.

A stopped actor (or one stopping) refuses at once: `call` raises `ActorStoppedError` (a
`RefusedError`, code `unavailable`), and the calls still queued, or running, when it stops fail
with it too, so no caller waits for ever on a table or tournament that is gone (the room
shutting down, a cluster node giving a table away).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pokerroom.services.refusal import RefusedError

log = logging.getLogger("pokerroom.actor")

Command = Callable[..., Awaitable[Any]]
T = TypeVar("T")


class ActorStoppedError(RefusedError):
    """A command for an actor that has stopped (or is stopping): refused, nothing done."""

    def __init__(self, reason: str) -> None:
        super().__init__("unavailable", reason)


class Actor:
    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: asyncio.Queue[tuple[Command, tuple[Any, ...], asyncio.Future[Any] | None]]
        self._queue = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self.stopped = False  # set as stop_actor begins: every call is refused from then on

    def stopped_refusal(self) -> ActorStoppedError:
        """The refusal of a call to this actor once it stopped (a runner names its table)."""
        return ActorStoppedError(f"{self.name} has stopped on this server; try again in a moment")

    def start_actor(self) -> None:
        self.stopped = False
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.name)

    async def stop_actor(self) -> None:
        """Stop the actor's task. The command running is cancelled; it and every command
        queued fail with `stopped_refusal()`, and later calls are refused at once."""
        self.stopped = True
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
        self._fail_queued()

    def _fail_queued(self) -> None:
        while not self._queue.empty():
            _, _, future = self._queue.get_nowait()
            if future is not None and not future.done():
                future.set_exception(self.stopped_refusal())

    async def call(self, command: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Run `command(*args)` on the actor's task and return its result (or raise).
        Refused at once (`ActorStoppedError`) when the actor has stopped or is stopping."""
        if self.stopped:
            raise self.stopped_refusal()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((command, args, future))
        result: T = await future
        return result

    def post(self, command: Command, *args: Any) -> None:
        """Queue `command(*args)` without waiting for it (dropped once the actor stopped)."""
        if self.stopped:
            return
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
                # Stopped while it ran: its caller is refused rather than left waiting.
                if future is not None and not future.done():
                    future.set_exception(self.stopped_refusal())
                raise
            except Exception as exc:  # noqa: BLE001 - handed to the caller, or logged
                if future is not None and not future.done():
                    future.set_exception(exc)
                else:
                    log.exception("%s: command %s failed", self.name, command.__name__)
                continue
            if future is not None and not future.done():
                future.set_result(result)
