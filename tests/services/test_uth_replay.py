"""UTH rounds stored as core RoundRecords: the audit replays them, recovery settles with the same deck."""

from __future__ import annotations

from sqlalchemy import text

from pokerroom.core.uth import Check, Fold, PlaceBets, Play, UthConfig, start_round
from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.recovery import recover
from pokerroom.services.uth_rounds import UthRounds, settle_from_record, uth_replayer
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account
from pokerroom.storage.records import encode_record

ANTE, TRIPS = 100, 50


async def player(db: Database, name: str) -> int:
    async with db.write() as session:
        row = Account(name=name, name_key=name, password_hash="x", created_ms=0)
        session.add(row)
        await session.flush()
        account = row.id
    await Cashier(db).deposit(account, 10_000, key=f"d{account}")
    return account


def round_after_play_4x(seed: int):  # type: ignore[no-untyped-def]
    rnd = start_round(UthConfig(), [1], SeededDeckSource(seed).next_deck())
    rnd.apply(PlaceBets(seat=1, ante=ANTE, trips=TRIPS))
    rnd.apply(Play(seat=1, multiple=4))
    return rnd


def final_net(seed: int) -> int:
    """The core's own settlement of the round, played to the end (independent of storage)."""
    return round_after_play_4x(seed).settlement(1).net


async def store_until_play(db: Database, account: int, seed: int) -> int:
    """Persist a round as a UTH runner would, then 'crash' after the Play bet."""
    rounds = UthRounds(db)
    rnd = start_round(UthConfig(), [1], SeededDeckSource(seed).next_deck())
    round_id = await rounds.begin_round(
        account, table_id="u1", seat=1, state=encode_record(rnd.record)
    )
    rnd.apply(PlaceBets(seat=1, ante=ANTE, trips=TRIPS))
    await rounds.stake(
        round_id, 2 * ANTE + TRIPS, key=f"r{round_id}-bets", state=encode_record(rnd.record)
    )
    rnd.apply(Play(seat=1, multiple=4))
    await rounds.stake(round_id, 4 * ANTE, key=f"r{round_id}-play", state=encode_record(rnd.record))
    return round_id


async def test_settled_rounds_replay_in_the_audit_and_a_wrong_payout_is_caught(
    db: Database,
) -> None:
    account = await player(db, "u")
    rounds = UthRounds(db)
    for seed in range(4):
        rnd = start_round(UthConfig(), [1], SeededDeckSource(seed).next_deck())
        round_id = await rounds.begin_round(account, seat=1, state=encode_record(rnd.record))
        rnd.apply(PlaceBets(seat=1, ante=ANTE))
        await rounds.stake(round_id, 2 * ANTE, key=f"b{seed}", state=encode_record(rnd.record))
        rnd.apply(Check(seat=1))
        rnd.apply(Check(seat=1))
        if seed % 2:
            rnd.apply(Fold(seat=1))
        else:
            rnd.apply(Play(seat=1, multiple=1))
            await rounds.stake(round_id, ANTE, key=f"p{seed}", state=encode_record(rnd.record))
        assert rnd.is_over
        await rounds.settle_round(
            round_id, net=rnd.settlement(1).net, record=encode_record(rnd.record)
        )
    report = await run_audit(db, uth_replayer=uth_replayer)
    assert report.ok, report.discrepancies
    assert report.counts["uth_rounds_replayed"] == 4
    async with db.write() as session:
        await session.execute(text("UPDATE uth_rounds SET payout = payout + 1 WHERE id = 1"))
    report = await run_audit(db, uth_replayer=uth_replayer)
    assert [d["check"] for d in report.discrepancies] == ["uth_replay"]


async def test_recovery_settles_a_winning_interrupted_round_and_voids_a_losing_one(
    db: Database,
) -> None:
    seeds = list(range(40))
    win = next(s for s in seeds if final_net(s) > 0)
    lose = next(s for s in seeds if final_net(s) < 0)
    winner, loser = await player(db, "w"), await player(db, "l")
    win_round = await store_until_play(db, winner, win)
    lose_round = await store_until_play(db, loser, lose)
    betting_round = await UthRounds(db).begin_round(winner, seat=1, state="")  # nothing bet yet
    report = await recover(db, uth_settler=settle_from_record)
    assert report.uth_settled == (win_round,)
    assert sorted(report.uth_voided) == sorted([lose_round, betting_round])
    cashier = Cashier(db)
    assert await cashier.wallet_balance(winner) == 10_000 + final_net(win)
    assert await cashier.wallet_balance(loser) == 10_000
    audit = await run_audit(db, uth_replayer=uth_replayer)
    assert audit.ok, audit.discrepancies
    assert audit.counts["uth_rounds_replayed"] == 1


def test_settle_from_record_returns_none_for_unusable_states() -> None:
    from pokerroom.services.uth_rounds import StoredUthRound

    base = dict(id=1, account_id=1, table_id="u", status="in_progress", staked=0, record="",
                payout=0, started_ms=0, ended_ms=None, void_reason="")  # fmt: skip
    assert settle_from_record(StoredUthRound(seat=None, state="x", **base)) is None
    assert settle_from_record(StoredUthRound(seat=1, state="not json", **base)) is None
    fresh = start_round(UthConfig(), [1], SeededDeckSource(1).next_deck())
    assert (
        settle_from_record(StoredUthRound(seat=1, state=encode_record(fresh.record), **base))
        is None
    )
