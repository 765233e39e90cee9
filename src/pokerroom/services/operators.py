"""Operators and what they do to accounts, each action written to the append-only operator log.

An operator is an account with the operator role (`accounts.is_admin`), granted and revoked by
`pokerroom admin grant-operator/revoke-operator NAME`. Every operator action goes into
`operator_log` (who, what, when, before and after) in the same transaction as the change
itself, so the log cannot miss an action that happened, nor hold one that did not. Credits
and debits are ledger transactions with an idempotency key: a retry moves nothing and logs
nothing new. The log itself is append-only (database triggers) and `pokerroom audit` checks
that every logged credit and debit has its ledger transaction.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.core.errors import PokerRoomError
from pokerroom.services import clock
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.errors import InsufficientFundsError
from pokerroom.storage.ledger import require_positive
from pokerroom.storage.models import (
    Account,
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    OperatorLogEntry,
    PasswordReset,
    Session,
)

RESET_TTL_MS = 24 * 3600 * 1000


class OperatorError(PokerRoomError):
    """A console request refused: `field` names what was wrong."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class NoSuchAccountError(OperatorError):
    def __init__(self, account_id: int) -> None:
        super().__init__("account", f"no account {account_id}")


class WalletTooShortError(OperatorError):
    def __init__(self) -> None:
        super().__init__("amount", "the wallet holds less than that")


@dataclass(frozen=True, slots=True, kw_only=True)
class Operator:
    """Who acts: an operator account, or the command line (id None)."""

    id: int | None
    name: str


CLI = Operator(id=None, name="cli")


def log_entry(session: AsyncSession, who: Operator, action: str, target: str,
              before: Any, after: Any, reason: str = "", at: int | None = None) -> None:
    """Append one operator action inside the caller's transaction."""
    session.add(OperatorLogEntry(
        at_ms=clock.now_ms() if at is None else at, operator_id=who.id, operator=who.name,
        action=action, target=target, before=json.dumps(before, sort_keys=True),
        after=json.dumps(after, sort_keys=True), reason=reason))


def entry_json(row: OperatorLogEntry) -> dict[str, Any]:
    return {"id": row.id, "at_ms": row.at_ms, "operator": row.operator,
            "operator_id": row.operator_id, "action": row.action, "target": row.target,
            "before": json.loads(row.before), "after": json.loads(row.after),
            "reason": row.reason}


class Operators:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ the role
    async def is_operator(self, account_id: int) -> bool:
        async with self.db.read() as session:
            row = await session.get(Account, account_id)
            return bool(row is not None and row.is_admin and row.locked_ms is None)

    async def set_role(self, name: str, on: bool, who: Operator = CLI) -> bool:
        """Grant or revoke the operator role; returns the role before."""
        async with self.db.write() as session:
            row = await _by_name(session, name)
            before = bool(row.is_admin)
            row.is_admin = on
            log_entry(session, who, "grant_operator" if on else "revoke_operator",
                      f"account:{row.id}", {"operator": before}, {"operator": on})
            return before

    # ------------------------------------------------------------------ the log
    async def log(self, who: Operator, action: str, target: str, before: Any, after: Any,
                  reason: str = "") -> None:
        async with self.db.write() as session:
            log_entry(session, who, action, target, before, after, reason)

    async def entries(self, *, limit: int = 200, target: str | None = None
                      ) -> list[dict[str, Any]]:
        query = select(OperatorLogEntry)
        if target is not None:
            query = query.where(OperatorLogEntry.target == target)
        async with self.db.read() as session:
            rows = (await session.execute(
                query.order_by(OperatorLogEntry.id.desc()).limit(limit))).scalars()
            return [entry_json(r) for r in rows]

    # ------------------------------------------------------------------ accounts
    async def search(self, text: str, limit: int = 50) -> list[dict[str, Any]]:
        like = f"%{text.strip().casefold()}%"
        query = select(Account).where(Account.name_key.like(like))
        if text.strip().isdigit():
            query = select(Account).where(or_(Account.name_key.like(like),
                                              Account.id == int(text.strip())))
        async with self.db.read() as session:
            rows = list((await session.execute(query.order_by(Account.id).limit(limit))).scalars())
            balances = await _wallets(session, [r.id for r in rows])
        return [_account_json(r, balances.get(r.id, 0)) for r in rows]

    async def account(self, account_id: int) -> dict[str, Any]:
        async with self.db.read() as session:
            row = await session.get(Account, account_id)
            if row is None:
                raise NoSuchAccountError(account_id)
            balances = await _wallets(session, [row.id])
        return _account_json(row, balances.get(row.id, 0))

    async def account_detail(self, account_id: int) -> dict[str, Any]:
        """An account for the console: wallet, its ledger lines, finished hands, log."""
        from pokerroom.services.hands import HandStore

        info = await self.account(account_id)
        async with self.db.read() as session:
            rows = (await session.execute(
                select(LedgerEntry.amount, LedgerTransaction.kind, LedgerTransaction.memo,
                       LedgerTransaction.created_ms, LedgerTransaction.idempotency_key)
                .join(LedgerTransaction, LedgerTransaction.id == LedgerEntry.transaction_id)
                .join(LedgerAccount, LedgerAccount.id == LedgerEntry.ledger_account_id)
                .where(LedgerAccount.key == f"wallet:{account_id}")
                .order_by(LedgerEntry.id.desc()).limit(100))).all()
        hands = await HandStore(self.db).history(account_id, limit=50)
        return {
            "account": info,
            "ledger": [{"amount": a, "kind": k, "memo": m, "created_ms": t, "key": key}
                       for a, k, m, t, key in rows],
            # Finished hands only, as records: summaries (never a card of a hand in play).
            "hands": [{"id": h.id, "table": h.table_id, "hand": h.hand_number,
                       "status": h.status, "started_ms": h.started_ms, "ended_ms": h.ended_ms,
                       "net": h.net().get(account_id, 0) if h.status == "settled" else 0}
                      for h in hands],
            "log": await self.entries(target=f"account:{account_id}", limit=50),
        }

    async def set_locked(self, account_id: int, locked: bool, who: Operator,
                         reason: str) -> dict[str, Any]:
        """Lock (every session ends, no login) or unlock an account."""
        if not reason.strip():
            raise OperatorError("reason", "say why")
        at = clock.now_ms()
        async with self.db.write() as session:
            row = await session.get(Account, account_id)
            if row is None:
                raise OperatorError("account", f"no account {account_id}")
            before = {"locked": row.locked_ms is not None}
            row.locked_ms = (row.locked_ms or at) if locked else None
            if locked:
                await session.execute(update(Session).where(
                    Session.account_id == account_id, Session.revoked_ms.is_(None))
                    .values(revoked_ms=at))
            log_entry(session, who, "lock" if locked else "unlock", f"account:{account_id}",
                      before, {"locked": locked}, reason, at)
        return await self.account(account_id)

    async def move(self, account_id: int, direction: str, amount: int, who: Operator,
                   reason: str, key: str) -> dict[str, Any]:
        """Credit (world -> wallet) or debit (wallet -> world) with a reason; idempotent on
        `key`, and logged in the same transaction as the ledger movement."""
        if direction not in ("credit", "debit"):
            raise OperatorError("direction", "credit or debit")
        if not reason.strip():
            raise OperatorError("reason", "say why")
        if not key or len(key) > 120:
            raise OperatorError("key", "an idempotency key of 1 to 120 characters")
        try:
            amount = require_positive(amount)
        except Exception as exc:
            raise OperatorError("amount", "a positive whole number of chips") from exc
        txn_key = f"operator-{direction}:{key}"
        at = clock.now_ms()

        async def work(session: AsyncSession) -> dict[str, Any]:
            row = await session.get(Account, account_id)
            if row is None:
                raise OperatorError("account", f"no account {account_id}")
            prior = await ledger.find_posted(session, txn_key)
            if prior is not None:
                return {"transaction_id": prior.transaction_id, "replayed": True}
            before = (await _wallets(session, [account_id])).get(account_id, 0)
            delta = amount if direction == "credit" else -amount
            posted = await ledger.post(
                session, kind="deposit" if direction == "credit" else "withdrawal",
                idempotency_key=txn_key,
                legs=[(ledger.wallet(account_id), delta), (ledger.WORLD_REF, -delta)],
                now_ms=at, memo=f"operator {who.name}: {reason}")
            log_entry(session, who, direction, f"account:{account_id}", {"wallet": before},
                      {"wallet": before + delta, "transaction": txn_key, "amount": amount},
                      reason, at)
            return {"transaction_id": posted.transaction_id, "replayed": False}

        try:
            result = await self.db.run_write(work)
        except InsufficientFundsError:
            raise WalletTooShortError() from None
        return {**result, "account": await self.account(account_id)}

    async def reset_link(self, account_id: int, who: Operator) -> str:
        """A one-time password reset token (valid 24 hours); only its hash is stored."""
        token = secrets.token_urlsafe(32)
        at = clock.now_ms()
        async with self.db.write() as session:
            row = await session.get(Account, account_id)
            if row is None:
                raise OperatorError("account", f"no account {account_id}")
            session.add(PasswordReset(token_hash=_hash(token), account_id=account_id,
                                      created_ms=at, expires_ms=at + RESET_TTL_MS))
            log_entry(session, who, "reset_link", f"account:{account_id}", {},
                      {"expires_ms": at + RESET_TTL_MS}, "password reset link", at)
        return token

    async def peek_reset(self, token: str) -> int:
        """The account a reset token is for (unknown, used or expired: refused)."""
        async with self.db.read() as session:
            row = await session.get(PasswordReset, _hash(token))
            if row is None or row.used_ms is not None or row.expires_ms <= clock.now_ms():
                raise OperatorError("token", "this reset link is unknown, used or expired")
            return row.account_id

    async def use_reset(self, token: str, password_hash: str) -> int:
        """Set a new password with a reset token (once); returns the account id."""
        at = clock.now_ms()
        async with self.db.write() as session:
            row = await session.get(PasswordReset, _hash(token))
            if row is None or row.used_ms is not None or row.expires_ms <= at:
                raise OperatorError("token", "this reset link is unknown, used or expired")
            row.used_ms = at
            await session.execute(update(Account).where(Account.id == row.account_id)
                                  .values(password_hash=password_hash))
            await session.execute(update(Session).where(
                Session.account_id == row.account_id, Session.revoked_ms.is_(None))
                .values(revoked_ms=at))
            return row.account_id


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def _by_name(session: AsyncSession, name: str) -> Account:
    row = (await session.execute(
        select(Account).where(Account.name_key == name.strip().casefold()))).scalar_one_or_none()
    if row is None:
        raise OperatorError("account", f"no account named {name!r}")
    return row


async def _wallets(session: AsyncSession, ids: list[int]) -> dict[int, int]:
    if not ids:
        return {}
    rows = (await session.execute(
        select(LedgerAccount.account_id, func.sum(LedgerAccount.balance))
        .where(LedgerAccount.account_id.in_(ids), LedgerAccount.kind == "wallet")
        .group_by(LedgerAccount.account_id))).all()
    return {int(a): int(b or 0) for a, b in rows}


def _account_json(row: Account, balance: int) -> dict[str, Any]:
    return {"id": row.id, "name": row.name, "is_bot": row.is_bot, "operator": row.is_admin,
            "locked": row.locked_ms is not None, "locked_ms": row.locked_ms,
            "created_ms": row.created_ms, "balance": balance}
