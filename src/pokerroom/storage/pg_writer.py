"""Group commit on PostgreSQL from one asyncpg connection: the hot path's hand writes (issue 11).

    writer = db.pg_writer()                      # None on SQLite
    value = await writer.run(lambda conn: ...)   # async fn(conn) inside the next batch's transaction

Why: through the ORM session every hand write cost about 5 ms of CPU (statement compilation,
the session's unit of work, greenlet switches, a SAVEPOINT and a RELEASE per work, a pool
checkout with its ping per batch). Here the works pending when the connection is free run
together in one BEGIN ... COMMIT on the writer's own asyncpg connection (prepared statements,
one commit for the batch, a few round trips per work). Results are handed back only after the
COMMIT.

No SAVEPOINT per work (two round trips each): a batch is optimistic. If a work raises (a
refusal such as InsufficientFundsError, a lost race, a fenced-out table), the batch is rolled
back, that work is run again alone in its own transaction (its caller gets that result or
exception), and the others go again together without it; nothing of a failed work is kept.
If the COMMIT itself fails, each work is run alone. Works therefore must be pure database
work (no side effect outside the transaction), since they may run more than once. A work
failing alone on a deadlock or a serialization failure is retried; a broken connection is
replaced. Works run in the order they were queued, one at a time: they never deadlock each
other.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pokerroom.storage.group_commit import GroupCommit, settle

T = TypeVar("T")
Work = Callable[[Any], Awaitable[Any]]  # async fn(asyncpg.Connection)
ATTEMPTS = 5


def _retryable(exc: BaseException) -> bool:
    """A lost race or a connection lost (the next attempt opens a new one)."""
    import asyncpg

    return isinstance(exc, asyncpg.exceptions.DeadlockDetectedError
                      | asyncpg.exceptions.SerializationError
                      | asyncpg.exceptions.InvalidCachedStatementError
                      | asyncpg.exceptions.ConnectionDoesNotExistError
                      | ConnectionError)


class PgWriter(GroupCommit[Work]):
    def __init__(self, dsn: str, *, server_settings: dict[str, str] | None = None) -> None:
        super().__init__()
        self.dsn = dsn
        self.server_settings = dict(server_settings or {})
        self._conn: Any = None

    async def run(self, work: Callable[[Any], Awaitable[T]], *, lazy: bool = False) -> T:
        """Run `await work(conn)` in the next batch; returns once the batch is committed.
        `lazy`: the batch may wait a little for company (group_commit)."""
        result: T = await self._submit(work, lazy=lazy)
        return result

    async def _commit(self, batch: list[tuple[Work, asyncio.Future[Any]]]) -> None:
        batch = [item for item in batch if not item[1].done()]  # callers that gave up
        if not batch:
            return
        try:
            outcomes = await self._commit_batch([work for work, _ in batch])
        except BaseException as exc:  # noqa: BLE001 - cancelled: tell every caller
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            raise
        for (_, future), (ok, payload) in zip(batch, outcomes, strict=True):
            settle(future, ok, payload)

    async def _connection(self) -> Any:
        if self._conn is None or self._conn.is_closed():
            import asyncpg

            self._conn = await asyncpg.connect(self.dsn, server_settings=self.server_settings)
        return self._conn

    async def _commit_batch(self, works: list[Work]) -> list[tuple[bool, Any]]:
        outcomes: dict[int, tuple[bool, Any]] = {}
        remaining = list(range(len(works)))
        while remaining:
            failed: int | None = None
            values: list[Any] = []
            try:
                conn = await self._connection()
                await conn.execute("BEGIN")
                try:
                    for index in remaining:
                        try:
                            values.append(await works[index](conn))
                        except Exception:  # noqa: BLE001 - judged alone, below
                            failed = index
                            break
                    if failed is None:
                        await conn.execute("COMMIT")
                except BaseException:
                    await self._rollback(conn)
                    raise
                if failed is not None:
                    await self._rollback(conn)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the batch could not commit: each work alone
                for index in remaining:
                    outcomes[index] = await self._alone(works[index])
                break
            if failed is None:
                self.commits += 1
                outcomes.update((index, (True, value))
                                for index, value in zip(remaining, values, strict=True))
                break
            # The failed work is judged alone (its own result or exception, with retries);
            # the others go again together, without it.
            outcomes[failed] = await self._alone(works[failed])
            remaining.remove(failed)
        return [outcomes[index] for index in range(len(works))]

    async def _alone(self, work: Work) -> tuple[bool, Any]:
        for attempt in range(ATTEMPTS):
            try:
                conn = await self._connection()
                await conn.execute("BEGIN")
                try:
                    value = await work(conn)
                    await conn.execute("COMMIT")
                except BaseException:
                    await self._rollback(conn)
                    raise
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - handed to the caller it belongs to
                if attempt < ATTEMPTS - 1 and _retryable(exc):
                    continue
                return False, exc
            self.commits += 1
            return True, value
        raise AssertionError("unreachable")

    async def _rollback(self, conn: Any) -> None:
        try:
            if not conn.is_closed():
                await conn.execute("ROLLBACK")
        except Exception:  # noqa: BLE001 - a broken connection: the next work gets a new one
            await self._drop(conn)

    async def _drop(self, conn: Any) -> None:
        if self._conn is conn:
            self._conn = None
        try:
            conn.terminate()
        except Exception:  # noqa: BLE001 - already gone
            pass

    async def close(self) -> None:
        await self._drained()
        conn, self._conn = self._conn, None
        if conn is not None and not conn.is_closed():
            await conn.close()
