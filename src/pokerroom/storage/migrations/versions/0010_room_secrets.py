"""Room secrets, bot accounts, client seeds kept, and sealed server seeds.

- `room_secrets`: secrets generated once per deployment and kept with the room's data (the
  bot secret: bots log in with it, never with a password in the code).
- Accounts created with the retired fixed bot password become bot accounts with no usable
  password (that password was public in the code: anyone could log into them).
- `client_seeds`: the seed each player chose for the provably fair deal, kept across restarts.
- `hands.sealed_seed`, `uth_rounds.sealed_seed`: the server seed of a deal in progress,
  sealed with a key kept outside the database (services.seal), so that a crash-voided hand
  can still reveal its seed and a UTH round cut by a crash can be finished, while the row
  itself tells a reader of the database nothing about the cards.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# The password every bot had until this revision (it was in bots/client.py, so public).
RETIRED_BOT_PASSWORD = "bot-password-7f3c9a"
NO_PASSWORD = "!bot"  # not an argon2 hash: no password ever verifies against it


def _retire_bot_passwords() -> None:
    from argon2 import PasswordHasher
    from argon2.exceptions import InvalidHashError, VerificationError

    bind = op.get_bind()
    rows = bind.execute(sa.text(
        "SELECT id, name_key, password_hash FROM accounts WHERE name_key LIKE 'bot%' "
        "OR name_key LIKE 'sngbot%' OR name_key LIKE 'tbot%'"
    )).fetchall()
    hasher = PasswordHasher()
    for account_id, _name, password_hash in rows:
        try:
            hasher.verify(password_hash, RETIRED_BOT_PASSWORD)
        except (VerificationError, InvalidHashError):
            continue
        bind.execute(sa.text("UPDATE accounts SET is_bot = :yes, password_hash = :none "
                             "WHERE id = :id"),
                     {"yes": True, "none": NO_PASSWORD, "id": account_id})


def upgrade() -> None:
    op.create_table(
        "room_secrets",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("created_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_room_secrets")),
    )
    op.create_table(
        "client_seeds",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("set_ms", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"],
                                name=op.f("fk_client_seeds_account_id_accounts")),
        sa.PrimaryKeyConstraint("account_id", name=op.f("pk_client_seeds")),
    )
    for table in ("hands", "uth_rounds"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("sealed_seed", sa.String(64), nullable=False,
                                          server_default=""))
    _retire_bot_passwords()


def downgrade() -> None:
    for table in ("hands", "uth_rounds"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("sealed_seed")
    op.drop_table("client_seeds")
    op.drop_table("room_secrets")
