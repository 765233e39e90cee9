"""The cashier: deposits, withdrawals, buy-ins and cash-outs, each one ledger transaction.

    from pokerroom.storage.database import open_database
    from pokerroom.services.cashier import Cashier

    db = await open_database(url)                       # migrates; url=None -> default file
    cashier = Cashier(db)
    await cashier.deposit(account_id, 500, key="admin-credit:...", reason="admin credit")
    await cashier.buy_in(account_id, "t1", 200, key=f"buyin:{uuid}")   # wallet -> escrow
    await cashier.cash_out(account_id, "t1", 150, key=f"cashout:{uuid}")  # escrow -> wallet
    await cashier.cash_out_all(account_id, "t1", key=...)  # leave the table with everything
    await cashier.wallet_balance(account_id); await cashier.escrow_balance(account_id, "t1")
    await cashier.statement(ledger.wallet(account_id).key, limit=50)  # newest first

Every call takes an idempotency `key`: calling again with the same key returns the first
`Posted` (with `replayed=True`) and moves nothing; pass the key the client sent with its
request, or one derived from the table's event number, never a fresh random one on a retry.
Refusals (nothing moves): InsufficientFundsError (a balance would go below zero),
InvalidAmountError (not a positive int), IdempotencyConflictError (key reused differently).
The escrow account of (table, account) holds that player's stack as of the last hand end;
chips in a hand in progress are not in the ledger until the hand is settled (services.hands).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.services import clock
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.ledger import Posted, require_positive
from pokerroom.storage.models import LedgerAccount, LedgerEntry, LedgerTransaction


@dataclass(frozen=True, slots=True, kw_only=True)
class StatementLine:
    """One movement of a ledger account, with the balance right after it."""

    entry_id: int
    transaction_id: int
    amount: int
    balance_after: int
    kind: str
    memo: str
    created_ms: int



class Cashier:
    """Money in and out of wallets and table escrows."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def _post(
        self,
        kind: str,
        key: str,
        legs: list[tuple[ledger.LedgerRef, int]],
        memo: str,
        at: int | None,
    ) -> Posted:
        async def work(session: AsyncSession) -> Posted:
            return await ledger.post(
                session,
                kind=kind,
                idempotency_key=key,
                legs=legs,
                now_ms=clock.now_ms() if at is None else at,
                memo=memo,
            )

        return await self.db.run_write(work)

    async def deposit(
        self,
        account_id: int,
        amount: int,
        *,
        key: str,
        reason: str = "deposit",
        at: int | None = None,
    ) -> Posted:
        """Money from the outside world into the wallet (signup bonus, admin credit)."""
        amount = require_positive(amount)
        return await self._post(
            "deposit",
            key,
            [(ledger.WORLD_REF, -amount), (ledger.wallet(account_id), amount)],
            reason,
            at,
        )

    async def withdraw(
        self,
        account_id: int,
        amount: int,
        *,
        key: str,
        reason: str = "withdrawal",
        at: int | None = None,
    ) -> Posted:
        """Money out of the wallet to the outside world (admin debit)."""
        amount = require_positive(amount)
        return await self._post(
            "withdrawal",
            key,
            [(ledger.wallet(account_id), -amount), (ledger.WORLD_REF, amount)],
            reason,
            at,
        )

    async def buy_in(
        self, account_id: int, table_id: str, amount: int, *, key: str, at: int | None = None
    ) -> Posted:
        """Wallet -> the player's escrow at the table (sit down or top up)."""
        amount = require_positive(amount)
        return await self._post(
            "buy-in",
            key,
            [(ledger.wallet(account_id), -amount), (ledger.escrow(table_id, account_id), amount)],
            f"buy-in at {table_id}",
            at,
        )

    async def cash_out(
        self, account_id: int, table_id: str, amount: int, *, key: str, at: int | None = None
    ) -> Posted:
        """The player's escrow at the table -> wallet."""
        amount = require_positive(amount)
        return await self._post(
            "cash-out",
            key,
            [(ledger.escrow(table_id, account_id), -amount), (ledger.wallet(account_id), amount)],
            f"cash-out from {table_id}",
            at,
        )

    async def cash_out_all(
        self, account_id: int, table_id: str, *, key: str, at: int | None = None
    ) -> Posted | None:
        """Move the whole escrow back to the wallet; None when there was nothing to move."""

        async def work(session: AsyncSession) -> Posted | None:
            prior = await ledger.find_posted(session, key)
            if prior is not None:
                return prior
            amount = await ledger.balance_of(session, ledger.escrow(table_id, account_id).key)
            if amount <= 0:
                return None
            return await ledger.post(
                session,
                kind="cash-out",
                idempotency_key=key,
                legs=[
                    (ledger.escrow(table_id, account_id), -amount),
                    (ledger.wallet(account_id), amount),
                ],
                now_ms=clock.now_ms() if at is None else at,
                memo=f"cash-out from {table_id}",
            )

        return await self.db.run_write(work)

    async def wallet_balance(self, account_id: int) -> int:
        async with self.db.read() as session:
            return await ledger.balance_of(session, ledger.wallet(account_id).key)

    async def escrow_balance(self, account_id: int, table_id: str) -> int:
        async with self.db.read() as session:
            return await ledger.balance_of(session, ledger.escrow(table_id, account_id).key)

    async def escrows(self, table_id: str | None = None) -> list[tuple[str, int, int]]:
        """Non-zero escrows as (table_id, account_id, balance), e.g. to reseat after a restart."""
        query = select(
            LedgerAccount.table_id, LedgerAccount.account_id, LedgerAccount.balance
        ).where(LedgerAccount.kind == "escrow", LedgerAccount.balance != 0)
        if table_id is not None:
            query = query.where(LedgerAccount.table_id == table_id)
        async with self.db.read() as session:
            rows = (await session.execute(query.order_by(LedgerAccount.id))).all()
        return [(str(t), int(a), int(b)) for t, a, b in rows if a is not None]

    async def balance(self, key: str) -> int:
        """Balance of any ledger account by key ('house', 'rake', 'world', 'wallet:7', ...)."""
        async with self.db.read() as session:
            return await ledger.balance_of(session, key)

    async def wallet_statement(
        self, account_id: int, *, limit: int = 100
    ) -> tuple[int, list[StatementLine]]:
        """The wallet's balance and its latest `limit` movements, newest first (one snapshot:
        the newest line's balance_after is the balance)."""
        lines = await self.statement(ledger.wallet(account_id).key, limit=limit)
        balance = lines[0].balance_after if lines else await self.wallet_balance(account_id)
        return balance, lines

    async def statement(
        self, key: str, *, limit: int = 100, before_entry_id: int | None = None
    ) -> list[StatementLine]:
        """The latest movements of a ledger account (e.g. wallet(account_id).key), newest first.

        `balance_after` is exact: it is computed back from the current balance in the same
        snapshot, so only `limit` rows are read however long the history is.
        """
        async with self.db.read() as session:
            row = (
                await session.execute(
                    select(LedgerAccount.id, LedgerAccount.balance).where(LedgerAccount.key == key)
                )
            ).first()
            if row is None:
                return []
            account_id, balance = row
            query = (
                select(
                    LedgerEntry.id,
                    LedgerEntry.transaction_id,
                    LedgerEntry.amount,
                    LedgerTransaction.kind,
                    LedgerTransaction.memo,
                    LedgerTransaction.created_ms,
                )
                .join(LedgerTransaction, LedgerTransaction.id == LedgerEntry.transaction_id)
                .where(LedgerEntry.ledger_account_id == account_id)
            )
            if before_entry_id is not None:
                query = query.where(LedgerEntry.id < before_entry_id)
                later = (
                    await session.execute(
                        select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                            LedgerEntry.ledger_account_id == account_id,
                            LedgerEntry.id >= before_entry_id,
                        )
                    )
                ).scalar_one()
                balance -= int(later)
            rows = (await session.execute(query.order_by(LedgerEntry.id.desc()).limit(limit))).all()
        lines = []
        for entry_id, txn_id, amount, kind, memo, created in rows:
            lines.append(
                StatementLine(
                    entry_id=entry_id,
                    transaction_id=txn_id,
                    amount=int(amount),
                    balance_after=int(balance),
                    kind=kind,
                    memo=memo,
                    created_ms=int(created),
                )
            )
            balance -= int(amount)
        return lines
