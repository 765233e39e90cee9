"""The callers' side of a group-commit writer (the ORM's run_write, the SQLite writer thread,
PostgreSQL's asyncpg writer): works wait in one queue; a single drainer task at a time takes
them in batches of at most `max_batch` and hands each batch to the writer's `_commit`, which
runs it in one transaction and settles each caller's future, only after the COMMIT. One
drainer means the works of one writer run in the order they were queued, never two batches
at once. The drainer's CPU counts as storage (storage.meter).

A work may be queued `lazy`: nobody waits on its answer but its own table, between two hands
(a hand's start row, the seating kept after a hand). While only lazy works are queued the
drainer waits up to `lazy_window_s` (when set) for company, and commits at once when an
urgent work (a hand's end: the last action's answer waits for it) arrives. A commit has a
fixed cost (the thread crossing, BEGIN, COMMIT and its fsync), and at a human pace the hands
of a room end apart, so without the wait each write has its own commit (issue 11).
"""

from __future__ import annotations

import asyncio
from typing import Any, Generic, TypeVar

from pokerroom.storage.meter import metered

W = TypeVar("W")  # a work, as the writer runs it

# The longest a lazy work waits for company. Off for a writer made in code (a test or a tool
# playing one table back to back would only wait); `pokerroom serve` sets it (`--commit-wait`,
# 50 ms by default: at 300 and 1,000 tables, think 1500 ms, 50 ms cut the storage CPU a hand by
# 15-25% in every pair measured, and the round trip's p99 was no worse: 79.8 against 162.9 ms
# at 1,000 tables on SQLite, 2026-12-06).
LAZY_WINDOW_S = 0.0


class GroupCommit(Generic[W]):
    max_batch = 128
    lazy_window_s = LAZY_WINDOW_S

    def __init__(self) -> None:
        self._pending: list[tuple[W, asyncio.Future[Any]]] = []
        self._lazy: set[asyncio.Future[Any]] = set()  # the futures of the lazy works queued
        self._drainer: asyncio.Task[None] | None = None
        self._company: asyncio.Future[None] | None = None  # the drainer's wait, while it waits
        self._closing = False  # the writer closes: nothing waits any more
        self.commits = 0  # transactions committed (a batch counts once)

    async def _submit(self, work: W, *, lazy: bool = False) -> Any:
        """Queue `work`; returns its result (or raises its error) once its batch is done."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((work, future))
        if lazy:
            self._lazy.add(future)
        else:
            self._stop_waiting()
        if self._drainer is None or self._drainer.done():
            self._drainer = loop.create_task(self._metered_drain())
        try:
            return await future
        finally:
            self._lazy.discard(future)

    async def _metered_drain(self) -> None:
        await metered(self._drain())

    async def _drain(self) -> None:
        while self._pending:
            if (self.lazy_window_s > 0 and not self._closing
                    and all(f in self._lazy for _, f in self._pending)):
                await self._wait_for_company()
            batch = self._pending[:self.max_batch]
            del self._pending[:self.max_batch]
            await self._commit(batch)

    async def _wait_for_company(self) -> None:
        loop = asyncio.get_running_loop()
        company = self._company = loop.create_future()
        timer = loop.call_later(self.lazy_window_s, self._stop_waiting)
        try:
            await company
        finally:
            timer.cancel()
            self._company = None

    def _stop_waiting(self) -> None:
        if self._company is not None and not self._company.done():
            self._company.set_result(None)

    async def _commit(self, batch: list[tuple[W, asyncio.Future[Any]]]) -> None:
        raise NotImplementedError

    async def _drained(self) -> None:
        """Wait for the works queued so far (before closing the writer): the lazy ones too,
        at once."""
        self._closing = True
        self._stop_waiting()
        if self._drainer is not None and not self._drainer.done():
            await asyncio.wait([self._drainer])


def settle(future: asyncio.Future[Any], ok: bool, payload: Any) -> None:
    """Hand a work's outcome to its caller, unless the caller gave up meanwhile."""
    if future.done():
        return
    if ok:
        future.set_result(payload)
    else:
        future.set_exception(payload)
