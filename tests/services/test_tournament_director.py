"""The tournament director over a real database: money in the ledger, a crash in the
middle (the process's memory is lost, only what was committed survives), restart, audit.

R-TOURN-1 (buy-in and fee at registration, refund when unregistering), R-TOURN-7 (prizes
paid through the ledger at elimination), R-TOURN-12 (cancellation), R-TOURN-3 (the clock
resumes where it stopped: downtime is not counted).
"""

from __future__ import annotations

import random

import pytest

from pokerroom.bots.tournament import policy
from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.decks import SeededDeckSource
from pokerroom.services.tournament_director import TournamentDirector
from pokerroom.storage.database import Database
from pokerroom.storage.errors import InsufficientFundsError
from pokerroom.storage.models import Account

SPEC = {
    "name": "six-max", "seats": 3, "max_entrants": 6, "buy_in": 100, "fee": 10,
    "starting_chips": 1000,
    "levels": [{"small_blind": 25 * 2**i, "big_blind": 50 * 2**i, "hands": 3} for i in range(12)],
}  # fmt: skip


async def accounts(db: Database, n: int, money: int = 1000) -> list[int]:
    async with db.write() as session:
        rows = [Account(name=f"p{i}", name_key=f"p{i}", password_hash="x", created_ms=0)
                for i in range(n)]  # fmt: skip
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    cashier = Cashier(db)
    for account in ids:
        if money:
            await cashier.deposit(account, money, key=f"d{account}")
    return ids


class FakeTime:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


def director(db: Database, clock: FakeTime, seed: int) -> TournamentDirector:
    return TournamentDirector(db, "sng-1", SPEC, decks=SeededDeckSource(seed),
                              draw=random.Random(seed), monotonic_ms=clock)  # fmt: skip


async def play(d: TournamentDirector, clock: FakeTime, rng: random.Random, actions: int) -> int:
    """Bots act at random tables for up to `actions` decisions; returns how many they made."""
    done = 0
    while done < actions and d.t.status != "finished":
        await d.step()
        waiting = d.to_act()
        if not waiting:
            continue
        table, entry, hand = rng.choice(waiting)
        clock.ms += 1000
        await d.act(entry, policy(hand, rng))
        done += 1
    return done


async def test_R_TOURN_1_R_TOURN_7_sit_and_go_with_a_crash(db: Database) -> None:
    """R-TOURN-1, R-TOURN-7, R-TOURN-3: six register (wallet -110 each), one unregisters and
    is refunded, the seats fill, play; the director is lost mid-tournament and a new one
    restores it (hands in progress void, tournament time as stored); it finishes, prizes
    are paid from the pool, every wallet moved by exactly prize minus entry, audit clean."""
    ids = await accounts(db, 7)
    clock = FakeTime()
    d = director(db, clock, seed=3)
    await d.open()
    d.start_actor()
    for account in ids[:5]:
        await d.register(account)
    assert d.t.status == "registering"
    await d.unregister(ids[4])
    await d.register(ids[4])  # registers again after a refund
    await d.register(ids[5])  # the sixth: the sit & go starts
    assert d.t.status == "running" and d.t.prize_pool == 600
    cashier = Cashier(db)
    assert await cashier.wallet_balance(ids[6]) == 1000  # never registered
    assert await cashier.wallet_balance(ids[4]) == 890  # refunded once, paid once
    rng = random.Random(5)
    await play(d, clock, rng, 40)
    assert d.t.status != "finished"
    clock_at_crash = d.now()
    await d.stop_actor()  # the process dies: only committed state survives
    del d

    clock.ms += 3_600_000  # an hour of downtime is not tournament time
    d2 = director(db, clock, seed=4)
    await d2.open()
    d2.start_actor()
    assert d2.restored and all(x.hand is None for x in d2.t.tables.values())
    assert d2.now() <= clock_at_crash
    assert d2.t.total_chips() == d2.t.chips_in_play == 6000
    await play(d2, clock, rng, 100_000)
    await d2.stop_actor()
    assert d2.t.status == "finished"
    prizes = {account_of: e.prize for account_of, e in d2.t.entries.items()}
    assert sum(prizes.values()) == 600
    for account in ids[:6]:
        wallet = await cashier.wallet_balance(account)
        assert wallet == 1000 - 110 + prizes[str(account)]
    assert await cashier.balance("tourney:sng-1") == 0
    assert await cashier.balance("fees") == 60
    report = await run_audit(db)
    assert report.ok, report.discrepancies
    assert report.counts["tournaments"] == 1


async def test_R_TOURN_1_a_short_wallet_is_refused_and_nothing_changes(sqlite_db: Database) -> None:
    """R-TOURN-1: without buy-in and fee in the wallet the registration is refused and the
    tournament is as before."""
    ids = await accounts(sqlite_db, 2, money=0)
    await Cashier(sqlite_db).deposit(ids[1], 109, key="short")
    d = director(sqlite_db, FakeTime(), seed=1)
    await d.open()
    d.start_actor()
    with pytest.raises(InsufficientFundsError):
        await d.register(ids[1])
    assert d.t.entries == {} and d.t.prize_pool == 0
    await d.stop_actor()
    assert (await run_audit(sqlite_db)).ok


async def test_R_TOURN_12_cancel_pays_out_through_the_ledger(sqlite_db: Database) -> None:
    """R-TOURN-12: a running tournament cancelled pays the whole pool; audit clean."""
    ids = await accounts(sqlite_db, 6)
    clock = FakeTime()
    d = director(sqlite_db, clock, seed=2)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    await play(d, clock, random.Random(1), 15)
    await d.cancel()
    await d.stop_actor()
    cashier = Cashier(sqlite_db)
    assert await cashier.balance("tourney:sng-1") == 0
    total = sum([await cashier.wallet_balance(a) for a in ids])
    assert total == 6 * 1000 - 60
    report = await run_audit(sqlite_db)
    assert report.ok, report.discrepancies


async def test_R_TOURN_7_final_table_icm_deal_through_the_ledger(sqlite_db: Database) -> None:
    """R-TOURN-7: with four or fewer left a player asks for the deal; no new hand is dealt,
    the exact ICM split of the prizes left is offered, and only when all accept it is paid
    (a decline leaves the tournament running)."""
    ids = await accounts(sqlite_db, 6)
    clock = FakeTime()
    d = director(sqlite_db, clock, seed=9)
    await d.open()
    d.start_actor()
    for account in ids:
        await d.register(account)
    rng = random.Random(2)
    while len(d.t.alive()) > 4 or len(d.t.tables) > 1:
        await play(d, clock, rng, 1)
        assert d.t.status in ("running", "hand_for_hand")
    alive = d.t.alive()
    await d.request_deal(alive[0])
    for _ in range(200):  # the hand in progress ends; no new one is dealt
        if d.t.deal_offer is not None:
            break
        await d.step()
        for _table, entry, hand in d.to_act():
            await d.act(entry, policy(hand, rng))
    offer = d.t.deal_offer
    assert offer is not None and all(x.hand is None for x in d.t.tables.values())
    # The hand in play when the deal was asked for may have knocked a player out.
    alive = d.t.alive()
    assert sorted(offer) == sorted(alive)
    assert sum(offer.values()) == sum(d.t.place_prizes[: len(alive)])
    await d.answer_deal(alive[-1], False)
    assert d.t.deal_offer is None and d.t.status in ("running", "hand_for_hand")
    await d.request_deal(alive[1])
    await d.step()
    offer = d.t.deal_offer
    assert offer is not None
    for entry in alive:
        await d.answer_deal(entry, True)
    await d.stop_actor()
    assert d.t.status == "finished"
    cashier = Cashier(sqlite_db)
    for entry, amount in offer.items():
        assert await cashier.wallet_balance(int(entry)) == 1000 - 110 + amount
    assert await cashier.balance("tourney:sng-1") == 0
    report = await run_audit(sqlite_db)
    assert report.ok, report.discrepancies
