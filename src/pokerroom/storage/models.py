"""The tables: accounts and sessions, the double-entry ledger, hands, UTH rounds, notices.

Times are integer milliseconds since the epoch (`*_ms`), money is integer chip units.
The ledger tables (`ledger_transactions`, `ledger_entries`) are append-only: the migration
installs triggers refusing UPDATE and DELETE on them. `ledger_accounts.balance` is a cache of
the sum of its entries, updated in the same transaction; `pokerroom audit` checks both agree.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Account(Base):
    """A person who plays: unique name (case-insensitive via `name_key`), argon2id hash."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)  # an operator (console)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    locked_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # locked since
    # The player's language ("en", "de"), chosen in any browser and kept for all of them;
    # None until the player (or the first visit's Accept-Language at sign-up) chose one.
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)


class Session(Base):
    """A login session; only the SHA-256 of the opaque token is stored."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    expires_ms: Mapped[int] = mapped_column(BigInteger)
    revoked_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class LoginFailure(Base):
    """One failed login, kept for throttling (keys like 'name:alice' and 'ip:10.0.0.1')."""

    __tablename__ = "login_failures"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(128))
    at_ms: Mapped[int] = mapped_column(BigInteger)
    __table_args__ = (Index("ix_login_failures_key_at", "key", "at_ms"),)


class LedgerAccount(Base):
    """A ledger account: 'wallet:7', 'escrow:<table>:7', 'house', 'rake', 'world', ..."""

    __tablename__ = "ledger_accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(160), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    allow_negative: Mapped[bool] = mapped_column(Boolean, default=False)
    balance: Mapped[int] = mapped_column(BigInteger, default=0)
    __table_args__ = (
        CheckConstraint("allow_negative OR balance >= 0", name="balance_not_negative"),
        Index("ix_ledger_accounts_owner", "account_id", "kind"),
    )


class LedgerTransaction(Base):
    """One balanced movement of chips; `idempotency_key` makes a retry a no-op."""

    __tablename__ = "ledger_transactions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(32))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    memo: Mapped[str] = mapped_column(Text, default="")
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hands.id"), nullable=True)
    uth_round_id: Mapped[int | None] = mapped_column(ForeignKey("uth_rounds.id"), nullable=True)


class LedgerEntry(Base):
    """One leg of a transaction: `amount` is added to the ledger account (negative = out)."""

    __tablename__ = "ledger_entries"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    transaction_id: Mapped[int] = mapped_column(ForeignKey("ledger_transactions.id"), index=True)
    ledger_account_id: Mapped[int] = mapped_column(ForeignKey("ledger_accounts.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)


class Hand(Base):
    """A poker hand: 'in_progress' from its start, then 'settled' or 'voided'.

    `seats` is JSON [{seat, account_id, stack}] with the stacks at the start of the hand;
    `record` is the opaque hand record (JSON text from the engine); `result` is JSON
    {account_id: net} and `rake` the house's take, filled at settlement.
    """

    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(64))
    hand_number: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16), default="poker")
    status: Mapped[str] = mapped_column(String(16))
    seats: Mapped[str] = mapped_column(Text)
    record: Mapped[str] = mapped_column(Text, default="")
    result: Mapped[str] = mapped_column(Text, default="")
    rake: Mapped[int] = mapped_column(BigInteger, default=0)
    started_ms: Mapped[int] = mapped_column(BigInteger)
    ended_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    void_reason: Mapped[str] = mapped_column(Text, default="")
    # The provably fair deal (docs/FAIRNESS.md): the commitment and the client seeds (JSON
    # list, seat order) from the start; the server seed (hex) only once it is over.
    commitment: Mapped[str] = mapped_column(String(64), default="")
    client_seeds: Mapped[str] = mapped_column(Text, default="")
    server_seed: Mapped[str] = mapped_column(String(64), default="")
    # The server seed sealed (services.seal) while the hand runs: only a holder of the seal
    # key outside the database can open it (to reveal the seed of a hand voided by a crash).
    sealed_seed: Mapped[str] = mapped_column(String(64), default="")
    # The variant dealt (its code, e.g. "short-deck"), from the start: the cards a voided
    # hand's deck is recomputed over (FAIRNESS.md), whatever the room file says later.
    game: Mapped[str] = mapped_column(String(32), default="", server_default="")
    __table_args__ = (
        UniqueConstraint("table_id", "hand_number", name="uq_hands_table_number"),
        Index("ix_hands_status", "status"),
    )


class HandPlayer(Base):
    """One player of one hand: seat, stack at the start, final stack once settled."""

    __tablename__ = "hand_players"
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    start_stack: Mapped[int] = mapped_column(BigInteger)
    final_stack: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    __table_args__ = (Index("ix_hand_players_account", "account_id", "hand_id"),)


class UthRound(Base):
    """One Ultimate Texas Hold'em round of one player: bets staked so far, state, settlement."""

    __tablename__ = "uth_rounds"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    table_id: Mapped[str] = mapped_column(String(64), default="uth")
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    staked: Mapped[int] = mapped_column(BigInteger, default=0)
    state: Mapped[str] = mapped_column(Text, default="")
    record: Mapped[str] = mapped_column(Text, default="")
    payout: Mapped[int] = mapped_column(BigInteger, default=0)
    started_ms: Mapped[int] = mapped_column(BigInteger)
    ended_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    void_reason: Mapped[str] = mapped_column(Text, default="")
    # The provably fair deal (docs/FAIRNESS.md): the commitment and the client seeds (JSON
    # list, seat order) from the start; the server seed (hex) only once it is over.
    commitment: Mapped[str] = mapped_column(String(64), default="")
    client_seeds: Mapped[str] = mapped_column(Text, default="")
    server_seed: Mapped[str] = mapped_column(String(64), default="")
    sealed_seed: Mapped[str] = mapped_column(String(64), default="")  # as Hand.sealed_seed
    __table_args__ = (Index("ix_uth_rounds_status", "status"),)


class Notice(Base):
    """A message kept for a player until delivered (e.g. 'your hand #12 was voided')."""

    __tablename__ = "notices"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    body: Mapped[str] = mapped_column(Text)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    delivered_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class TableLease(Base):
    """Which server node owns a table (DESIGN section 6), until when, and the fencing epoch
    (one more at every take-over; storage.fencing). A single node takes no lease."""

    __tablename__ = "table_leases"
    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    node: Mapped[str] = mapped_column(String(128))
    expires_ms: Mapped[int] = mapped_column(BigInteger)
    epoch: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")


class BuyInDeparture(Base):
    """What a player last left a game with, and when (R-BUYIN-3's 20-minute memory), shared
    by the nodes of a room (services.departures). `game_key` is the core's GameKey as JSON."""

    __tablename__ = "buyin_departures"
    account_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    left_at_ms: Mapped[int] = mapped_column(BigInteger)


class WaitingEntry(Base):
    """One player on a table's waiting list (services.waiting): their place (1 = first) and,
    while an open seat is held for them, until when. Shared by the nodes of a room, so the
    list outlives the node that runs the table."""

    __tablename__ = "waiting_entries"
    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    place: Mapped[int] = mapped_column(Integer)
    offer_expires_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class TournamentRow(Base):
    """A tournament: its spec (JSON), status and the snapshot of its state as of the last
    finished hands (JSON, core.tournament.snapshot), for crash recovery. `clock_ms` is the
    tournament time of the snapshot (time the room is down does not count)."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    spec: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    snapshot: Mapped[str] = mapped_column(Text, default="")
    prize_pool: Mapped[int] = mapped_column(BigInteger, default=0)
    fees: Mapped[int] = mapped_column(BigInteger, default=0)
    clock_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    updated_ms: Mapped[int] = mapped_column(BigInteger)


class TournamentNumber(Base):
    """A tournament's number: the digits PokerStars' text format names it by (`Tournament
    #12`), given once when its row is first stored, in that order, and never changed, so
    every export of its hands says the same number and no two tournaments share one."""

    __tablename__ = "tournament_numbers"
    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(String(64), unique=True)


class TableSeating(Base):
    """Who sits where at a poker table between hands (JSON), so that a restart, or the node
    that takes the table over, seats the same players again instead of cashing them out.
    Chips are not here: the escrow in the ledger is the truth for each stack. A UTH table's
    row holds no seat, only the operator's pause or close (services.seating.Seating.status)."""

    __tablename__ = "table_seating"
    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    state: Mapped[str] = mapped_column(Text)
    updated_ms: Mapped[int] = mapped_column(BigInteger)


class OperatorLogEntry(Base):
    """One operator action (who, what, when, before and after). Append-only: the migration
    installs triggers refusing UPDATE and DELETE; `pokerroom audit` checks it."""

    __tablename__ = "operator_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at_ms: Mapped[int] = mapped_column(BigInteger)
    operator_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: the CLI
    operator: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(128))
    before: Mapped[str] = mapped_column(Text)  # JSON
    after: Mapped[str] = mapped_column(Text)  # JSON
    reason: Mapped[str] = mapped_column(Text)


class PasswordReset(Base):
    """A password reset link an operator made; only the SHA-256 of its token is kept."""

    __tablename__ = "password_resets"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created_ms: Mapped[int] = mapped_column(BigInteger)
    expires_ms: Mapped[int] = mapped_column(BigInteger)
    used_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class RoomTable(Base):
    """A cash table added from the console; `spec` is its room-file entry as JSON."""

    __tablename__ = "room_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    spec: Mapped[str] = mapped_column(Text)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    created_by: Mapped[str] = mapped_column(String(64))


class PlayerLimit(Base):
    """A limit a player set on themselves (docs: player protection), effective from
    `effective_ms` (at once when lowered, 24 hours later when raised). The newest row per
    kind whose time has come applies."""

    __tablename__ = "player_limits"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    kind: Mapped[str] = mapped_column(String(32))
    value: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # None: no limit
    effective_ms: Mapped[int] = mapped_column(BigInteger)
    created_ms: Mapped[int] = mapped_column(BigInteger)
    __table_args__ = (Index("ix_player_limits_account", "account_id", "kind"),)


class PlayerNote(Base):
    """A player's private note on another player (shown on that player's seat to the author
    only). One note per pair; an empty text deletes it."""

    __tablename__ = "player_notes"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    subject_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    updated_ms: Mapped[int] = mapped_column(BigInteger)


class RoomSecret(Base):
    """A secret generated once per deployment and kept with the room's data (the bot secret)."""

    __tablename__ = "room_secrets"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_ms: Mapped[int] = mapped_column(BigInteger)


class ClientSeedRow(Base):
    """The client seed a player chose for the provably fair deal (docs/FAIRNESS.md)."""

    __tablename__ = "client_seeds"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    seed: Mapped[str] = mapped_column(String(64))
    set_ms: Mapped[int] = mapped_column(BigInteger)
