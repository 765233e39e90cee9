"""The waiting lists in the database (issue 10): who waits for a seat at each table, in which
order, and until when an open seat is held for them, shared by the nodes of a room, so that
a table taken over by another node (or a restarted room) keeps its list.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "waiting_entries",
        sa.Column("table_id", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("offer_expires_ms", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("table_id", "account_id", name=op.f("pk_waiting_entries")),
    )


def downgrade() -> None:
    op.drop_table("waiting_entries")
