"""Alembic environment: always run with a live connection handed in by storage.migrate."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from pokerroom.storage.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through pokerroom.storage.migrate (a connection is needed)")

if connection.dialect.name == "postgresql":
    # Two nodes starting at once must not both create the tables.
    connection.execute(text("SELECT pg_advisory_xact_lock(7262031)"))

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    transactional_ddl=True,
)
context.run_migrations()
