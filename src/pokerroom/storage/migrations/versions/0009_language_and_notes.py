"""The player's room: each account's language (remembered across browsers) and the private
notes a player keeps on other players.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("language", sa.String(length=8), nullable=True))
    op.create_table(
        "player_notes",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name=op.f("fk_player_notes_account_id_accounts")),
        sa.ForeignKeyConstraint(["subject_id"], ["accounts.id"],
                                name=op.f("fk_player_notes_subject_id_accounts")),
        sa.PrimaryKeyConstraint("account_id", "subject_id", name=op.f("pk_player_notes")),
    )


def downgrade() -> None:
    op.drop_table("player_notes")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("language")
