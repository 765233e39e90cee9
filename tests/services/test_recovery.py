"""Crash recovery: hands in progress voided with stacks back; UTH settled or voided, better for the player."""

from __future__ import annotations

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.services.notices import NoticeBox
from pokerroom.services.recovery import recover
from pokerroom.services.uth_rounds import StoredUthRound, UthRounds, UthSettlement
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account


async def people(db: Database, n: int) -> list[int]:
    async with db.write() as session:
        rows = [
            Account(name=f"p{i}", name_key=f"p{i}", password_hash="x", created_ms=0)
            for i in range(n)
        ]
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    for account in ids:
        await Cashier(db).deposit(account, 500, key=f"d{account}")
    return ids


async def test_a_hand_in_progress_is_voided_with_stacks_back_and_a_notice(db: Database) -> None:
    a, b = await people(db, 2)
    cashier = Cashier(db)
    await cashier.buy_in(a, "t1", 200, key="ba")
    await cashier.buy_in(b, "t1", 300, key="bb")
    hands = HandStore(db)
    seats = [HandSeat(seat=0, account_id=a, stack=200), HandSeat(seat=3, account_id=b, stack=300)]
    first = await hands.begin_hand("t1", 1, seats)
    await hands.settle_hand(first, final_stacks={a: 250, b: 250}, rake=0, record="")
    seats = [HandSeat(seat=0, account_id=a, stack=250), HandSeat(seat=3, account_id=b, stack=250)]
    interrupted = await hands.begin_hand("t1", 2, seats, record='{"deck": [5, 6]}')
    # ... the process dies here; a new one starts:
    report = await recover(db, now_ms=99)
    assert report.voided_hands == (interrupted,)
    assert sorted(report.open_escrows) == sorted([("t1", a, 250), ("t1", b, 250)])
    stored = await hands.get(interrupted)
    assert stored.status == "voided" and stored.record == '{"deck": [5, 6]}'
    assert stored.void_reason and stored.ended_ms == 99
    assert [h.id for h in await hands.history(a)] == [interrupted, first]
    notices = await NoticeBox(db).pending(b)
    assert [n.kind for n in notices] == ["hand_voided"]
    assert notices[0].data()["stack"] == 250 and notices[0].data()["hand_number"] == 2
    await NoticeBox(db).mark_delivered([n.id for n in notices])
    assert await NoticeBox(db).pending(b) == []
    # Recovery twice is harmless, and the next hand number follows on.
    assert (await recover(db)).voided_hands == ()
    assert await hands.last_hand_number("t1") == 2
    assert (await run_audit(db)).ok


async def test_interrupted_uth_rounds_get_the_better_of_settle_and_void(db: Database) -> None:
    winner, loser, unknown = await people(db, 3)
    rounds = UthRounds(db)
    ids = {}
    for account, outcome in ((winner, "+80"), (loser, "-60"), (unknown, "?")):
        round_id = await rounds.begin_round(account, state=outcome)
        await rounds.stake(round_id, 60, key=f"bets{account}", state=outcome)
        ids[account] = round_id
    seen: list[str] = []

    def settler(stored: StoredUthRound) -> UthSettlement | None:
        seen.append(stored.state)  # the stored state (with its deck) is what settles it
        if stored.state == "?":
            return None
        return UthSettlement(net=int(stored.state), record=f"settled {stored.state}")

    report = await recover(db, uth_settler=settler)
    assert sorted(seen) == ["+80", "-60", "?"]
    assert report.uth_settled == (ids[winner],)
    assert sorted(report.uth_voided) == sorted([ids[loser], ids[unknown]])
    cashier = Cashier(db)
    assert await cashier.wallet_balance(winner) == 500 + 80
    assert await cashier.wallet_balance(loser) == 500
    assert await cashier.wallet_balance(unknown) == 500
    assert (await rounds.get(ids[winner])).record == "settled +80"
    assert [n.kind for n in await NoticeBox(db).pending(loser)] == ["uth_voided"]
    assert [n.kind for n in await NoticeBox(db).pending(winner)] == ["uth_settled"]
    assert (await run_audit(db)).ok


async def test_recovery_can_be_limited_to_the_tables_a_node_owns(db: Database) -> None:
    a, b = await people(db, 2)
    cashier = Cashier(db)
    hands = HandStore(db)
    ids = {}
    for table in ("mine", "theirs"):
        await cashier.buy_in(a, table, 100, key=f"a{table}")
        await cashier.buy_in(b, table, 100, key=f"b{table}")
        seats = [
            HandSeat(seat=0, account_id=a, stack=100),
            HandSeat(seat=1, account_id=b, stack=100),
        ]
        ids[table] = await hands.begin_hand(table, 1, seats)
    report = await recover(db, tables=["mine"])
    assert report.voided_hands == (ids["mine"],)
    assert {e[0] for e in report.open_escrows} == {"mine"}
    assert [h.id for h in await hands.in_progress()] == [ids["theirs"]]
