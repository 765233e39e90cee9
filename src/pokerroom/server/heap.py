"""Python's full collections kept off the tables' clock (issue 11).

A full collection scans every object the server holds, and a busy room holds millions. Timed
in the server by `gc.callbacks` (bench server, --think 1500, SQLite): at 300 tables Python
ran four a minute, each stopping the event loop for 0.3-0.45 s; at 1,000 tables nine a minute
of up to 0.46 s, 2.7 s of CPU a minute. Those pauses were the room's 99th percentile of
answer time. Yet once the crowd is seated they find almost nothing: refcounting frees the
room's garbage, and the few hundred objects a minute left in cycles can wait.

So Python's own full collections are off (the oldest generation's threshold is out of reach;
the young generations are collected as before) and the keeper runs one every `sweep_every`
seconds: one pause an hour instead of several a minute. Freezing the old heap out of sight
(`gc.freeze`) was tried first: it does not help at 1,000 tables, where so much is promoted
between two freezes that the full collections stay as long.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 3600.0
NEVER = 1 << 30  # young collections before Python itself would collect the oldest generation


class HeapKeeper:
    """Owns the full collections of the server's process (module docstring)."""

    def __init__(self, *, sweep_every: float = SWEEP_EVERY_S) -> None:
        if sweep_every <= 0:
            raise ValueError("sweep_every must be > 0 seconds")
        self.sweep_every = sweep_every
        self.sweeps = 0
        self._thresholds: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Take the full collections over from Python, on the running loop."""
        young, older, _oldest = self._thresholds = gc.get_threshold()
        gc.set_threshold(young, older, NEVER)
        self._task = asyncio.get_running_loop().create_task(self._run())

    def sweep(self) -> int:
        """One full collection (the one long pause); returns the unreachable objects found."""
        began = time.perf_counter()
        found = gc.collect()
        self.sweeps += 1
        log.info("heap swept: %d unreachable objects, %.0f ms", found,
                 1000 * (time.perf_counter() - began))
        return found

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            self.sweep()

    async def stop(self) -> None:
        """Stop, and hand the full collections back to Python."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
