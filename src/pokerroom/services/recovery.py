"""Crash recovery, run once at start before any table opens: void what a crash interrupted.

    from pokerroom.services.recovery import recover
    report = await recover(db, uth_settler=my_settler)   # before starting the table runners
    report.voided_hands, report.uth_settled, report.uth_voided, report.open_escrows

Poker: every hand still 'in_progress' is voided. No chip moves, because chips in play are
never in the ledger until a hand is settled: each escrow still holds the player's stack at
the start of that hand. The hand row keeps its record with status 'voided' and a reason (the
history shows it), and each player gets a notice (services.notices) to see on reconnecting.
`open_escrows` lists (table_id, account_id, stack) still at tables, so the server can reseat
those players or cash them out (Cashier.cash_out_all).

UTH: each round still in progress is settled or voided, whichever is better for the player.
`uth_settler(round) -> UthSettlement | None` (from the UTH engineer's core) computes the
settlement of the round from its stored state with the same deck (None: cannot be settled).
If its `net` is positive the round is settled with it; otherwise every bet is returned (void).
Each round is resolved in its own transaction, so recovery itself can crash and be re-run.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass

from sqlalchemy import select

from pokerroom.services import clock
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import IN_PROGRESS, void_hand_in
from pokerroom.services.seal import SealKey
from pokerroom.services.uth_rounds import (
    StoredUthRound,
    UthSettlement,
    settle_round_in,
    stored_round,
    void_round_in,
)
from pokerroom.storage.database import Database
from pokerroom.storage.models import Hand, Notice, UthRound

UthSettler = Callable[[StoredUthRound], UthSettlement | None]


def _opened(seal: SealKey | None, sealed: str, commitment: str) -> str:
    """The server seed (hex) a row sealed, or "" (no key, nothing sealed, another key)."""
    seed = seal.open(sealed, commitment) if seal is not None and sealed else None
    return seed.hex() if seed is not None else ""
VOID_REASON = "the server stopped during the hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class RecoveryReport:
    voided_hands: tuple[int, ...]
    uth_settled: tuple[int, ...]
    uth_voided: tuple[int, ...]
    open_escrows: tuple[tuple[str, int, int], ...]


async def recover(
    db: Database,
    *,
    uth_settler: UthSettler | None = None,
    tables: Collection[str] | None = None,
    reason: str = VOID_REASON,
    now_ms: int | None = None,
    seal: SealKey | None = None,
) -> RecoveryReport:
    """Void/settle what was in progress; `tables` limits it to those tables (one node of many
    recovers only the tables whose lease it took; DESIGN section 6). With the room's `seal`
    key, each voided hand and round reveals its server seed (opened from its row), so its
    deal can still be checked against the commitment published at its start."""
    at = clock.now_ms() if now_ms is None else now_ms
    voided: list[int] = []
    hand_query = select(Hand.id).where(Hand.status == IN_PROGRESS)
    round_query = select(UthRound.id).where(UthRound.status == IN_PROGRESS)
    if tables is not None:
        hand_query = hand_query.where(Hand.table_id.in_(list(tables)))
        round_query = round_query.where(UthRound.table_id.in_(list(tables)))
    async with db.read() as session:
        hand_ids = list((await session.execute(hand_query.order_by(Hand.id))).scalars())
        round_ids = list((await session.execute(round_query.order_by(UthRound.id))).scalars())
    for hand_id in hand_ids:
        async with db.write() as session:
            row = await session.get(Hand, hand_id)
            if row is not None and row.status == IN_PROGRESS:
                await void_hand_in(session, row, reason, at,
                                   server_seed=_opened(seal, row.sealed_seed, row.commitment))
                voided.append(hand_id)
    settled: list[int] = []
    uth_voided: list[int] = []
    for round_id in round_ids:
        async with db.read() as session:
            uth_row = await session.get(UthRound, round_id)
            snapshot = (
                None if uth_row is None or uth_row.status != IN_PROGRESS else stored_round(uth_row)
            )
        if snapshot is None:
            continue
        settlement = uth_settler(snapshot) if uth_settler is not None else None
        async with db.write() as session:
            uth_row = await session.get(UthRound, round_id)
            if uth_row is None or uth_row.status != IN_PROGRESS:
                continue
            if settlement is not None and settlement.net > 0:
                await settle_round_in(
                    session, uth_row, net=settlement.net, record=settlement.record, at=at,
                    server_seed=_opened(seal, uth_row.sealed_seed, uth_row.commitment),
                )
                session.add(
                    Notice(
                        account_id=uth_row.account_id,
                        kind="uth_settled",
                        body=json.dumps(
                            {
                                "round_id": round_id,
                                "table_id": uth_row.table_id,
                                "net": settlement.net,
                                "reason": reason,
                                "text": f"Your UTH round {round_id} was interrupted ({reason}) "
                                f"and settled with its deck: you won {settlement.net}.",
                            }
                        ),
                        created_ms=at,
                    )
                )
                settled.append(round_id)
            else:
                await void_round_in(
                    session, uth_row, reason, at,
                    server_seed=_opened(seal, uth_row.sealed_seed, uth_row.commitment))
                uth_voided.append(round_id)
    escrows = [e for e in await Cashier(db).escrows() if tables is None or e[0] in set(tables)]
    return RecoveryReport(
        voided_hands=tuple(voided),
        uth_settled=tuple(settled),
        uth_voided=tuple(uth_voided),
        open_escrows=tuple(escrows),
    )
