"""Group commit across tables (issue 11): concurrent hand writes share transactions, on the
SQLite writer thread and on PostgreSQL alike, and a refused one is rolled back alone."""

from __future__ import annotations

import asyncio

import pytest

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.storage.database import Database
from pokerroom.storage.errors import InsufficientFundsError, StateError
from pokerroom.storage.models import Account

TABLES = 12


async def players(db: Database) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"g{i}", name_key=f"g{i}", password_hash="x", created_ms=0)
                for i in range(2 * TABLES)]
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    cashier = Cashier(db)
    for i, account in enumerate(ids):
        await cashier.deposit(account, 1000, key=f"d{account}")
        await cashier.buy_in(account, f"t{i // 2}", 500, key=f"b{account}")
    return ids


async def test_hands_of_many_tables_share_commits_and_a_refusal_fails_alone(db: Database) -> None:
    ids = await players(db)
    hands = HandStore(db)
    # the hot path's writer: a thread on a SQLite file, an asyncpg connection on PostgreSQL
    writer = db.sqlite_writer() or db.pg_writer()
    assert writer is not None

    def seats(t: int, stack: int = 500) -> list[HandSeat]:
        return [HandSeat(seat=0, account_id=ids[2 * t], stack=stack),
                HandSeat(seat=1, account_id=ids[2 * t + 1], stack=500)]

    async def begin(t: int) -> int | str:
        try:  # table 0 claims a stack its escrow does not hold: refused, alone
            return await hands.begin_hand(f"t{t}", 1, seats(t, 900 if t == 0 else 500))
        except StateError:
            return "refused"

    before = writer.commits
    started = await asyncio.gather(*(begin(t) for t in range(TABLES)))
    assert started[0] == "refused" and all(isinstance(h, int) for h in started[1:])
    ends = await asyncio.gather(*(
        hands.settle_hand(h, final_stacks={ids[2 * t]: 700, ids[2 * t + 1]: 300}, record="{}")
        for t, h in enumerate(started) if isinstance(h, int)))
    assert len({p.transaction_id for p in ends}) == TABLES - 1
    used = writer.commits - before
    assert 0 < used < TABLES, f"{used} commits for {2 * (TABLES - 1) + 1} writes"
    cashier = Cashier(db)
    assert await cashier.escrow_balance(ids[2], "t1") == 700
    assert await cashier.escrow_balance(ids[0], "t0") == 500  # the refused table moved nothing
    assert [h.status for h in await hands.in_progress()] == []
    report = await run_audit(db)
    assert report.ok, report.discrepancies


async def test_a_settlement_refused_by_the_ledger_leaves_its_hand_in_progress(
    db: Database,
) -> None:
    ids = await players(db)
    hands = HandStore(db)
    hand = await hands.begin_hand("t0", 1, [HandSeat(seat=0, account_id=ids[0], stack=500),
                                            HandSeat(seat=1, account_id=ids[1], stack=500)])
    # Chips cashed out mid-hand (escrow emptied behind the table's back): the posting would
    # drive the escrow negative and is refused; nothing of the hand's end is stored.
    await Cashier(db).cash_out(ids[0], "t0", 500, key="out")
    with pytest.raises(InsufficientFundsError):
        await hands.settle_hand(hand, final_stacks={ids[0]: 400, ids[1]: 600}, record="{}")
    assert (await hands.get(hand)).status == "in_progress"


async def test_a_lazy_write_waits_for_an_urgent_one_and_shares_its_commit(db: Database) -> None:
    """A hand's start (lazy) queued alone waits for company; another table's hand end (urgent)
    takes it along at once: one commit for both, well before the window is out."""
    ids = await players(db)
    hands = HandStore(db)
    writer = db.sqlite_writer() or db.pg_writer()
    assert writer is not None
    first = await hands.begin_hand("t0", 1, [HandSeat(seat=0, account_id=ids[0], stack=500),
                                             HandSeat(seat=1, account_id=ids[1], stack=500)])
    writer.lazy_window_s = 30.0  # far longer than the test may take: only company ends it
    before = writer.commits
    start = asyncio.create_task(hands.begin_hand(
        "t1", 1, [HandSeat(seat=0, account_id=ids[2], stack=500),
                  HandSeat(seat=1, account_id=ids[3], stack=500)]))
    await asyncio.sleep(0.2)
    assert not start.done() and writer.commits == before  # waiting for company
    end = await asyncio.wait_for(hands.settle_hand(
        first, final_stacks={ids[0]: 600, ids[1]: 400}, record="{}"), 10)
    second = await asyncio.wait_for(start, 10)
    assert writer.commits - before == 1
    assert (await hands.get(second)).status == "in_progress"
    assert end.kind == "hand"
    assert await Cashier(db).escrow_balance(ids[0], "t0") == 600


async def test_a_lazy_write_alone_commits_when_the_window_ends(db: Database) -> None:
    ids = await players(db)
    hands = HandStore(db)
    writer = db.sqlite_writer() or db.pg_writer()
    assert writer is not None
    writer.lazy_window_s = 0.3
    before = writer.commits
    hand = await asyncio.wait_for(hands.begin_hand(
        "t0", 1, [HandSeat(seat=0, account_id=ids[0], stack=500),
                  HandSeat(seat=1, account_id=ids[1], stack=500)]), 10)
    assert writer.commits - before == 1
    assert (await hands.get(hand)).status == "in_progress"


async def test_closing_the_database_commits_a_waiting_lazy_write_at_once(
    sqlite_db: Database,
) -> None:
    db = sqlite_db
    ids = await players(db)
    writer = db.sqlite_writer()
    assert writer is not None
    writer.lazy_window_s = 30.0
    start = asyncio.create_task(HandStore(db).begin_hand(
        "t0", 1, [HandSeat(seat=0, account_id=ids[0], stack=500),
                  HandSeat(seat=1, account_id=ids[1], stack=500)]))
    await asyncio.sleep(0.2)
    assert not start.done()
    await asyncio.wait_for(db.close(), 10)
    assert isinstance(start.result(), int)
