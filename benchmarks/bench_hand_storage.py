"""The hot path's storage alone: a poker hand's three writes (its start, its end with the ledger
posting, the seating kept after it), from T tables at once, on a SQLite file and on PostgreSQL.

Each table loops: `HandStore.begin_hand` -> `HandStore.settle_hand` (six players, a rake) ->
`SeatBook.save`, as the table runner does. Prints, per backend: hands/s and this process's CPU
per hand (all threads: the event loop, the drivers, the writer threads). The database server's
own CPU is not in it. Figures only; never asserts on time (issue 11: storage <= 1 ms a hand).

    PYTHONPATH=src .venv/bin/python benchmarks/bench_hand_storage.py [--tables 50] [--hands 2000]
        [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
import uuid
from pathlib import Path

from pokerroom.core.table import SeatRecord
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.services.seating import SavedSeat, SeatBook, Seating
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.models import Account

SEATS = 6
STACK = 20_000


async def setup(db: Database, tables: int) -> list[list[int]]:
    async with db.write() as session:
        rows = [Account(name=f"h{i}", name_key=f"h{i}", password_hash="x", created_ms=0)
                for i in range(tables * SEATS)]
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    cashier = Cashier(db)
    for i, account in enumerate(ids):
        await cashier.deposit(account, STACK, key=f"d{account}")
        await cashier.buy_in(account, f"t{i // SEATS}", STACK, key=f"b{account}")
    return [ids[t * SEATS:(t + 1) * SEATS] for t in range(tables)]


def seating(accounts: list[int], button: int) -> Seating:
    return Seating(seats=tuple(
        SavedSeat(account_id=a, name=f"p{a}", auto_post=True, record=SeatRecord(
            account=a, seat=s, stack=0, new=False, waits=False, sitting_out=False,
            owes_small=False, owes_big=False, played_last=(s != button), orbits_out=0,
            busted=False, time_bank_ms=30_000))
        for s, a in enumerate(accounts)), previous=None)


async def table(db: Database, number: int, accounts: list[int], first: int, hands: int,
                stacks: dict[int, int]) -> None:
    store, book = HandStore(db), SeatBook(db)
    record = json.dumps({"actions": ["x"] * 40, "deck": ["As"] * 52})  # about a hand's size
    for n in range(first, first + hands):
        seats = [HandSeat(seat=s, account_id=a, stack=stacks[a]) for s, a in enumerate(accounts)]
        hand_id = await store.begin_hand(f"t{number}", n, seats, commitment="c" * 64,
                                         client_seeds=["s"] * SEATS, game="holdem")
        winner, loser = accounts[n % SEATS], accounts[(n + 1) % SEATS]
        pot = min(400, stacks[loser])
        rake = 2 if pot >= 100 else 0
        stacks[winner] += pot - rake
        stacks[loser] -= pot
        await store.settle_hand(hand_id, final_stacks=dict(stacks), rake=rake, record=record,
                                server_seed="ab" * 32)
        await book.save(f"t{number}", seating(accounts, n % SEATS))


async def measure(db: Database, tables: int, hands: int) -> dict[str, float]:
    groups = await setup(db, tables)
    per_table = max(1, hands // tables)
    stacks = [dict.fromkeys(g, STACK) for g in groups]
    await asyncio.gather(*(table(db, t, g, 1, 2, stacks[t])  # warm up
                           for t, g in enumerate(groups)))
    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(table(db, t, g, 3, per_table, stacks[t])
                           for t, g in enumerate(groups)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    done = per_table * tables
    return {"hands": done, "hands_per_s": round(done / wall, 1),
            "cpu_ms_per_hand": round(1000 * cpu / done, 3)}


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--postgres", default=os.environ.get("POKERROOM_TEST_POSTGRES"))
    parser.add_argument("--only", choices=("sqlite", "postgres"))
    args = parser.parse_args()
    if args.only != "postgres":
        with tempfile.TemporaryDirectory() as folder:
            db = await open_database(f"sqlite+aiosqlite:///{Path(folder) / 'h.db'}")
            try:
                print("sqlite", json.dumps(await measure(db, args.tables, args.hands)))
            finally:
                await db.close()
    if args.postgres and args.only != "sqlite":
        import asyncpg
        from sqlalchemy.engine import make_url

        admin_url = make_url(args.postgres).set(drivername="postgresql")
        schema = f"bench_{uuid.uuid4().hex[:8]}"
        admin = await asyncpg.connect(admin_url.render_as_string(hide_password=False))
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            db = await open_database(args.postgres, schema=schema)
            try:
                print("postgres", json.dumps(await measure(db, args.tables, args.hands)))
            finally:
                await db.close()
        finally:
            await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
            await admin.close()


if __name__ == "__main__":
    asyncio.run(main())
