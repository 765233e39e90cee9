"""Tournament money in the ledger: buy-ins and fees, refunds, prizes (R-TOURN-1, -7, -12).

Accounts: `tourney:<id>` holds the prize pool not yet paid, `fees` the house's fees. Each
movement is one balanced transaction with an idempotency key derived from the
tournament's own sequence number, written in the same database transaction as the
tournament's snapshot (so a crash never separates money from the state that caused it).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from pokerroom.core.tournament.events import (
    AddedOn,
    Cancelled,
    Eliminated,
    Rebought,
    Registered,
    TournamentEvent,
    Unregistered,
)
from pokerroom.storage import ledger

FEES_REF = ledger.LedgerRef(key="fees", kind="fees")
ENTRY_KINDS = ("tourney-entry", "tourney-refund", "tourney-prize")


def pool_ref(tournament_id: str) -> ledger.LedgerRef:
    return ledger.LedgerRef(key=f"tourney:{tournament_id}", kind="tourney-pool")


async def post_money(
    session: AsyncSession,
    tournament_id: str,
    seq: int,
    events: list[TournamentEvent],
    account_of: Callable[[str], int],
    fee: int,
    now_ms: int,
) -> int:
    """Post the money of `events`; returns the next sequence number."""
    pool = pool_ref(tournament_id)
    for event in events:
        legs: list[tuple[ledger.LedgerRef, int]] = []
        kind = who = ""  # who: the entry whose money moves
        if isinstance(event, Registered | Rebought | AddedOn):
            who = event.entry
            wallet = ledger.wallet(account_of(event.entry))
            kind = "tourney-entry"
            legs = [
                (wallet, -(event.buy_in + event.fee)),
                (pool, event.buy_in),
                (FEES_REF, event.fee),
            ]
        elif isinstance(event, Unregistered):
            who = event.entry
            wallet = ledger.wallet(account_of(event.entry))
            kind = "tourney-refund"
            buy_in = event.refund - fee
            legs = [(wallet, event.refund), (pool, -buy_in), (FEES_REF, -fee)]
        elif isinstance(event, Eliminated) and event.prize > 0:
            who = event.entry
            kind = "tourney-prize"
            legs = [(ledger.wallet(account_of(event.entry)), event.prize), (pool, -event.prize)]
        elif isinstance(event, Cancelled):
            for entry, amount in event.payouts:
                if amount <= 0:
                    continue
                seq += 1
                wallet = ledger.wallet(account_of(entry))
                if event.refunds:
                    refund_legs = [(wallet, amount), (pool, -(amount - fee)), (FEES_REF, -fee)]
                else:
                    refund_legs = [(wallet, amount), (pool, -amount)]
                await ledger.post(
                    session, kind="tourney-refund" if event.refunds else "tourney-prize",
                    idempotency_key=f"tourney:{tournament_id}:{seq}:{entry}",
                    legs=refund_legs, now_ms=now_ms, memo=f"cancelled {tournament_id}",
                )  # fmt: skip
            continue
        if not legs:
            continue
        seq += 1
        await ledger.post(
            session, kind=kind, idempotency_key=f"tourney:{tournament_id}:{seq}:{who}",
            legs=legs, now_ms=now_ms, memo=f"{kind} {tournament_id}",
        )  # fmt: skip
    return seq
