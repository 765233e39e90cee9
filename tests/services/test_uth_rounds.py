"""UTH rounds: bets wallet -> at risk, payouts from the house, committed with the round."""

from __future__ import annotations

import pytest

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.uth_rounds import UthRounds
from pokerroom.storage import ledger
from pokerroom.storage.database import Database
from pokerroom.storage.errors import InsufficientFundsError, StateError
from pokerroom.storage.models import Account


async def player(db: Database, money: int) -> int:
    async with db.write() as session:
        row = Account(name="u", name_key="u", password_hash="x", created_ms=0)
        session.add(row)
        await session.flush()
        account = row.id
    await Cashier(db).deposit(account, money, key="d")
    return account


async def test_bets_go_at_risk_and_a_win_is_paid_by_the_house(db: Database) -> None:
    account = await player(db, 100)
    rounds = UthRounds(db)
    cashier = Cashier(db)
    round_id = await rounds.begin_round(account, state="s0")
    await rounds.stake(round_id, 30, key="r1-bets", state="s1")
    await rounds.stake(round_id, 30, key="r1-bets", state="s1")  # a retry: nothing more
    await rounds.stake(round_id, 40, key="r1-play", state="s2")
    assert await cashier.wallet_balance(account) == 30
    assert await cashier.balance(ledger.UTH_AT_RISK) == 70
    assert (await rounds.get(round_id)).staked == 70
    assert (await run_audit(db)).ok
    await rounds.settle_round(round_id, net=55, record="r")
    assert await cashier.wallet_balance(account) == 30 + 70 + 55
    assert await cashier.balance(ledger.HOUSE) == -55
    assert await cashier.balance(ledger.UTH_AT_RISK) == 0
    assert (await rounds.get(round_id)).payout == 125
    report = await run_audit(db)
    assert report.ok, report.discrepancies


async def test_a_loss_goes_to_the_house_and_overbetting_is_refused(db: Database) -> None:
    account = await player(db, 50)
    rounds = UthRounds(db)
    round_id = await rounds.begin_round(account)
    await rounds.stake(round_id, 30, key="a", state="")
    with pytest.raises(InsufficientFundsError):
        await rounds.stake(round_id, 40, key="b", state="")
    assert (await rounds.get(round_id)).staked == 30
    with pytest.raises(StateError):
        await rounds.settle_round(round_id, net=-31, record="")
    await rounds.settle_round(round_id, net=-30, record="")
    with pytest.raises(StateError):
        await rounds.void_round(round_id, "late")
    cashier = Cashier(db)
    assert await cashier.wallet_balance(account) == 20
    assert await cashier.balance(ledger.HOUSE) == 30
    assert (await run_audit(db)).ok
