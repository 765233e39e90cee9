"""table_seating: who sits where at each poker table, so a restart reseats players

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_seating",
        sa.Column("table_id", sa.String(length=64), primary_key=True),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("updated_ms", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_seating")
