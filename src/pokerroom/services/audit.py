"""The audit: does every chip add up, and does every stored hand replay to its stored result?

    from pokerroom.services.audit import run_audit, poker_replayer
    from pokerroom.services.uth_rounds import uth_replayer
    report = await run_audit(db, replayers={"poker": poker_replayer}, uth_replayer=uth_replayer)
    report.ok; report.summary()  (a JSON-able dict); report.discrepancies

Checks (each failure is one discrepancy naming the check):
- balance_cache: every ledger account's balance equals the sum of its entries;
- transaction_balanced: every transaction's entries sum to zero (so all balances together sum
  to zero, i.e. the balances other than `world` sum to deposits minus withdrawals);
- money_supply: the sum of all balances but `world` equals deposits minus withdrawals;
- negative_balance: no account that must stay >= 0 is below zero;
- hand_ledger: each settled hand has its `hand:<id>` transaction, moving exactly the final
  minus start stack of each player between the escrows and the rake to `rake` (R-POT-3);
  a tournament hand (kind `tournament`) has none: its chips are not money;
- hand_replay: each settled hand's record replays (replayers[kind]) to the stored final
  stacks and rake; hands with no replayer or an empty record are counted, not failed;
- uth_at_risk: the `uth-at-risk` balance equals the stakes of the UTH rounds in progress
  (so every settled or voided round moved its whole stake out);
- uth_replay: each settled UTH round's record replays (uth_replayer) to its stored payout
  (payout - staked = the seat's net); rounds without a record or seat are counted, not failed.
- fairness_seed: every revealed server seed, of a settled or a voided hand or UTH round (a
  crash- or take-over-voided deal reveals its sealed seed), is 32 bytes whose SHA-256 is the
  commitment published before the deal (docs/FAIRNESS.md); a seed that does not match was
  changed after the deal. Counted in `seeds_checked`.
- tournament_pool, tournament_fees: services/tournament_audit.py (prize pool = buy-ins +
  rebuys + add-ons - refunds, prizes paid <= prize pool, fees = the house's).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from pokerroom.core.fairness import commitment
from pokerroom.services.audit_operators import audit_operator_log
from pokerroom.services.hands import SETTLED, TOURNAMENT, StoredHand, stored_hand
from pokerroom.services.tournament_audit import audit_tournaments
from pokerroom.services.uth_rounds import StoredUthRound, stored_round
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.models import (
    Hand,
    LedgerAccount,
    LedgerEntry,
    LedgerTransaction,
    UthRound,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayOutcome:
    """What a replayed record ends with: final stack per seat and the rake."""

    final_stacks: Mapping[int, int]
    rake: int


Replayer = Callable[[StoredHand], ReplayOutcome]
UthReplayer = Callable[[StoredUthRound], int]  # the seat's net per the replayed record


def default_replayers() -> dict[str, Replayer]:
    """The room's hand kinds and their replayers (a tournament hand is a poker hand)."""
    return {"poker": poker_replayer, TOURNAMENT: poker_replayer}


def poker_replayer(hand: StoredHand) -> ReplayOutcome:
    """Replay a poker record (JSON from storage.records) with pokerroom.core.rules.replay."""
    from pokerroom.core.rules import replay
    from pokerroom.storage.records import decode_record

    result = replay(decode_record(hand.record)).result
    return ReplayOutcome(final_stacks=dict(result.stacks), rake=result.rake)


@dataclass(slots=True)
class AuditReport:
    database: str
    counts: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    discrepancies: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.discrepancies

    def fail(self, check: str, **detail: Any) -> None:
        self.discrepancies.append({"check": check, **detail})

    def summary(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "database": self.database,
            "counts": self.counts,
            "totals": self.totals,
            "discrepancies": self.discrepancies[:200],
            "discrepancy_count": len(self.discrepancies),
        }


async def run_audit(
    db: Database,
    *,
    replayers: Mapping[str, Replayer] | None = None,
    uth_replayer: UthReplayer | None = None,
    batch: int = 500,
) -> AuditReport:
    report = AuditReport(database=make_url(db.url).render_as_string(hide_password=True))
    async with db.read() as session:
        accounts = (await session.execute(select(LedgerAccount))).scalars().all()
        sums = dict(
            (
                await session.execute(
                    select(LedgerEntry.ledger_account_id, func.sum(LedgerEntry.amount)).group_by(
                        LedgerEntry.ledger_account_id
                    )
                )
            ).all()
        )
        unbalanced = (
            await session.execute(
                select(LedgerEntry.transaction_id, func.sum(LedgerEntry.amount))
                .group_by(LedgerEntry.transaction_id)
                .having(func.sum(LedgerEntry.amount) != 0)
            )
        ).all()
        report.counts["transactions"] = int(
            (await session.execute(select(func.count(LedgerTransaction.id)))).scalar_one()
        )
        report.counts["entries"] = int(
            (await session.execute(select(func.count(LedgerEntry.id)))).scalar_one()
        )
        world = next((a for a in accounts if a.key == ledger.WORLD), None)
        deposits = withdrawals = 0
        if world is not None:
            rows = (
                await session.execute(
                    select(LedgerEntry.amount).where(LedgerEntry.ledger_account_id == world.id)
                )
            ).scalars()
            for amount in rows:
                if amount < 0:
                    deposits -= amount
                else:
                    withdrawals += amount
        in_progress_stake = int(
            (
                await session.execute(
                    select(func.coalesce(func.sum(UthRound.staked), 0)).where(
                        UthRound.status == "in_progress"
                    )
                )
            ).scalar_one()
        )
        hand_counts = dict(
            (await session.execute(select(Hand.status, func.count()).group_by(Hand.status))).all()
        )
        round_counts = dict(
            (
                await session.execute(
                    select(UthRound.status, func.count()).group_by(UthRound.status)
                )
            ).all()
        )
    report.counts["ledger_accounts"] = len(accounts)
    for account in accounts:
        entries = int(sums.get(account.id, 0) or 0)
        if entries != account.balance:
            report.fail(
                "balance_cache", ledger_key=account.key, balance=account.balance, entries=entries
            )
        if not account.allow_negative and entries < 0:
            report.fail("negative_balance", ledger_key=account.key, entries=entries)
        if not account.allow_negative and account.balance < 0:
            report.fail("negative_balance", ledger_key=account.key, balance=account.balance)
    for txn_id, total in unbalanced:
        report.fail("transaction_balanced", transaction_id=txn_id, sum=int(total))
    held = sum(int(sums.get(a.id, 0) or 0) for a in accounts if a.key != ledger.WORLD)
    report.totals.update(
        deposits=deposits,
        withdrawals=withdrawals,
        balances_except_world=held,
        wallets=sum(a.balance for a in accounts if a.kind == "wallet"),
        escrows=sum(a.balance for a in accounts if a.kind == "escrow"),
        house=sum(a.balance for a in accounts if a.key == ledger.HOUSE),
        rake=sum(a.balance for a in accounts if a.key == ledger.RAKE),
        uth_at_risk=sum(a.balance for a in accounts if a.key == ledger.UTH_AT_RISK),
    )
    if held != deposits - withdrawals:
        report.fail(
            "money_supply",
            balances_except_world=held,
            deposits_minus_withdrawals=deposits - withdrawals,
        )
    if report.totals["uth_at_risk"] != in_progress_stake:
        report.fail(
            "uth_at_risk",
            balance=report.totals["uth_at_risk"],
            stakes_in_progress=in_progress_stake,
        )
    # Every status is reported, zero included: a reader (or a test) asking how many hands were
    # settled gets 0, not a missing key, when none was.
    for status in ("in_progress", "settled", "voided"):
        report.counts[f"hands_{status}"] = int(hand_counts.get(status, 0))
        report.counts[f"uth_rounds_{status}"] = int(round_counts.get(status, 0))
    report.counts.update({f"hands_{k}": int(v) for k, v in hand_counts.items()})
    report.counts.update({f"uth_rounds_{k}": int(v) for k, v in round_counts.items()})
    await _audit_hands(db, report, replayers or {}, batch)
    await _audit_uth_rounds(db, report, uth_replayer, batch)
    await _audit_seeds(db, report, batch)
    await audit_tournaments(db, report)
    await audit_operator_log(db, report)
    return report


async def _audit_uth_rounds(
    db: Database, report: AuditReport, replayer: UthReplayer | None, batch: int
) -> None:
    replayed = unreplayable = 0
    last_id = 0
    while True:
        async with db.read() as session:
            rows = (
                (
                    await session.execute(
                        select(UthRound)
                        .where(UthRound.status == "settled", UthRound.id > last_id)
                        .order_by(UthRound.id)
                        .limit(batch)
                    )
                )
                .scalars()
                .all()
            )
        if not rows:
            break
        last_id = rows[-1].id
        for row in rows:
            stored = stored_round(row)
            if replayer is None or not stored.record or stored.seat is None:
                unreplayable += 1
                continue
            try:
                net = replayer(stored)
            except Exception as exc:
                report.fail("uth_replay", round_id=stored.id, error=f"{type(exc).__name__}: {exc}")
                continue
            replayed += 1
            if net != stored.payout - stored.staked:
                report.fail(
                    "uth_replay",
                    round_id=stored.id,
                    stored_net=stored.payout - stored.staked,
                    replayed_net=net,
                )
    report.counts["uth_rounds_replayed"] = replayed
    report.counts["uth_rounds_not_replayable"] = unreplayable


async def _hand_legs(db: Database, hand_ids: list[int]) -> dict[int, dict[str, int]]:
    legs: dict[int, dict[str, int]] = {h: {} for h in hand_ids}
    async with db.read() as session:
        rows = (
            await session.execute(
                select(LedgerTransaction.hand_id, LedgerAccount.key, LedgerEntry.amount)
                .join(LedgerEntry, LedgerEntry.transaction_id == LedgerTransaction.id)
                .join(LedgerAccount, LedgerAccount.id == LedgerEntry.ledger_account_id)
                .where(LedgerTransaction.hand_id.in_(hand_ids))
            )
        ).all()
    for hand_id, key, amount in rows:
        assert hand_id is not None
        legs[hand_id][key] = legs[hand_id].get(key, 0) + int(amount)
    return legs


async def _audit_hands(
    db: Database, report: AuditReport, replayers: Mapping[str, Replayer], batch: int
) -> None:
    replayed = unreplayable = 0
    last_id = 0
    while True:
        async with db.read() as session:
            rows = (
                (
                    await session.execute(
                        select(Hand)
                        .where(Hand.status == SETTLED, Hand.id > last_id)
                        .order_by(Hand.id)
                        .limit(batch)
                    )
                )
                .scalars()
                .all()
            )
        if not rows:
            break
        last_id = rows[-1].id
        hands = [stored_hand(r) for r in rows]
        legs = await _hand_legs(db, [h.id for h in hands])
        for hand in hands:
            net = hand.net()
            expected = {ledger.escrow(hand.table_id, a).key: v for a, v in net.items() if v != 0}
            if hand.kind == TOURNAMENT:
                expected = {}  # tournament chips are not money: no ledger movement at all
            if hand.rake:
                expected[ledger.RAKE] = hand.rake
            if legs[hand.id] != expected:
                report.fail("hand_ledger", hand_id=hand.id, expected=expected, posted=legs[hand.id])
            replayer = replayers.get(hand.kind)
            if replayer is None or not hand.record:
                unreplayable += 1
                continue
            try:
                outcome = replayer(hand)
            except Exception as exc:  # a record that no longer replays is a finding, not a crash
                report.fail("hand_replay", hand_id=hand.id, error=f"{type(exc).__name__}: {exc}")
                continue
            replayed += 1
            finals = dict(hand.final_stacks)
            stored = {s.seat: finals.get(s.account_id) for s in hand.seats}
            got = {seat: outcome.final_stacks.get(seat) for seat in stored}
            if got != stored or outcome.rake != hand.rake:
                report.fail(
                    "hand_replay",
                    hand_id=hand.id,
                    stored={"stacks": stored, "rake": hand.rake},
                    replayed={"stacks": got, "rake": outcome.rake},
                )
    report.counts["hands_replayed"] = replayed
    report.counts["hands_not_replayable"] = unreplayable


async def _audit_seeds(db: Database, report: AuditReport, batch: int) -> None:
    """fairness_seed: each revealed server seed against its commitment (voided deals too)."""
    checked = 0
    for model, what in ((Hand, "hand_id"), (UthRound, "round_id")):
        last_id = 0
        while True:
            async with db.read() as session:
                rows = (await session.execute(
                    select(model.id, model.status, model.commitment, model.server_seed)
                    .where(model.id > last_id, model.server_seed != "")
                    .order_by(model.id).limit(batch))).all()
            if not rows:
                break
            last_id = rows[-1][0]
            for row_id, status, published, seed in rows:
                checked += 1
                try:
                    raw = bytes.fromhex(seed)
                except ValueError:
                    raw = b""
                if len(raw) != 32 or commitment(raw) != published:
                    report.fail("fairness_seed", **{what: row_id}, status=status,
                                commitment=published, server_seed=seed)
    report.counts["seeds_checked"] = checked


def summary_json(report: AuditReport) -> str:
    return json.dumps(report.summary(), indent=2, sort_keys=True, default=str)
