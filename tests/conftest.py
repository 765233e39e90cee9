"""Shared fixtures. Database: a real SQLite file per test, and PostgreSQL when
POKERROOM_TEST_POSTGRES is set (used by the storage and services tests).

The `db` fixture runs each test on both backends. On PostgreSQL every test gets a fresh schema
(`pr_<random>`, via search_path) that is dropped afterwards, so runs never collide.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator

import pytest

from pokerroom.storage.database import Database, open_database

PG_ENV = "POKERROOM_TEST_POSTGRES"
# Servers started by tests (subprocesses inherit it) may use --insecure-fast-hash.
os.environ["POKERROOM_TESTING"] = "1"
BACKENDS = ["sqlite", "postgres"]
WEB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web") + os.sep


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last, whatever the order of the paths given: Playwright's sync
    API keeps an event loop running in this thread until the session's browser closes, and an
    asyncio test after it fails ("cannot be called from a running event loop"). A whole run
    collects tests/web last anyway; `pytest tests/web tests/server` did not."""
    items.sort(key=lambda item: str(item.path).startswith(WEB))  # stable: the rest keep order


async def _pg_admin(url: str, sql: str) -> None:
    import asyncpg
    from sqlalchemy.engine import make_url

    parsed = make_url(url).set(drivername="postgresql")
    conn = await asyncpg.connect(parsed.render_as_string(hide_password=False))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def make_db(backend: str, tmp_path) -> tuple[Database, object]:  # type: ignore[no-untyped-def]
    if backend == "sqlite":
        return await open_database(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"), None
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"PostgreSQL tests need {PG_ENV}=postgresql+asyncpg://user@host:port/db")
    schema = f"pr_{uuid.uuid4().hex[:12]}"
    await _pg_admin(url, f'CREATE SCHEMA "{schema}"')
    return await open_database(url, schema=schema), (url, schema)


async def drop_db(db: Database, cleanup: object) -> None:
    await db.close()
    if cleanup is not None:
        url, schema = cleanup  # type: ignore[misc]
        await _pg_admin(url, f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=BACKENDS)
async def db(request, tmp_path) -> AsyncIterator[Database]:  # type: ignore[no-untyped-def]
    database, cleanup = await make_db(request.param, tmp_path)
    try:
        yield database
    finally:
        await drop_db(database, cleanup)


@pytest.fixture
async def sqlite_db(tmp_path) -> AsyncIterator[Database]:  # type: ignore[no-untyped-def]
    database = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}")
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def fast_settings():  # type: ignore[no-untyped-def]
    """Account settings with a cheap argon2id cost so tests stay fast (still argon2id)."""
    from argon2 import PasswordHasher

    from pokerroom.services.accounts import AccountSettings

    return AccountSettings(
        starting_balance=1000, hasher=PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    )
