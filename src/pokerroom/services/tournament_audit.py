"""The audit of tournaments (R-TOURN-1, -7, -12): for each stored tournament, from the ledger,

- tournament_pool: the buy-ins (registrations, rebuys, add-ons) minus the refunds into its
  `tourney:<id>` account equal the stored prize pool; prizes paid never exceed it; the
  account holds exactly the pool not yet paid, and nothing once finished or cancelled;
- tournament_fees: the fees moved to the house for it equal its stored fees.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from sqlalchemy import select

from pokerroom.storage.database import Database
from pokerroom.storage.models import (
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    TournamentRow,
)


class Report(Protocol):
    counts: dict[str, int]
    totals: dict[str, Any]

    def fail(self, check: str, **detail: Any) -> None: ...


async def audit_tournaments(db: Database, report: Report) -> None:
    async with db.read() as session:
        rows = list((await session.execute(select(TournamentRow))).scalars())
        legs = (
            await session.execute(
                select(
                    LedgerTransaction.idempotency_key,
                    LedgerTransaction.kind,
                    LedgerAccount.key,
                    LedgerEntry.amount,
                )  # fmt: skip
                .join(LedgerEntry, LedgerEntry.transaction_id == LedgerTransaction.id)
                .join(LedgerAccount, LedgerAccount.id == LedgerEntry.ledger_account_id)
                .where(LedgerTransaction.idempotency_key.like("tourney:%"))
            )
        ).all()
    report.counts["tournaments"] = len(rows)
    report.totals["tournament_fees"] = 0
    for row in rows:
        pool_key = f"tourney:{row.id}"
        prefix = f"tourney:{row.id}:"
        entries = refunds = prizes = fees = 0
        for key, kind, account, amount in legs:
            if not key.startswith(prefix):
                continue
            if account == pool_key:
                if kind == "tourney-entry":
                    entries += amount
                elif kind == "tourney-refund":
                    refunds -= amount
                elif kind == "tourney-prize":
                    prizes -= amount
            elif account == "fees":
                fees += amount
        pool = entries - refunds
        report.totals["tournament_fees"] += fees
        status = row.status
        if pool != row.prize_pool:
            report.fail("tournament_pool", tournament=row.id, ledger_pool=pool,
                        stored_pool=row.prize_pool)  # fmt: skip
        if prizes > pool:
            report.fail("tournament_pool", tournament=row.id, prizes=prizes, pool=pool)
        if status in ("finished", "cancelled") and prizes != pool:
            report.fail("tournament_pool", tournament=row.id, status=status, unpaid=pool - prizes)
        if fees != row.fees:
            report.fail(
                "tournament_fees", tournament=row.id, ledger_fees=fees, stored_fees=row.fees
            )
        if row.snapshot:
            data = json.loads(row.snapshot)["tournament"]
            paid = sum(int(e[6]) for e in data["entries"])
            if paid != prizes and status != "registering":
                report.fail("tournament_pool", tournament=row.id, stored_prizes=paid,
                            ledger_prizes=prizes)  # fmt: skip
