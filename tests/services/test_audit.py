"""The audit: passes on honest data, and catches every kind of tampering."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

from pokerroom.services.audit import ReplayOutcome, poker_replayer, run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore, StoredHand
from pokerroom.services.uth_rounds import UthRounds
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account
from pokerroom.storage.records import encode_record

_spec = importlib.util.spec_from_file_location(
    "storage_records_helpers", Path(__file__).parents[1] / "storage" / "test_records.py"
)
assert _spec and _spec.loader
_helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_helpers)
play_random_hand = _helpers.play_random_hand


async def populated(db: Database, hands_to_play: int = 6) -> list[int]:
    """Three players, buy-ins, real engine hands settled with their records, a UTH round."""
    async with db.write() as session:
        rows = [
            Account(name=f"p{i}", name_key=f"p{i}", password_hash="x", created_ms=0)
            for i in range(3)
        ]
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    cashier = Cashier(db)
    for account in ids:
        await cashier.deposit(account, 1000, key=f"d{account}")
        await cashier.buy_in(account, "t1", 100, key=f"b{account}")
    store = HandStore(db)
    stacks = {a: 100 for a in ids}
    number = 0
    for seed in range(hands_to_play):
        if min(stacks.values()) < 2:
            break
        number += 1
        hand = play_random_hand(seed, stacks=tuple(stacks[a] for a in ids))
        seats = [HandSeat(seat=i, account_id=a, stack=stacks[a]) for i, a in enumerate(ids)]
        hand_id = await store.begin_hand("t1", number, seats, record=encode_record(hand.record))
        finals = {a: hand.result.stack(i) for i, a in enumerate(ids)}
        await store.settle_hand(
            hand_id, final_stacks=finals, rake=hand.result.rake, record=encode_record(hand.record)
        )
        stacks = finals
    rounds = UthRounds(db)
    round_id = await rounds.begin_round(ids[0])
    await rounds.stake(round_id, 20, key="u1", state="")
    await rounds.settle_round(round_id, net=-20, record="")
    await cashier.withdraw(ids[1], 50, key="w")
    return ids


async def drop_append_only_guard(db: Database) -> None:
    """What an attacker with database access would do first."""
    async with db.write() as session:
        if db.is_sqlite:
            await session.execute(text("DROP TRIGGER ledger_entries_no_update"))
        else:
            await session.execute(text("DROP TRIGGER ledger_entries_append_only ON ledger_entries"))


def checks(report) -> set[str]:  # type: ignore[no-untyped-def]
    return {d["check"] for d in report.discrepancies}


async def test_honest_data_passes_and_every_hand_replays(db: Database) -> None:
    await populated(db)
    report = await run_audit(db, replayers={"poker": poker_replayer})
    assert report.ok, report.discrepancies
    assert report.counts["hands_replayed"] == report.counts["hands_settled"] >= 1
    assert report.counts["hands_not_replayable"] == 0
    totals = report.totals
    assert totals["deposits"] == 3000 and totals["withdrawals"] == 50
    assert totals["balances_except_world"] == 2950
    assert totals["wallets"] + totals["escrows"] + totals["house"] + totals["rake"] == 2950


async def test_a_tampered_entry_is_caught(db: Database) -> None:
    await populated(db)
    await drop_append_only_guard(db)
    async with db.write() as session:
        await session.execute(
            text(
                "UPDATE ledger_entries SET amount = amount + 7 WHERE id = (SELECT MAX(id) FROM ledger_entries)"
            )
        )
    report = await run_audit(db)
    assert not report.ok
    assert {"balance_cache", "transaction_balanced", "money_supply"} <= checks(report)


async def test_a_tampered_balance_is_caught(db: Database) -> None:
    await populated(db)
    async with db.write() as session:
        await session.execute(
            text("UPDATE ledger_accounts SET balance = balance + 1 WHERE key = 'house'")
        )
    assert checks(await run_audit(db)) == {"balance_cache"}


async def test_an_inserted_unbalanced_entry_is_caught(db: Database) -> None:
    ids = await populated(db)
    async with db.write() as session:
        await session.execute(
            text(
                "INSERT INTO ledger_entries (transaction_id, ledger_account_id, amount) "
                "SELECT MIN(id), (SELECT id FROM ledger_accounts WHERE key = :k), 500 "
                "FROM ledger_transactions"
            ),
            {"k": f"wallet:{ids[2]}"},
        )
        await session.execute(
            text("UPDATE ledger_accounts SET balance = balance + 500 WHERE key = :k"),
            {"k": f"wallet:{ids[2]}"},
        )
    found = checks(await run_audit(db))
    assert "transaction_balanced" in found and "money_supply" in found


async def test_a_negative_balance_is_caught(db: Database) -> None:
    ids = await populated(db)
    await drop_append_only_guard(db)
    key = f"wallet:{ids[2]}"
    async with db.write() as session:
        # Drain the wallet into the house, consistently everywhere but the sign.
        row = (
            await session.execute(
                text("SELECT balance FROM ledger_accounts WHERE key = :k"), {"k": key}
            )
        ).one()
        amount = row[0] + 10
        await session.execute(
            text(
                "UPDATE ledger_entries SET amount = amount - :a WHERE id = (SELECT MIN(e.id) FROM ledger_entries e "
                "JOIN ledger_accounts a ON a.id = e.ledger_account_id WHERE a.key = :k)"
            ),
            {"a": amount, "k": key},
        )
    found = checks(await run_audit(db))
    assert "negative_balance" in found


async def test_a_hand_result_that_does_not_match_its_chips_or_its_replay_is_caught(
    db: Database,
) -> None:
    await populated(db)
    async with db.write() as session:
        hand_id, result = (
            await session.execute(text("SELECT id, result FROM hands ORDER BY id LIMIT 1"))
        ).one()
        finals = json.loads(result)
        a, b = sorted(finals)[:2]
        finals[a] += 1
        finals[b] -= 1
        await session.execute(
            text("UPDATE hands SET result = :r WHERE id = :i"),
            {"r": json.dumps(finals), "i": hand_id},
        )
    report = await run_audit(db, replayers={"poker": poker_replayer})
    bad = [d for d in report.discrepancies if d.get("hand_id") == hand_id]
    assert {d["check"] for d in bad} == {"hand_ledger", "hand_replay"}


async def test_a_replayer_that_disagrees_or_fails_is_reported(db: Database) -> None:
    await populated(db, hands_to_play=2)

    def wrong(hand: StoredHand) -> ReplayOutcome:
        return ReplayOutcome(final_stacks={s.seat: s.stack for s in hand.seats}, rake=0)

    def broken(hand: StoredHand) -> ReplayOutcome:
        raise ValueError("cannot read")

    assert checks(await run_audit(db, replayers={"poker": wrong})) == {"hand_replay"}
    report = await run_audit(db, replayers={"poker": broken})
    assert checks(report) == {"hand_replay"} and "cannot read" in report.discrepancies[0]["error"]


async def test_uth_stakes_that_vanish_are_caught(db: Database) -> None:
    await populated(db, hands_to_play=1)
    async with db.write() as session:
        await session.execute(text("UPDATE uth_rounds SET status = 'in_progress'"))
    assert checks(await run_audit(db)) == {"uth_at_risk"}


def test_the_audit_command_prints_json_and_exits_non_zero_on_a_discrepancy(tmp_path) -> None:
    import asyncio

    from pokerroom.cli import app
    from pokerroom.storage.database import open_database

    url = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"

    async def prepare(tamper: bool) -> None:
        db = await open_database(url)
        if tamper:
            async with db.write() as session:
                await session.execute(
                    text(
                        "UPDATE ledger_accounts SET balance = balance - 1 WHERE key = 'rake' OR kind = 'wallet'"
                    )
                )
        else:
            await populated(db, hands_to_play=3)
        await db.close()

    runner = CliRunner()
    asyncio.run(prepare(False))
    clean = runner.invoke(app, ["audit", "--database", url])
    assert clean.exit_code == 0, clean.output
    summary = json.loads(clean.output)
    assert summary["ok"] is True and summary["counts"]["hands_replayed"] >= 1
    asyncio.run(prepare(True))
    dirty = runner.invoke(app, ["audit", "--database", url])
    assert dirty.exit_code == 1
    summary = json.loads(dirty.output)
    assert summary["ok"] is False and summary["discrepancy_count"] >= 1


async def test_a_voided_hands_revealed_seed_is_checked_against_its_commitment(
        db: Database) -> None:
    """A crash-voided hand reveals its sealed seed (services.seal, recovery); the audit checks
    every revealed seed against the commitment published before the deal: one changed
    afterwards is reported (before, only the chips were audited)."""
    import hashlib
    import secrets

    from pokerroom.services.recovery import recover
    from pokerroom.services.seal import SealKey

    ids = await populated(db)
    seal = SealKey.ephemeral()
    seed = secrets.token_bytes(32)
    published = hashlib.sha256(seed).hexdigest()
    stored = (await run_audit(db)).summary()["counts"]
    number = stored["hands_settled"] + 1
    seats = [HandSeat(seat=i, account_id=a, stack=1) for i, a in enumerate(ids)]
    store = HandStore(db)
    hand_id = await store.begin_hand("t1", number, seats, check_escrow=False,
                                     commitment=published, client_seeds=["a", "b", "c"],
                                     sealed_seed=seal.seal(seed, published))
    report = await recover(db, seal=seal)  # the process died mid-hand: voided, seed revealed
    assert report.voided_hands == (hand_id,)
    voided = await store.get(hand_id)
    assert voided.status == "voided" and voided.server_seed == seed.hex()
    honest = await run_audit(db)
    assert "fairness_seed" not in checks(honest), honest.discrepancies
    assert honest.counts["seeds_checked"] >= 1
    async with db.write() as session:  # a seed swapped after the deal
        await session.execute(text("UPDATE hands SET server_seed = :s WHERE id = :i"),
                              {"s": secrets.token_bytes(32).hex(), "i": hand_id})
    tampered = await run_audit(db)
    found = [d for d in tampered.discrepancies if d["check"] == "fairness_seed"]
    assert [d["hand_id"] for d in found] == [hand_id] and found[0]["status"] == "voided"
