"""Python's cycle collector kept off the tables' clock (issue 11).

A full collection scans every object the server holds, and a busy room holds millions: at 300
tables it stopped the event loop for 0.3-0.45 s, four times a minute, and those pauses were the
room's 99th percentile of answer time. Yet it found almost nothing: once the crowd is seated,
the room makes about 200 objects of cyclic garbage a minute (refcounting frees the rest).

So the objects that have lived a while are moved out of the collector's sight
(`gc.freeze()`, every `freeze_every` seconds, after a young collection), and a full
collection scans only what came since. What that leaves behind (a cycle among frozen objects
that died later) is swept once every `sweep_every` seconds: everything is unfrozen and
collected, one long pause an hour instead of several a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger(__name__)

FREEZE_EVERY_S = 60.0
SWEEP_EVERY_S = 3600.0


class HeapKeeper:
    """Freezes the long-lived heap now and then, sweeps it rarely (module docstring)."""

    def __init__(self, *, freeze_every: float = FREEZE_EVERY_S,
                 sweep_every: float = SWEEP_EVERY_S) -> None:
        if freeze_every <= 0 or sweep_every < freeze_every:
            raise ValueError("freeze_every > 0 and sweep_every >= freeze_every")
        self.freeze_every = freeze_every
        self.sweep_every = sweep_every
        self._task: asyncio.Task[None] | None = None

    @staticmethod
    def freeze() -> None:
        """Young cycles collected, then every object tracked now is frozen."""
        gc.collect(1)
        gc.freeze()

    @staticmethod
    def sweep() -> int:
        """Everything unfrozen and collected (the one long pause), then frozen again; returns
        how many objects were found unreachable."""
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        return found

    def start(self) -> None:
        """Freeze what the server built to start (the room, the evaluator's tables) and keep
        freezing on the running loop."""
        self.freeze()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        since_sweep = 0.0
        while True:
            await asyncio.sleep(self.freeze_every)
            since_sweep += self.freeze_every
            if since_sweep >= self.sweep_every:
                since_sweep = 0.0
                began = time.perf_counter()
                found = self.sweep()
                log.info("heap swept: %d unreachable objects, %.0f ms", found,
                         1000 * (time.perf_counter() - began))
            else:
                self.freeze()

    async def stop(self) -> None:
        """Stop, and hand every object back to the collector."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        gc.unfreeze()
