"""A process doing ledger work as fast as it can, to be killed with SIGKILL by test_ledger_crash.py.

Usage: python crash_worker.py URL SCHEMA|- SEED [NAME]
Several workers may share one database (with different NAMEs: their own tables, shared wallets).
Starts like a server would (migrate, recover), then loops over random deposits, withdrawals,
buy-ins, cash-outs, poker hands (begun, then settled with random zero-sum results and rake)
and UTH rounds. Prints "ready" once, then one line per 20 operations.
"""

from __future__ import annotations

import asyncio
import random
import sys
import uuid

from sqlalchemy import select

from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.services.recovery import recover
from pokerroom.services.uth_rounds import UthRounds
from pokerroom.storage.database import open_database
from pokerroom.storage.errors import InsufficientFundsError
from pokerroom.storage.models import Account

PLAYERS = 5


async def ensure_players(db) -> list[int]:  # type: ignore[no-untyped-def]
    return await db.run_write(_ensure_players)  # two workers may race to create them


async def _ensure_players(session) -> list[int]:  # type: ignore[no-untyped-def]
    ids = []
    for i in range(PLAYERS):
        row = (
            await session.execute(select(Account).where(Account.name_key == f"w{i}"))
        ).scalar_one_or_none()
        if row is None:
            row = Account(name=f"w{i}", name_key=f"w{i}", password_hash="x", created_ms=0)
            session.add(row)
            await session.flush()
        ids.append(row.id)
    return ids


async def main(url: str, schema: str | None, seed: int, name: str) -> None:
    table, uth_table = f"crash-{name}", f"uth-{name}"
    db = await open_database(url, schema=schema)
    await recover(db, tables=[table, uth_table])  # only this worker's tables
    ids = await ensure_players(db)
    cashier, hands, rounds = Cashier(db), HandStore(db), UthRounds(db)
    rng = random.Random(seed)
    number = await hands.last_hand_number(table)
    print("ready", flush=True)
    ops = 0
    while True:
        ops += 1
        if ops % 20 == 0:
            print(f"ops {ops}", flush=True)
        account = rng.choice(ids)
        key = uuid.uuid4().hex
        op = rng.random()
        try:
            if op < 0.15:
                await cashier.deposit(account, rng.randint(1, 500), key=key)
            elif op < 0.22:
                await cashier.withdraw(account, rng.randint(1, 200), key=key)
            elif op < 0.40:
                await cashier.buy_in(account, table, rng.randint(1, 300), key=key)
            elif op < 0.48:
                await cashier.cash_out(account, table, rng.randint(1, 300), key=key)
            elif op < 0.85:
                stacks = {a: await cashier.escrow_balance(a, table) for a in ids}
                players = [a for a in ids if stacks[a] > 0]
                if len(players) < 2:
                    continue
                number += 1
                seats = [
                    HandSeat(seat=i, account_id=a, stack=stacks[a]) for i, a in enumerate(players)
                ]
                hand_id = await hands.begin_hand(table, number, seats, record="{}")
                await asyncio.sleep(rng.random() * 0.005)  # the hand is "played"
                winner = rng.choice(players)
                finals = dict(stacks)
                pot = 0
                for a in players:
                    if a != winner:
                        lost = rng.randint(0, stacks[a])
                        finals[a] -= lost
                        pot += lost
                rake = min(pot // 20, 3)
                finals[winner] += pot - rake
                await hands.settle_hand(
                    hand_id, final_stacks={a: finals[a] for a in players}, rake=rake, record="{}"
                )
            else:
                round_id = await rounds.begin_round(account, table_id=uth_table)
                staked = 0
                try:
                    for _ in range(rng.randint(1, 2)):
                        amount = rng.randint(1, 50)
                        await rounds.stake(round_id, amount, key=uuid.uuid4().hex, state="")
                        staked += amount
                except InsufficientFundsError:
                    if staked == 0:  # no bet could be placed: the round never happened
                        await rounds.void_round(round_id, "bets refused")
                        continue
                await asyncio.sleep(rng.random() * 0.003)
                await rounds.settle_round(round_id, net=rng.randint(-staked, 2 * staked), record="")
        except InsufficientFundsError:
            pass


if __name__ == "__main__":
    name = sys.argv[4] if len(sys.argv) > 4 else "a"
    asyncio.run(
        main(sys.argv[1], None if sys.argv[2] == "-" else sys.argv[2], int(sys.argv[3]), name)
    )
