"""hands.game: the variant a hand was dealt in (issue 16), written at its start. A hand voided
by a crash has no record of its deck; its proof recomputes the deck from the revealed seed
over this game's cards (short-deck's 36), whatever the room file says later.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("game", sa.String(length=32), nullable=False,
                                   server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("game")
