"""Fencing (issue 10): a cluster node that lost a table's lease can never move a chip there
again. Two nodes share one PostgreSQL schema, each with its own connection pool and fence;
node a deals a hand, node b takes the table over (epoch + 1), and every later write of a for
that table (settlement, hand start, buy-in, cash-out, UTH stake) is refused in its own
transaction and changes nothing. PostgreSQL only: a cluster runs on nothing else."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from tests.services.test_hands import seated

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.services.leases import TableLeases
from pokerroom.services.recovery import recover
from pokerroom.services.uth_rounds import UthRounds
from pokerroom.storage.database import Database
from pokerroom.storage.fencing import Fence, FencedError


@pytest.fixture
async def pg(tmp_path) -> AsyncIterator[Database]:  # type: ignore[no-untyped-def]
    from tests.conftest import drop_db, make_db

    database, cleanup = await make_db("postgres", tmp_path)
    try:
        yield database
    finally:
        await drop_db(database, cleanup)


async def _balances(db: Database, accounts: list[int], table: str) -> list[int]:
    cashier = Cashier(db)
    return [v for a in accounts for v in (await cashier.escrow_balance(a, table),
                                          await cashier.wallet_balance(a))]


async def test_a_stale_epoch_write_is_refused_and_changes_nothing(pg: Database) -> None:
    a, b = await seated(pg, [500, 500])
    node_a, node_b = pg, Database(pg.url, schema=pg.schema)
    try:
        leases = TableLeases(pg)
        epoch_a = await leases.take("t1", node="a", ttl_ms=6000, now_ms=0)
        assert epoch_a == 1
        node_a.fence = Fence("a", {"t1": epoch_a})
        node_b.fence = Fence("b")
        seats = [HandSeat(seat=0, account_id=a, stack=500), HandSeat(seat=1, account_id=b,
                                                                      stack=500)]
        hand_id = await HandStore(node_a).begin_hand("t1", 1, seats)
        # b may not write for t1 while a holds it
        with pytest.raises(FencedError):
            await Cashier(node_b).buy_in(a, "t1", 10, key="b-early")

        # a is cut off; its lease expires and b takes the table: epoch 2, the hand voided
        epoch_b = await TableLeases(node_b).take("t1", node="b", ttl_ms=6000, now_ms=10_000)
        assert epoch_b == 2
        node_b.fence.hold("t1", epoch_b)
        before = await _balances(pg, [a, b], "t1")
        # a's settlement arrives after the take-over, before b voided the hand: refused
        with pytest.raises(FencedError, match="owned by b at epoch 2"):
            await HandStore(node_a).settle_hand(hand_id, final_stacks={a: 1000, b: 0},
                                                record="{}")
        assert (await HandStore(pg).get(hand_id)).status == "in_progress"
        report = await recover(node_b, tables=["t1"], reason="the server that dealt it stopped")
        assert report.voided_hands == (hand_id,)

        # a tries every other kind of write at t1: each refused, nothing moves
        with pytest.raises(FencedError):
            await HandStore(node_a).begin_hand("t1", 2, seats)
        with pytest.raises(FencedError):
            await Cashier(node_a).buy_in(a, "t1", 100, key="late-buy-in")
        with pytest.raises(FencedError):
            await Cashier(node_a).cash_out(b, "t1", 100, key="late-cash-out")
        with pytest.raises(FencedError):
            await UthRounds(node_a).begin_round(a, table_id="t1")
        assert await _balances(pg, [a, b], "t1") == before
        stored = await HandStore(pg).get(hand_id)
        assert stored.status == "voided" and stored.final_stacks == ()
        assert await HandStore(pg).last_hand_number("t1") == 1

        # the new owner plays on
        hand_two = await HandStore(node_b).begin_hand("t1", 2, seats)
        await HandStore(node_b).settle_hand(hand_two, final_stacks={a: 600, b: 400},
                                            record="{}")
        assert (await Cashier(pg).escrow_balance(a, "t1")) == 600
        # a UTH stake at a table a does not hold is refused too
        await TableLeases(node_b).take("uth", node="b", ttl_ms=6000, now_ms=10_000)
        with pytest.raises(FencedError):
            await UthRounds(node_a).begin_round(b, table_id="uth")
        node_a.fence = None
        audit = await run_audit(pg)
        assert audit.ok, audit.discrepancies
    finally:
        node_a.fence = None
        await node_b.close()


async def test_a_write_for_a_table_with_no_lease_is_refused(pg: Database) -> None:
    (a,) = await seated(pg, [300])
    pg.fence = Fence("a")
    try:
        with pytest.raises(FencedError, match="owned by nobody"):
            await Cashier(pg).buy_in(a, "t2", 50, key="no-lease")
        # the wallet is not a table's: deposits need no lease
        await Cashier(pg).deposit(a, 5, key="plain-deposit")
    finally:
        pg.fence = None
    assert await Cashier(pg).escrow_balance(a, "t2") == 0


async def test_renewal_skips_a_lease_row_a_hand_write_holds_and_finds_a_lost_one(
        pg: Database) -> None:
    from sqlalchemy import text

    leases = TableLeases(pg)
    held = {t: await leases.take(t, node="a", ttl_ms=6000, now_ms=0) or 0
            for t in ("t1", "t2", "t3")}
    other = Database(pg.url, schema=pg.schema)
    try:
        # a hand write at t2 (on another connection) share-locks its lease row meanwhile
        async with other.write() as session:
            await session.execute(text("SELECT 1 FROM table_leases WHERE table_id = 't2' "
                                       "FOR SHARE"))
            renewed, lost = await leases.renew_all(held, node="a", ttl_ms=6000, now_ms=1000)
        assert (renewed, lost) == ({"t1", "t3"}, set())  # t2 waits for the next tick
        await TableLeases(other).take("t3", node="b", ttl_ms=6000, now_ms=10_000)
        renewed, lost = await leases.renew_all(held, node="a", ttl_ms=6000, now_ms=10_000)
        assert (renewed, lost) == ({"t1", "t2"}, {"t3"})
    finally:
        await other.close()


async def test_renewal_waits_a_moment_for_a_hand_write_that_holds_a_lease_row(
        pg: Database) -> None:
    """A busy table's lease row, share-locked by a hand write that commits soon, is renewed at
    this tick (it used to be skipped tick after tick under load, until the node stopped the
    table mid-hand)."""
    import asyncio

    from sqlalchemy import text

    leases = TableLeases(pg)
    held = {t: await leases.take(t, node="a", ttl_ms=6000, now_ms=0) or 0 for t in ("t1", "t2")}
    other = Database(pg.url, schema=pg.schema)
    locked = asyncio.Event()

    async def hand_write() -> None:
        async with other.write() as session:
            await session.execute(text("SELECT 1 FROM table_leases WHERE table_id = 't2' "
                                       "FOR SHARE"))
            locked.set()
            await asyncio.sleep(0.1)  # the commit comes while the renewal waits

    try:
        writing = asyncio.create_task(hand_write())
        await locked.wait()
        renewed, lost = await leases.renew_all(held, node="a", ttl_ms=6000, now_ms=1000)
        await writing
        assert (renewed, lost) == ({"t1", "t2"}, set())
        assert (await leases.get("t2")).expires_ms == 7000  # type: ignore[union-attr]
    finally:
        await other.close()


async def test_a_fenced_out_node_keeps_no_seating_for_the_table(pg: Database) -> None:
    """The seating kept between hands (services.seating) is a table write like the others:
    once b took the table over, a's late save is refused and b's seating stays the table's."""
    from pokerroom.core.table import SeatRecord
    from pokerroom.services.seating import SavedSeat, SeatBook, Seating

    def seating(name: str, seat: int) -> Seating:
        record = SeatRecord(account=7, seat=seat, stack=0, new=False, waits=False,
                            sitting_out=False, owes_small=False, owes_big=False,
                            played_last=True, orbits_out=0, busted=False,
                            time_bank_ms=30_000)
        return Seating(seats=(SavedSeat(account_id=7, name=name, auto_post=True,
                                        record=record),), previous=None)

    node_a, node_b = pg, Database(pg.url, schema=pg.schema)
    try:
        epoch_a = await TableLeases(pg).take("t5", node="a", ttl_ms=6000, now_ms=0)
        assert epoch_a is not None
        node_a.fence = Fence("a", {"t5": epoch_a})
        await SeatBook(node_a).save("t5", seating("by-a", 1))
        epoch_b = await TableLeases(node_b).take("t5", node="b", ttl_ms=6000, now_ms=10_000)
        assert epoch_b == epoch_a + 1
        node_b.fence = Fence("b", {"t5": epoch_b})
        await SeatBook(node_b).save("t5", seating("by-b", 2))
        with pytest.raises(FencedError):
            await SeatBook(node_a).save("t5", seating("late-a", 3))
        kept = await SeatBook(node_b).load("t5")
        assert kept is not None and [(s.name, s.record.seat) for s in kept.seats] == [
            ("by-b", 2)]
    finally:
        node_a.fence = None
        await node_b.close()
