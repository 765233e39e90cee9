"""tournament_numbers: each tournament's stored number (issue 13), the digits PokerStars'
text format names a tournament by. The exports printed a hash of the tournament's name;
tournaments stored before get their numbers here, in the order of their names.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournament_numbers",
        sa.Column("number", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("number", name=op.f("pk_tournament_numbers")),
        sa.UniqueConstraint("tournament_id", name=op.f("uq_tournament_numbers_tournament_id")),
    )
    op.execute("INSERT INTO tournament_numbers (tournament_id) "
               "SELECT id FROM tournaments ORDER BY id")


def downgrade() -> None:
    op.drop_table("tournament_numbers")
