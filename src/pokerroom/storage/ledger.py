"""The double-entry ledger inside one database transaction: `post()` and the ledger accounts.

Every movement of chips is one `ledger_transactions` row with entries summing to zero.
Ledger accounts are named by key:

    wallet:<account_id>              a player's money outside the tables
    escrow:<table_id>:<account_id>   a player's chips at a table (= stack at the last hand end)
    house                            the bank of UTH (may go negative: play-money bankroll)
    uth-at-risk                      UTH bets placed and not yet settled
    rake                             the house's take from poker pots
    world                            outside money: deposits come from it, withdrawals go to it
                                     (its balance is minus (deposits - withdrawals))

Only `world` and `house` may be negative; for every other account `post()` locks the rows
(`SELECT ... FOR UPDATE` in id order on PostgreSQL; SQLite writers are serialized by
BEGIN IMMEDIATE) and refuses with InsufficientFundsError before writing anything, and a CHECK
constraint backs it up. An idempotency key already used returns the first transaction with
`replayed=True` and moves nothing; the same key for different legs is refused.
These functions take an open AsyncSession; services wrap them in `Database.write()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.storage.errors import (
    IdempotencyConflictError,
    InsufficientFundsError,
    InvalidAmountError,
    LedgerError,
    UnbalancedTransactionError,
)
from pokerroom.storage.fencing import check_fence
from pokerroom.storage.models import LedgerAccount, LedgerEntry, LedgerTransaction

WORLD = "world"
HOUSE = "house"
RAKE = "rake"
UTH_AT_RISK = "uth-at-risk"


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerRef:
    """Names a ledger account and how to create it the first time it is used."""

    key: str
    kind: str
    account_id: int | None = None
    table_id: str | None = None
    allow_negative: bool = False


def wallet(account_id: int) -> LedgerRef:
    return LedgerRef(key=f"wallet:{account_id}", kind="wallet", account_id=account_id)


def escrow(table_id: str, account_id: int) -> LedgerRef:
    return LedgerRef(
        key=f"escrow:{table_id}:{account_id}",
        kind="escrow",
        account_id=account_id,
        table_id=table_id,
    )


WORLD_REF = LedgerRef(key=WORLD, kind="world", allow_negative=True)
HOUSE_REF = LedgerRef(key=HOUSE, kind="house", allow_negative=True)
RAKE_REF = LedgerRef(key=RAKE, kind="rake")
UTH_AT_RISK_REF = LedgerRef(key=UTH_AT_RISK, kind="uth-at-risk")


@dataclass(frozen=True, slots=True, kw_only=True)
class Posted:
    """A committed ledger transaction; `replayed` is True when its key had been used before."""

    transaction_id: int
    idempotency_key: str
    kind: str
    legs: tuple[tuple[str, int], ...]
    replayed: bool = False
    # Each account's balance right after this transaction, by key, where the poster knew it
    # (`post`, not a replay): a caller telling the player their new balance needs no read.
    balances: tuple[tuple[str, int], ...] = ()

    def balance_after(self, key: str) -> int | None:
        return next((balance for k, balance in self.balances if k == key), None)


def require_positive(amount: object, field: str = "amount") -> int:
    """A movement amount: a positive int (no bool, no float)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidAmountError(f"{field} must be an integer number of chips, got {amount!r}")
    if amount <= 0:
        raise InvalidAmountError(f"{field} must be positive, got {amount}")
    return amount


def _normalize(legs: Iterable[tuple[LedgerRef, int]]) -> dict[str, tuple[LedgerRef, int]]:
    merged: dict[str, tuple[LedgerRef, int]] = {}
    for ref, amount in legs:
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise InvalidAmountError(f"entry amount must be an int, got {amount!r}")
        prior = merged.get(ref.key)
        merged[ref.key] = (ref, amount + (prior[1] if prior else 0))
    return {key: leg for key, leg in merged.items() if leg[1] != 0}


def _insert_for(session: AsyncSession):  # type: ignore[no-untyped-def]
    return pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert


async def ensure_accounts(session: AsyncSession, refs: Iterable[LedgerRef]) -> None:
    """Create the ledger accounts that do not exist yet (concurrency-safe)."""
    insert = _insert_for(session)
    for ref in refs:
        stmt = (
            insert(LedgerAccount)
            .values(
                key=ref.key,
                kind=ref.kind,
                account_id=ref.account_id,
                table_id=ref.table_id,
                allow_negative=ref.allow_negative,
                balance=0,
            )
            .on_conflict_do_nothing(index_elements=["key"])
        )
        await session.execute(stmt)


async def find_posted(session: AsyncSession, idempotency_key: str) -> Posted | None:
    """The transaction already committed under this key, if any."""
    row = (
        await session.execute(
            select(LedgerTransaction.id, LedgerTransaction.kind).where(
                LedgerTransaction.idempotency_key == idempotency_key
            )
        )
    ).first()
    if row is None:
        return None
    legs = (
        await session.execute(
            select(LedgerAccount.key, LedgerEntry.amount)
            .join(LedgerAccount, LedgerAccount.id == LedgerEntry.ledger_account_id)
            .where(LedgerEntry.transaction_id == row.id)
            .order_by(LedgerAccount.key)
        )
    ).all()
    return Posted(
        transaction_id=row.id,
        idempotency_key=idempotency_key,
        kind=row.kind,
        legs=tuple((key, amount) for key, amount in legs),
        replayed=True,
    )


async def post(
    session: AsyncSession,
    *,
    kind: str,
    idempotency_key: str,
    legs: Sequence[tuple[LedgerRef, int]],
    now_ms: int,
    memo: str = "",
    hand_id: int | None = None,
    uth_round_id: int | None = None,
    key_is_new: bool = False,
) -> Posted:
    """Write one balanced transaction, or return the one already posted under the key.

    `key_is_new`: the caller knows, from a row locked in this same transaction, that the key
    was never used (a hand still in progress); the lookup is skipped, the unique index stays."""
    if not idempotency_key:
        raise LedgerError("every ledger transaction needs an idempotency key")
    merged = _normalize(legs)
    # Chips at a table move only while this node holds the table's lease (storage.fencing).
    for table_id in sorted({ref.table_id for ref, _ in merged.values() if ref.table_id}):
        await check_fence(session, table_id)
    if sum(amount for _, amount in merged.values()):
        raise UnbalancedTransactionError(
            f"{kind} {idempotency_key}: entries sum to {sum(a for _, a in merged.values())}"
        )
    wanted = tuple(sorted((key, amount) for key, (_, amount) in merged.items()))
    prior = None if key_is_new else await find_posted(session, idempotency_key)
    if prior is not None:
        if prior.kind != kind or prior.legs != wanted:
            raise IdempotencyConflictError(
                f"key {idempotency_key!r} was used for {prior.kind} {prior.legs}, not {kind} {wanted}"
            )
        return prior
    if not merged:
        # A movement of nothing (a hand where nobody won or lost): recorded, no entries.
        txn_id = await _insert_transaction(
            session, idempotency_key, kind, now_ms, memo, hand_id, uth_round_id
        )
        return Posted(transaction_id=txn_id, idempotency_key=idempotency_key, kind=kind, legs=())
    rows = await _lock_accounts(session, list(merged))
    if len(rows) < len(merged):
        present = {row.key for row in rows}
        await ensure_accounts(
            session, (ref for key, (ref, _) in merged.items() if key not in present)
        )
        rows = await _lock_accounts(session, list(merged))
    ids = {row.key: row.id for row in rows}
    new_balances = []
    for row in rows:
        change = merged[row.key][1]
        if not row.allow_negative and row.balance + change < 0:
            raise InsufficientFundsError(row.key, row.balance, change)
        # The rows are locked (FOR UPDATE / the single SQLite writer): absolute values are safe.
        new_balances.append({"id": row.id, "balance": row.balance + change})
    txn_id = await _insert_transaction(
        session, idempotency_key, kind, now_ms, memo, hand_id, uth_round_id
    )
    await session.execute(
        insert(LedgerEntry),
        [
            {"transaction_id": txn_id, "ledger_account_id": ids[key], "amount": amount}
            for key, amount in wanted
        ],
    )
    await session.execute(update(LedgerAccount), new_balances)
    after = {row.key: row.balance + merged[row.key][1] for row in rows}
    return Posted(transaction_id=txn_id, idempotency_key=idempotency_key, kind=kind, legs=wanted,
                  balances=tuple(sorted(after.items())))


async def _lock_accounts(session: AsyncSession, keys: list[str]) -> list:  # type: ignore[type-arg]
    """Read and lock the rows of these ledger accounts, in id order (no deadlock cycles)."""
    return list(
        (
            await session.execute(
                select(
                    LedgerAccount.id,
                    LedgerAccount.key,
                    LedgerAccount.balance,
                    LedgerAccount.allow_negative,
                )
                .where(LedgerAccount.key.in_(keys))
                .order_by(LedgerAccount.id)
                .with_for_update()
            )
        ).all()
    )


async def _insert_transaction(
    session: AsyncSession,
    idempotency_key: str,
    kind: str,
    now_ms: int,
    memo: str,
    hand_id: int | None,
    uth_round_id: int | None,
) -> int:
    result = await session.execute(
        insert(LedgerTransaction)
        .values(
            idempotency_key=idempotency_key,
            kind=kind,
            created_ms=now_ms,
            memo=memo,
            hand_id=hand_id,
            uth_round_id=uth_round_id,
        )
        .returning(LedgerTransaction.id)
    )
    return int(result.scalar_one())


async def balance_of(session: AsyncSession, key: str) -> int:
    """The balance of a ledger account (0 when it was never used)."""
    value = (
        await session.execute(select(LedgerAccount.balance).where(LedgerAccount.key == key))
    ).scalar_one_or_none()
    return int(value or 0)


async def balances_by_prefix(session: AsyncSession, prefix: str) -> dict[str, int]:
    """Balances of every ledger account whose key starts with `prefix`."""
    rows = (
        await session.execute(
            select(LedgerAccount.key, LedgerAccount.balance).where(
                LedgerAccount.key.startswith(prefix, autoescape=True)
            )
        )
    ).all()
    return {key: int(balance) for key, balance in rows}


# ---------------------------------------------------------------- on the SQLite writer thread
# The same posting as `post`, in plain SQL on a sqlite3 cursor inside a transaction opened by
# storage.sqlite_writer (BEGIN IMMEDIATE: the single writer, so the rows need no lock). Used by
# the hot path (a settled hand); the checks and the refusals are post's, in the same order.


def find_posted_sqlite(cur: Any, idempotency_key: str) -> Posted | None:
    row = cur.execute("SELECT id, kind FROM ledger_transactions WHERE idempotency_key = ?",
                      (idempotency_key,)).fetchone()
    if row is None:
        return None
    legs = cur.execute(
        "SELECT a.key, e.amount FROM ledger_entries e JOIN ledger_accounts a "
        "ON a.id = e.ledger_account_id WHERE e.transaction_id = ? ORDER BY a.key", (row[0],)
    ).fetchall()
    return Posted(transaction_id=row[0], idempotency_key=idempotency_key, kind=row[1],
                  legs=tuple((key, amount) for key, amount in legs), replayed=True)


def post_sqlite(
    cur: Any,
    *,
    kind: str,
    idempotency_key: str,
    legs: Sequence[tuple[LedgerRef, int]],
    now_ms: int,
    memo: str = "",
    hand_id: int | None = None,
    key_is_new: bool = False,
) -> Posted:
    """`post` on a sqlite3 cursor (see above)."""
    if not idempotency_key:
        raise LedgerError("every ledger transaction needs an idempotency key")
    merged = _normalize(legs)  # (SQLite serves one node: no fence to check)
    if sum(amount for _, amount in merged.values()):
        raise UnbalancedTransactionError(
            f"{kind} {idempotency_key}: entries sum to {sum(a for _, a in merged.values())}"
        )
    wanted = tuple(sorted((key, amount) for key, (_, amount) in merged.items()))
    prior = None if key_is_new else find_posted_sqlite(cur, idempotency_key)
    if prior is not None:
        if prior.kind != kind or prior.legs != wanted:
            raise IdempotencyConflictError(
                f"key {idempotency_key!r} was used for {prior.kind} {prior.legs}, not {kind} {wanted}"
            )
        return prior
    keys = list(merged)
    select_rows = (
        "SELECT id, key, balance, allow_negative FROM ledger_accounts WHERE key IN "
        f"({', '.join('?' * len(keys))}) ORDER BY id"
    )
    rows = cur.execute(select_rows, keys).fetchall() if keys else []
    if len(rows) < len(merged):
        present = {row[1] for row in rows}
        cur.executemany(
            "INSERT INTO ledger_accounts (key, kind, account_id, table_id, allow_negative, "
            "balance) VALUES (?, ?, ?, ?, ?, 0) ON CONFLICT (key) DO NOTHING",
            [(ref.key, ref.kind, ref.account_id, ref.table_id, ref.allow_negative)
             for key, (ref, _) in merged.items() if key not in present],
        )
        rows = cur.execute(select_rows, keys).fetchall()
    ids = {row[1]: row[0] for row in rows}
    new_balances = []
    for account_id, key, balance, allow_negative in rows:
        change = merged[key][1]
        if not allow_negative and balance + change < 0:
            raise InsufficientFundsError(key, balance, change)
        new_balances.append((balance + change, account_id))
    txn_id = cur.execute(
        "INSERT INTO ledger_transactions (idempotency_key, kind, created_ms, memo, hand_id, "
        "uth_round_id) VALUES (?, ?, ?, ?, ?, NULL)",
        (idempotency_key, kind, now_ms, memo, hand_id),
    ).lastrowid
    cur.executemany(
        "INSERT INTO ledger_entries (transaction_id, ledger_account_id, amount) VALUES (?, ?, ?)",
        [(txn_id, ids[key], amount) for key, amount in wanted],
    )
    cur.executemany("UPDATE ledger_accounts SET balance = ? WHERE id = ?", new_balances)
    return Posted(transaction_id=int(txn_id), idempotency_key=idempotency_key, kind=kind,
                  legs=wanted)


# ---------------------------------------------------------------- on the PostgreSQL writer
# The same checks as `post`, on an asyncpg connection inside a transaction of
# storage.pg_writer, for the hot path (a settled hand): `lock_for_post_pg` checks and locks,
# and the caller writes the transaction, its entries and the new balances in one statement
# with its own rows (services.hands.settle_hand_pg), so a posting is one round trip more.


async def find_posted_pg(conn: Any, idempotency_key: str) -> Posted | None:
    row = await conn.fetchrow("SELECT id, kind FROM ledger_transactions WHERE idempotency_key = $1",
                              idempotency_key)
    if row is None:
        return None
    legs = await conn.fetch(
        "SELECT a.key, e.amount FROM ledger_entries e JOIN ledger_accounts a "
        "ON a.id = e.ledger_account_id WHERE e.transaction_id = $1 ORDER BY a.key", row["id"])
    return Posted(transaction_id=int(row["id"]), idempotency_key=idempotency_key,
                  kind=row["kind"], legs=tuple((r["key"], int(r["amount"])) for r in legs),
                  replayed=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class LockedPosting:
    """A posting checked, its ledger rows locked: what the one writing statement needs."""

    wanted: tuple[tuple[str, int], ...]  # (key, amount), by key
    entry_accounts: list[int]  # ledger account ids, in `wanted` order
    entry_amounts: list[int]
    balance_accounts: list[int]  # each touched ledger account once, with its new balance
    balances: list[int]


_LOCK_PG = ("SELECT id, key, balance, allow_negative FROM ledger_accounts "
            "WHERE key = ANY($1::text[]) ORDER BY id FOR UPDATE")


async def lock_for_post_pg(conn: Any, *, kind: str, idempotency_key: str,
                           legs: Sequence[tuple[LedgerRef, int]]) -> LockedPosting:
    """`post`'s checks, in its order, for a key the caller knows is new (a hand still in
    progress under its lock): balanced legs, the accounts created when missing and locked
    (FOR UPDATE in id order), no balance driven below zero (InsufficientFundsError).
    The table's fence is the caller's to check (one table per posting here)."""
    if not idempotency_key:
        raise LedgerError("every ledger transaction needs an idempotency key")
    merged = _normalize(legs)
    if sum(amount for _, amount in merged.values()):
        raise UnbalancedTransactionError(
            f"{kind} {idempotency_key}: entries sum to {sum(a for _, a in merged.values())}"
        )
    wanted = tuple(sorted((key, amount) for key, (_, amount) in merged.items()))
    if not merged:
        return LockedPosting(wanted=(), entry_accounts=[], entry_amounts=[],
                             balance_accounts=[], balances=[])
    keys = list(merged)
    rows = await conn.fetch(_LOCK_PG, keys)
    if len(rows) < len(merged):
        present = {row["key"] for row in rows}
        await conn.executemany(
            "INSERT INTO ledger_accounts (key, kind, account_id, table_id, allow_negative, "
            "balance) VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (key) DO NOTHING",
            [(ref.key, ref.kind, ref.account_id, ref.table_id, ref.allow_negative)
             for key, (ref, _) in merged.items() if key not in present])
        rows = await conn.fetch(_LOCK_PG, keys)
    ids = {row["key"]: int(row["id"]) for row in rows}
    balance_accounts, balances = [], []
    for row in rows:
        change = merged[row["key"]][1]
        if not row["allow_negative"] and row["balance"] + change < 0:
            raise InsufficientFundsError(row["key"], int(row["balance"]), change)
        balance_accounts.append(int(row["id"]))
        balances.append(int(row["balance"]) + change)
    return LockedPosting(wanted=wanted, entry_accounts=[ids[key] for key, _ in wanted],
                         entry_amounts=[amount for _, amount in wanted],
                         balance_accounts=balance_accounts, balances=balances)
