"""Opening the database: one URL for every command, SQLite tuned for durability, PostgreSQL alike.

`default_database_url()` is the URL every command uses when `--database` is not given
(`sqlite+aiosqlite:///pokerroom.db` in the working directory, or `$POKERROOM_DATABASE`), so
`pokerroom serve`, `pokerroom audit` and `pokerroom admin` run in one directory agree.

    db = await open_database(url)          # applies the Alembic migrations (idempotent)
    async with db.write() as session:      # one serialized write transaction, committed on exit
        ...
    async with db.read() as session:       # a read-only snapshot
        ...
    await db.close()

SQLite: WAL journal, synchronous=FULL, foreign keys on, a 30 s busy timeout, and every write
transaction starts with BEGIN IMMEDIATE (one writer at a time across processes; the balance
check and the update can never interleave), plus an in-process asyncio lock so the writers of
one process queue without spinning on the busy handler. On both backends `run_write` groups
concurrent writes into one commit (one fsync), each in its own savepoint. PostgreSQL: READ COMMITTED and
`SELECT ... FOR UPDATE` on the ledger rows a transaction touches (see storage.ledger).
`schema=` (PostgreSQL only) puts every table in that schema via search_path (tests use a fresh
schema per run).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from pokerroom.storage.fencing import FENCE_KEY, Fence
from pokerroom.storage.group_commit import GroupCommit, settle
from pokerroom.storage.pg_writer import PgWriter
from pokerroom.storage.sqlite_writer import SqliteWriter

DEFAULT_DATABASE_FILE = "pokerroom.db"
ENV_DATABASE = "POKERROOM_DATABASE"
SQLITE_BUSY_TIMEOUT_S = 30
WRITE_ATTEMPTS = 5
OrmWork = Callable[[AsyncSession], Awaitable[Any]]  # a work of run_write
T = TypeVar("T")


def default_database_url() -> str:
    """The database every command uses by default: $POKERROOM_DATABASE or ./pokerroom.db."""
    return os.environ.get(ENV_DATABASE) or f"sqlite+aiosqlite:///{DEFAULT_DATABASE_FILE}"


def normalize_url(url: str) -> str:
    """Accept the short forms people type: a bare file path, sqlite://, postgresql://."""
    if "://" not in url:
        return f"sqlite+aiosqlite:///{url}"
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+pysqlite"):
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    elif parsed.drivername in ("postgresql", "postgres", "postgresql+psycopg2"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    return parsed.render_as_string(hide_password=False)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Autocommit at the driver level, so SQLAlchemy's "begin" hook decides how BEGIN looks.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_S * 1000}")
    cursor.close()


def _pg_settings(schema: str | None, idle_transaction_ms: int | None) -> dict[str, str]:
    settings: dict[str, str] = {}
    if schema:
        settings["search_path"] = schema
    if idle_transaction_ms:
        # A cluster node cut off mid-transaction must not hold row locks (a table's lease
        # row) for ever: PostgreSQL ends such a transaction after this long.
        settings["idle_in_transaction_session_timeout"] = str(idle_transaction_ms)
    return settings


def _make_engine(url: str, *, immediate: bool, schema: str | None,
                 idle_transaction_ms: int | None = None) -> AsyncEngine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_async_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        begin_sql = "BEGIN IMMEDIATE" if immediate else "BEGIN"

        @event.listens_for(engine.sync_engine, "begin")
        def _begin(conn: Any) -> None:
            conn.exec_driver_sql(begin_sql)

        return engine
    settings = _pg_settings(schema, idle_transaction_ms)
    connect_args: dict[str, Any] = {"server_settings": settings} if settings else {}
    return create_async_engine(url, connect_args=connect_args, pool_pre_ping=True)


class Database(GroupCommit[OrmWork]):
    """The engines and session factories for one database URL."""

    max_batch = 64  # works per group commit (run_write)

    def __init__(self, url: str | None = None, *, schema: str | None = None,
                 idle_transaction_ms: int | None = None) -> None:
        super().__init__()
        self.url = normalize_url(url or default_database_url())
        self.schema = schema
        self.idle_transaction_ms = idle_transaction_ms
        self.backend = make_url(self.url).get_backend_name()
        self.is_sqlite = self.backend == "sqlite"
        self.engine = _make_engine(self.url, immediate=True, schema=schema,
                                   idle_transaction_ms=idle_transaction_ms)
        self.read_engine = (
            _make_engine(self.url, immediate=False, schema=schema)
            if self.is_sqlite
            else self.engine
        )
        self._write_sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._read_sessions = async_sessionmaker(self.read_engine, expire_on_commit=False)
        self._write_lock: asyncio.Lock | None = None
        self._sqlite_writer: SqliteWriter | None = None
        self._pg_writer: PgWriter | None = None
        # A cluster node's table epochs (storage.fencing): every write for a table checks it.
        self.fence: Fence | None = None

    def sqlite_writer(self) -> SqliteWriter | None:
        """The writer thread of the hot path on a SQLite file (storage.sqlite_writer); None on
        PostgreSQL or an in-memory database (the engine's run_write serves those)."""
        if not self.is_sqlite:
            return None
        if self._sqlite_writer is None:
            path = make_url(self.url).database
            if not path or path == ":memory:" or path.startswith("file:"):
                return None
            self._sqlite_writer = SqliteWriter(path)
        return self._sqlite_writer

    def pg_writer(self) -> PgWriter | None:
        """The writer of the hot path on PostgreSQL (storage.pg_writer: its own asyncpg
        connection, group commit without the ORM); None on SQLite."""
        if self.backend != "postgresql":
            return None
        if self._pg_writer is None:
            dsn = make_url(self.url).set(drivername="postgresql")
            self._pg_writer = PgWriter(
                dsn.render_as_string(hide_password=False),
                server_settings=_pg_settings(self.schema, self.idle_transaction_ms))
        return self._pg_writer

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """A write transaction: committed when the block ends, rolled back on an exception."""
        if self.is_sqlite:
            if self._write_lock is None:
                self._write_lock = asyncio.Lock()
            async with self._write_lock:
                async with self._write_sessions() as session, session.begin():
                    yield session
        else:
            async with self._write_sessions() as session, session.begin():
                if self.fence is not None:
                    session.info[FENCE_KEY] = self.fence
                yield session

    async def run_write(self, work: Callable[[AsyncSession], Awaitable[T]], *,
                        lazy: bool = False) -> T:
        """Run `work(session)` in a write transaction; returns once it is durably committed.

        Concurrent calls are grouped, on SQLite and PostgreSQL alike: one transaction
        (BEGIN IMMEDIATE on SQLite) runs a batch of pending works, each inside its own SAVEPOINT
        (a refusal rolls back that work only), so one commit and one fsync cover the batch
        (group commit: the hands of many tables). Each caller still gets its own result or
        exception, and only after the COMMIT. A work that failed on a database error (a
        unique-key collision from another process using one idempotency key, a deadlock, a
        serialization failure) is run again alone after the batch, with retries: the retry finds
        the first one's result. Refusals such as InsufficientFundsError are never retried.
        """
        result: T = await self._submit(work)
        return result

    async def _commit(self, batch: list[tuple[OrmWork, asyncio.Future[Any]]]) -> None:
        batch = [item for item in batch if not item[1].done()]  # callers that gave up
        if not batch:
            return
        outcomes: list[tuple[asyncio.Future[Any], bool, Any]] = []
        alone: list[tuple[OrmWork, asyncio.Future[Any]]] = []
        try:
            async with self.write() as session:
                for work, future in batch:
                    if future.done():  # the caller gave up before its turn
                        continue
                    # Works share the session: never let one see another's cached rows.
                    session.expire_all()
                    try:
                        async with session.begin_nested():
                            value = await work(session)
                    except DBAPIError:  # a lost race, not a refusal: alone, retried
                        alone.append((work, future))
                    except Exception as exc:
                        outcomes.append((future, False, exc))
                    else:
                        outcomes.append((future, True, value))
            self.commits += 1
        except Exception:
            # The batch did not commit: run each work alone, with the retries, so the
            # error reaches the caller it belongs to and the others still go through.
            alone = batch
            outcomes = []
        for work, future in alone:
            if future.done():
                continue
            try:
                value = await self._run_write_single(work)
            except Exception as exc:
                future.set_exception(exc)
            else:
                future.set_result(value)
        for future, ok, payload in outcomes:
            settle(future, ok, payload)

    async def _run_write_single(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        for attempt in range(WRITE_ATTEMPTS):
            try:
                async with self.write() as session:
                    return await work(session)
            except IntegrityError:
                if attempt == WRITE_ATTEMPTS - 1:
                    raise
            except DBAPIError as exc:
                text = str(exc).lower()
                if attempt == WRITE_ATTEMPTS - 1 or not (
                    "deadlock" in text or "could not serialize" in text or "locked" in text
                ):
                    raise
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A read transaction (a consistent snapshot on SQLite WAL and PostgreSQL)."""
        async with self._read_sessions() as session, session.begin():
            yield session

    async def migrate(self) -> None:
        """Apply every Alembic migration up to head (safe to call on every start)."""
        from pokerroom.storage.migrate import upgrade_to_head

        await upgrade_to_head(self)

    async def close(self) -> None:
        if self._sqlite_writer is not None:
            await self._sqlite_writer.close()
            self._sqlite_writer = None
        if self._pg_writer is not None:
            await self._pg_writer.close()
            self._pg_writer = None
        await self.engine.dispose()
        if self.read_engine is not self.engine:
            await self.read_engine.dispose()


async def open_database(
    url: str | None = None, *, schema: str | None = None, migrate: bool = True,
    idle_transaction_ms: int | None = None,
) -> Database:
    """Open the database at `url` (default: default_database_url()) and migrate it to head."""
    db = Database(url, schema=schema, idle_transaction_ms=idle_transaction_ms)
    if migrate:
        await db.migrate()
    return db
