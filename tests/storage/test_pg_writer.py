"""The hot path's writer on PostgreSQL (storage.pg_writer, issue 11): a connection lost between
two hand writes is replaced, and the write goes through; no chip is lost or made. PostgreSQL
only (on SQLite the writer is storage.sqlite_writer)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from tests.services.test_hands import seated

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.storage.database import Database


@pytest.fixture
async def pg(tmp_path) -> AsyncIterator[Database]:  # type: ignore[no-untyped-def]
    from tests.conftest import drop_db, make_db

    database, cleanup = await make_db("postgres", tmp_path)
    try:
        yield database
    finally:
        await drop_db(database, cleanup)


async def test_a_lost_connection_is_replaced_and_the_hand_settles(pg: Database) -> None:
    from sqlalchemy import text

    a, b = await seated(pg, [500, 500])
    hands = HandStore(pg)
    hand_id = await hands.begin_hand("t1", 1, [HandSeat(seat=0, account_id=a, stack=500),
                                               HandSeat(seat=1, account_id=b, stack=500)])
    writer = pg.pg_writer()
    assert writer is not None and writer._conn is not None
    pid = writer._conn.get_server_pid()
    async with pg.write() as session:  # the database server drops the writer's connection
        await session.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
    posted = await hands.settle_hand(hand_id, final_stacks={a: 700, b: 300}, record="{}")
    assert posted.legs == ((f"escrow:t1:{a}", 200), (f"escrow:t1:{b}", -200))
    assert writer._conn.get_server_pid() != pid
    assert await Cashier(pg).escrow_balance(a, "t1") == 700
    assert (await hands.get(hand_id)).status == "settled"
    report = await run_audit(pg)
    assert report.ok, report.discrepancies
