"""Alembic, run programmatically: the migrations ship inside the package (storage/migrations).

`await upgrade_to_head(db)` is what `Database.migrate()` and `open_database()` call; it works on
a fresh SQLite file, an existing one, and a PostgreSQL schema. No alembic.ini is needed.
On the command line: `python -m pokerroom.storage.migrate [URL]`.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from alembic import command
from alembic.config import Config

if TYPE_CHECKING:
    from pokerroom.storage.database import Database

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


def alembic_config(connection: Any = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["connection"] = connection
    return cfg


def _upgrade(sync_connection: Any) -> None:
    command.upgrade(alembic_config(sync_connection), "head")


async def upgrade_to_head(db: Database) -> None:
    """Migrate `db` to the newest schema inside one transaction (BEGIN IMMEDIATE on SQLite)."""
    async with db.engine.begin() as conn:
        await conn.run_sync(_upgrade)


def _current(sync_connection: Any) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(sync_connection).get_current_revision()


async def current_revision(db: Database) -> str | None:
    async with db.read_engine.connect() as conn:
        return await conn.run_sync(_current)


def main() -> None:
    from pokerroom.storage.database import open_database

    async def run() -> None:
        db = await open_database(sys.argv[1] if len(sys.argv) > 1 else None)
        print(db.url, await current_revision(db))
        await db.close()

    asyncio.run(run())


if __name__ == "__main__":
    main()
