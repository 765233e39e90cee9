"""The callers' side of a group-commit writer (the ORM's run_write, the SQLite writer thread,
PostgreSQL's asyncpg writer): works wait in one queue; a single drainer task at a time takes
them in batches of at most `max_batch` and hands each batch to the writer's `_commit`, which
runs it in one transaction and settles each caller's future, only after the COMMIT. One
drainer means the works of one writer run in the order they were queued, never two batches
at once. The drainer's CPU counts as storage (storage.meter)."""

from __future__ import annotations

import asyncio
from typing import Any, Generic, TypeVar

from pokerroom.storage.meter import metered

W = TypeVar("W")  # a work, as the writer runs it


class GroupCommit(Generic[W]):
    max_batch = 128

    def __init__(self) -> None:
        self._pending: list[tuple[W, asyncio.Future[Any]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self.commits = 0  # transactions committed (a batch counts once)

    async def _submit(self, work: W) -> Any:
        """Queue `work`; returns its result (or raises its error) once its batch is done."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((work, future))
        if self._drainer is None or self._drainer.done():
            self._drainer = loop.create_task(self._metered_drain())
        return await future

    async def _metered_drain(self) -> None:
        await metered(self._drain())

    async def _drain(self) -> None:
        while self._pending:
            batch = self._pending[:self.max_batch]
            del self._pending[:self.max_batch]
            await self._commit(batch)

    async def _commit(self, batch: list[tuple[W, asyncio.Future[Any]]]) -> None:
        raise NotImplementedError

    async def _drained(self) -> None:
        """Wait for the works queued so far (before closing the writer)."""
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
