"""Opening the database: default URL, SQLite durability settings, migrations, append-only ledger."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from pokerroom.storage.database import (
    Database,
    default_database_url,
    normalize_url,
    open_database,
)
from pokerroom.storage.migrate import current_revision
from pokerroom.storage.models import Base


def test_default_url_is_the_sqlite_file_in_the_working_directory(monkeypatch) -> None:
    monkeypatch.delenv("POKERROOM_DATABASE", raising=False)
    assert default_database_url() == "sqlite+aiosqlite:///pokerroom.db"
    monkeypatch.setenv("POKERROOM_DATABASE", "postgresql+asyncpg://u@h/db")
    assert default_database_url() == "postgresql+asyncpg://u@h/db"


def test_short_urls_are_normalized() -> None:
    assert normalize_url("room.db") == "sqlite+aiosqlite:///room.db"
    assert normalize_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert normalize_url("postgresql://u@h/db") == "postgresql+asyncpg://u@h/db"


async def test_sqlite_runs_wal_full_sync_and_foreign_keys(sqlite_db: Database) -> None:
    async with sqlite_db.write() as session:
        journal = (await session.execute(text("PRAGMA journal_mode"))).scalar_one()
        sync = (await session.execute(text("PRAGMA synchronous"))).scalar_one()
        fks = (await session.execute(text("PRAGMA foreign_keys"))).scalar_one()
        busy = (await session.execute(text("PRAGMA busy_timeout"))).scalar_one()
    assert (journal, sync, fks) == ("wal", 2, 1)  # synchronous 2 = FULL
    assert busy >= 10_000


async def test_migrations_apply_to_a_fresh_file_and_again_as_a_no_op(tmp_path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'fresh.db'}"
    db = await open_database(url)
    await db.migrate()
    assert await current_revision(db) == "0013"
    await db.close()
    db = await open_database(url)  # a second start on the same file
    assert await current_revision(db) == "0013"
    await db.close()


async def test_migrations_create_exactly_the_models(db: Database) -> None:
    async with db.engine.connect() as conn:
        diff = await conn.run_sync(
            lambda c: compare_metadata(MigrationContext.configure(c), Base.metadata)
        )
    assert diff == []


async def test_ledger_tables_are_append_only(db: Database) -> None:
    from argon2 import PasswordHasher

    from pokerroom.services.accounts import AccountService, AccountSettings
    from pokerroom.services.cashier import Cashier

    accounts = AccountService(
        db, AccountSettings(hasher=PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1))
    )
    alice = await accounts.register("alice", "correct horse battery")
    await Cashier(db).deposit(alice.id, 10, key="d1")
    for statement in (
        "UPDATE ledger_entries SET amount = amount + 1",
        "DELETE FROM ledger_entries",
        "UPDATE ledger_transactions SET kind = 'x'",
        "DELETE FROM ledger_transactions",
    ):
        with pytest.raises(DBAPIError, match="append-only"):
            async with db.write() as session:
                await session.execute(text(statement))


async def test_an_old_database_is_upgraded_in_place_keeping_its_rows(tmp_path) -> None:
    from alembic import command

    from pokerroom.storage.migrate import alembic_config

    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    db = Database(url)
    async with db.engine.begin() as conn:
        await conn.run_sync(lambda c: command.upgrade(alembic_config(c), "0001"))
    async with db.write() as session:
        await session.execute(
            text(
                "INSERT INTO accounts (name, name_key, password_hash, is_bot, is_admin, created_ms) "
                "VALUES ('old', 'old', 'x', 0, 0, 0)"
            )
        )
        await session.execute(
            text(
                "INSERT INTO uth_rounds (account_id, table_id, status, staked, state, record, payout,"
                " started_ms, void_reason) VALUES (1, 'u', 'settled', 5, '', '', 5, 0, '')"
            )
        )
    assert await current_revision(db) == "0001"
    await db.close()
    db = await open_database(url)
    assert await current_revision(db) == "0013"
    async with db.read() as session:
        rows = (await session.execute(text("SELECT staked, seat FROM uth_rounds"))).all()
    assert [tuple(r) for r in rows] == [(5, None)]
    await db.close()
