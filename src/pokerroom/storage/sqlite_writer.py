"""Group commit on SQLite from one writer thread: the hot path's hand writes (issue 11).

    writer = db.sqlite_writer()                 # None on PostgreSQL or an in-memory database
    value = await writer.run(lambda cur: ...)   # fn(cursor) inside the next batch's transaction

Why: through aiosqlite every statement crosses threads several times (cursor, execute, fetch,
close), and each crossing hands the GIL back and forth with the event loop; a settled hand
took about fifty crossings. Here the works pending when the thread is free run together in
one BEGIN IMMEDIATE ... COMMIT on the thread's own sqlite3 connection (one crossing and one
fsync per batch), each inside its own SAVEPOINT: a work that raises is rolled back alone and
its caller gets the exception; the others commit. Results are handed back only after the
COMMIT. If the batch itself cannot commit, each work is run again alone in its own
transaction, so an error reaches the caller it belongs to. The connection is tuned as the
engine's (WAL, synchronous=FULL, foreign keys, a 30 s busy timeout), and BEGIN IMMEDIATE
serializes it with every other writer of the file, in this process or another.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from pokerroom.storage.group_commit import GroupCommit, settle

T = TypeVar("T")
Work = Callable[[sqlite3.Cursor], Any]
BUSY_TIMEOUT_S = 30


class SqliteWriter(GroupCommit[Work]):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="pokerroom-sqlite-writer")
        self._conn: sqlite3.Connection | None = None

    async def run(self, work: Callable[[sqlite3.Cursor], T], *, lazy: bool = False) -> T:
        """Run `work(cursor)` in the next batch; returns once the batch is committed. `lazy`:
        the batch may wait a little for company (group_commit)."""
        result: T = await self._submit(work, lazy=lazy)
        return result

    async def _commit(self, batch: list[tuple[Work, asyncio.Future[Any]]]) -> None:
        outcomes = await asyncio.get_running_loop().run_in_executor(
            self._thread, self._commit_batch, [work for work, _ in batch])
        for (_, future), (ok, payload) in zip(batch, outcomes, strict=True):
            settle(future, ok, payload)

    # ---------------------------------------------------------------- in the writer thread
    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                   check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
            self._conn = conn
        return self._conn

    def _commit_batch(self, works: list[Work]) -> list[tuple[bool, Any]]:
        cur = self._connection().cursor()
        outcomes: list[tuple[bool, Any]] = []
        try:
            cur.execute("BEGIN IMMEDIATE")
            for work in works:
                cur.execute("SAVEPOINT work")
                try:
                    value = work(cur)
                except Exception as exc:  # noqa: BLE001 - handed to the caller it belongs to
                    cur.execute("ROLLBACK TO work")
                    cur.execute("RELEASE work")
                    outcomes.append((False, exc))
                else:
                    cur.execute("RELEASE work")
                    outcomes.append((True, value))
            cur.execute("COMMIT")
            self.commits += 1
            return outcomes
        except Exception:  # noqa: BLE001 - the batch did not commit: each work alone
            self._rollback(cur)
            return [self._alone(cur, work) for work in works]

    def _alone(self, cur: sqlite3.Cursor, work: Work) -> tuple[bool, Any]:
        try:
            cur.execute("BEGIN IMMEDIATE")
            value = work(cur)
            cur.execute("COMMIT")
            self.commits += 1
        except Exception as exc:  # noqa: BLE001
            self._rollback(cur)
            return False, exc
        return True, value

    @staticmethod
    def _rollback(cur: sqlite3.Cursor) -> None:
        try:
            cur.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # no transaction was open

    async def close(self) -> None:
        await self._drained()
        conn, self._conn = self._conn, None
        if conn is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, conn.close)
        self._thread.shutdown(wait=True)
