"""The operator's console: the append-only operator log, locked accounts, password reset
links, tables added from the console, and the limits players set on themselves.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("locked_ms", sa.BigInteger(), nullable=True))
    op.create_table(
        "operator_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at_ms", sa.BigInteger(), nullable=False),
        sa.Column("operator_id", sa.Integer(), nullable=True),
        sa.Column("operator", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("target", sa.String(length=128), nullable=False),
        sa.Column("before", sa.Text(), nullable=False),
        sa.Column("after", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_log")),
    )
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("expires_ms", sa.BigInteger(), nullable=False),
        sa.Column("used_ms", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name=op.f("fk_password_resets_account_id_accounts")),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_password_resets")),
    )
    op.create_table(
        "room_tables",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("spec", sa.Text(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.Column("created_by", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_room_tables")),
        sa.UniqueConstraint("name", name=op.f("uq_room_tables_name")),
    )
    op.create_table(
        "player_limits",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=True),
        sa.Column("effective_ms", sa.BigInteger(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name=op.f("fk_player_limits_account_id_accounts")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_limits")),
    )
    with op.batch_alter_table("player_limits", schema=None) as batch_op:
        batch_op.create_index("ix_player_limits_account", ["account_id", "kind"], unique=False)
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER operator_log_no_{verb.lower()} BEFORE {verb} ON operator_log "
                "BEGIN SELECT RAISE(ABORT, 'operator_log is append-only'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            "CREATE TRIGGER operator_log_append_only BEFORE UPDATE OR DELETE ON operator_log "
            "FOR EACH ROW EXECUTE FUNCTION pokerroom_append_only()"
        )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS operator_log_no_update")
        op.execute("DROP TRIGGER IF EXISTS operator_log_no_delete")
    elif dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS operator_log_append_only ON operator_log")
    with op.batch_alter_table("player_limits", schema=None) as batch_op:
        batch_op.drop_index("ix_player_limits_account")
    op.drop_table("player_limits")
    op.drop_table("room_tables")
    op.drop_table("password_resets")
    op.drop_table("operator_log")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("locked_ms")
