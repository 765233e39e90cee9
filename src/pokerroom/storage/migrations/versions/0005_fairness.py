"""hands and uth_rounds: the provably fair deal (docs/FAIRNESS.md)

`commitment` (SHA-256 of the server seed, hex) and `client_seeds` (JSON list, seat order) are
stored when the deal starts; `server_seed` (hex) only once the hand or round is over, so the
row of a hand in progress never holds it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("hands", "uth_rounds"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("commitment", sa.String(64), nullable=False,
                                          server_default=""))
            batch_op.add_column(sa.Column("client_seeds", sa.Text(), nullable=False,
                                          server_default=""))
            batch_op.add_column(sa.Column("server_seed", sa.String(64), nullable=False,
                                          server_default=""))


def downgrade() -> None:
    for table in ("hands", "uth_rounds"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("server_seed")
            batch_op.drop_column("client_seeds")
            batch_op.drop_column("commitment")
