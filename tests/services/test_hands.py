"""Hands: begun with the start stacks, settled atomically with the chips (R-POT-3)."""

from __future__ import annotations

import json

import pytest

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.errors import InsufficientFundsError, StateError
from pokerroom.storage.models import Account


async def seated(db: Database, stacks: list[int], table: str = "t1") -> list[int]:
    async with db.write() as session:
        rows = [
            Account(name=f"p{i}", name_key=f"p{i}", password_hash="x", created_ms=0)
            for i in range(len(stacks))
        ]
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    cashier = Cashier(db)
    for account, stack in zip(ids, stacks, strict=True):
        await cashier.deposit(account, 1000, key=f"d{account}")
        await cashier.buy_in(account, table, stack, key=f"b{account}")
    return ids


async def test_R_POT_3_settlement_moves_each_net_result_and_the_rake(db: Database) -> None:
    """R-POT-3: the settled chips add up: final stacks + rake equal the start stacks."""
    a, b, c = await seated(db, [200, 300, 100])
    hands = HandStore(db)
    seats = [
        HandSeat(seat=i, account_id=x, stack=s)
        for i, (x, s) in enumerate([(a, 200), (b, 300), (c, 100)])
    ]
    hand_id = await hands.begin_hand("t1", 1, seats, record="{}")
    assert [h.id for h in await hands.in_progress()] == [hand_id]
    posted = await hands.settle_hand(
        hand_id, final_stacks={a: 395, b: 200, c: 0}, rake=5, record='{"done": 1}'
    )
    cashier = Cashier(db)
    assert [await cashier.escrow_balance(x, "t1") for x in (a, b, c)] == [395, 200, 0]
    assert await cashier.balance(ledger.RAKE) == 5
    again = await hands.settle_hand(hand_id, final_stacks={a: 395, b: 200, c: 0}, rake=5, record="")
    assert again.replayed and again.transaction_id == posted.transaction_id
    stored = await hands.get(hand_id)
    assert stored.status == "settled" and stored.record == '{"done": 1}'
    assert stored.net() == {a: 195, b: -100, c: -100}
    assert await hands.in_progress() == []
    assert [h.id for h in await hands.history(b)] == [hand_id]
    assert await hands.last_hand_number("t1") == 1
    report = await run_audit(db)
    assert report.ok, report.discrepancies


async def test_R_POT_3_a_settlement_that_creates_or_loses_chips_is_refused(db: Database) -> None:
    """R-POT-3: chips are never created or lost; such a settlement changes nothing."""
    a, b = await seated(db, [100, 100])
    hands = HandStore(db)
    hand_id = await hands.begin_hand(
        "t1",
        1,
        [HandSeat(seat=0, account_id=a, stack=100), HandSeat(seat=1, account_id=b, stack=100)],
    )
    for finals, rake in (({a: 150, b: 60}, 0), ({a: 150, b: 50}, 1), ({a: 201, b: -1}, 0)):
        with pytest.raises(StateError):
            await hands.settle_hand(hand_id, final_stacks=finals, rake=rake, record="")
    with pytest.raises(StateError):
        await hands.settle_hand(hand_id, final_stacks={a: 200}, rake=0, record="")
    assert (await hands.get(hand_id)).status == "in_progress"
    assert await Cashier(db).escrow_balance(a, "t1") == 100


async def test_begin_hand_refuses_stacks_that_differ_from_the_escrow(db: Database) -> None:
    (a,) = await seated(db, [100])
    with pytest.raises(StateError, match="escrow"):
        await HandStore(db).begin_hand("t1", 1, [HandSeat(seat=0, account_id=a, stack=120)])


async def test_chips_cashed_out_mid_hand_cannot_be_lost_twice(db: Database) -> None:
    """A cash-out racing a hand: the settlement would overdraw the escrow and is refused."""
    a, b = await seated(db, [100, 100])
    hands = HandStore(db)
    hand_id = await hands.begin_hand(
        "t1",
        1,
        [HandSeat(seat=0, account_id=a, stack=100), HandSeat(seat=1, account_id=b, stack=100)],
    )
    await Cashier(db).cash_out(a, "t1", 100, key="early")
    with pytest.raises(InsufficientFundsError):
        await hands.settle_hand(hand_id, final_stacks={a: 0, b: 200}, rake=0, record="")
    assert (await run_audit(db)).ok


async def test_a_voided_hand_cannot_be_settled(db: Database) -> None:
    a, b = await seated(db, [100, 100])
    hands = HandStore(db)
    seats = [HandSeat(seat=0, account_id=a, stack=100), HandSeat(seat=1, account_id=b, stack=100)]
    hand_id = await hands.begin_hand("t1", 7, seats, record=json.dumps({"deck": [1, 2, 3]}))
    assert sorted(await hands.void_hand(hand_id, "test")) == sorted([a, b])
    with pytest.raises(StateError):
        await hands.settle_hand(hand_id, final_stacks={a: 0, b: 200}, rake=0, record="")
    assert await Cashier(db).escrow_balance(a, "t1") == 100
    assert (await hands.get(hand_id)).void_reason == "test"


async def test_a_hand_number_cannot_be_used_twice_at_a_table(db: Database) -> None:
    (a,) = await seated(db, [100])
    hands = HandStore(db)
    seats = [HandSeat(seat=0, account_id=a, stack=100)]
    first = await hands.begin_hand("t1", 3, seats)
    await hands.void_hand(first, "test")
    with pytest.raises(StateError, match="already used"):
        await hands.begin_hand("t1", 3, seats)
    assert await hands.begin_hand("t1", await hands.last_hand_number("t1") + 1, seats) > first
