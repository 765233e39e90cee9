"""Table leases get a fencing epoch (issue 10): one more at every take-over, checked by every
write for the table in its own transaction (storage.fencing).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("table_leases", schema=None) as batch_op:
        batch_op.add_column(sa.Column("epoch", sa.BigInteger(), nullable=False,
                                      server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("table_leases", schema=None) as batch_op:
        batch_op.drop_column("epoch")
