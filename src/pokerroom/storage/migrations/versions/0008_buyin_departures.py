"""The 20-minute memory of R-BUYIN-3 in the database (issue 10): what a player last left each
game with, and when, shared by every node of a room and kept over a restart.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "buyin_departures",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("game_key", sa.String(length=200), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("left_at_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "game_key", name=op.f("pk_buyin_departures")),
    )


def downgrade() -> None:
    op.drop_table("buyin_departures")
