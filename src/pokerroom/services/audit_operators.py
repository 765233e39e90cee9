"""The audit of the operator log: every operator credit or debit in the log has its ledger
transaction (same key, same amount on the wallet), and every operator transaction in the
ledger is in the log. The log rows themselves cannot change (append-only triggers)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select

from pokerroom.storage.database import Database
from pokerroom.storage.models import (
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    OperatorLogEntry,
)


async def audit_operator_log(db: Database, report: Any) -> None:
    async with db.read() as session:
        count = int((await session.execute(select(func.count(OperatorLogEntry.id)))).scalar_one())
        moves = (await session.execute(
            select(OperatorLogEntry).where(OperatorLogEntry.action.in_(("credit", "debit")))
        )).scalars().all()
        wallet_legs = dict((await session.execute(
            select(LedgerTransaction.idempotency_key, LedgerEntry.amount)
            .join(LedgerEntry, LedgerEntry.transaction_id == LedgerTransaction.id)
            .join(LedgerAccount, LedgerAccount.id == LedgerEntry.ledger_account_id)
            .where(LedgerTransaction.idempotency_key.like("operator-%"),
                   LedgerAccount.kind == "wallet"))).all())
    report.counts["operator_actions"] = count
    logged = set()
    for row in moves:
        after = json.loads(row.after)
        key = after.get("transaction")
        logged.add(key)
        expected = after.get("amount", 0) * (1 if row.action == "credit" else -1)
        if wallet_legs.get(key) != expected:
            report.fail("operator_log", entry=row.id, transaction=key, logged_amount=expected,
                        ledger_amount=wallet_legs.get(key))
    for key in sorted(set(wallet_legs) - logged):
        report.fail("operator_log", transaction=key, reason="operator transaction not in the log")
