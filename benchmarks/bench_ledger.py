"""Ledger speed: committed transactions per second and audit time, SQLite file vs PostgreSQL.

Measures, on a fresh database of each backend in one run:
- sequential buy-ins (one committed, durable transaction each: SQLite WAL + synchronous=FULL);
- 50 concurrent buy-ins at a time (asyncio.gather) from 50 wallets;
- hand settlements of 6 players (begin_hand + settle_hand, two commits per hand);
- `run_audit` over everything written, with and without replaying real engine hands.
Prints figures and the PostgreSQL / SQLite ratio. Not a test; never asserts on time.

    .venv/bin/python benchmarks/bench_ledger.py [--ops 2000] [--postgres postgresql+asyncpg://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
import uuid
from pathlib import Path

from pokerroom.services.audit import poker_replayer, run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.hands import HandSeat, HandStore
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.models import Account
from pokerroom.storage.records import encode_record


async def measure(db: Database, ops: int) -> dict[str, float]:
    async with db.write() as session:
        rows = [
            Account(name=f"b{i}", name_key=f"b{i}", password_hash="x", created_ms=0)
            for i in range(50)
        ]
        session.add_all(rows)
        await session.flush()
        ids = [r.id for r in rows]
    cashier, hands = Cashier(db), HandStore(db)
    for a in ids:
        await cashier.deposit(a, 10**9, key=f"d{a}")
    figures: dict[str, float] = {}

    t, cpu = time.perf_counter(), time.process_time()
    for i in range(ops):
        await cashier.buy_in(ids[i % 50], "seq", 1, key=f"s{i}")
    figures["sequential buy-ins/s"] = ops / (time.perf_counter() - t)
    figures["client CPU ms per buy-in"] = (time.process_time() - cpu) * 1000 / ops

    t = time.perf_counter()
    for start in range(0, ops, 50):
        await asyncio.gather(
            *(cashier.buy_in(ids[j], "conc", 1, key=f"c{start}-{j}") for j in range(50))
        )
    figures["concurrent buy-ins/s (50 at once)"] = (ops // 50 * 50) / (time.perf_counter() - t)

    # Real engine hands so the audit can replay them.
    from tests_helpers_records import play_random_hand  # type: ignore[import-not-found]

    players = ids[:6]
    for a in players:
        await cashier.buy_in(a, "h", 10_000, key=f"h{a}")
    stacks = {a: 10_000 for a in players}
    n_hands = max(ops // 4, 50)
    play_cpu = 0.0
    t, cpu = time.perf_counter(), time.process_time()
    for n in range(1, n_hands + 1):
        for a in players:
            if stacks[a] < 100:  # a top-up between hands, as a player would
                await cashier.buy_in(a, "h", 10_000, key=f"top{n}-{a}")
                stacks[a] += 10_000
        before = time.process_time()
        hand = play_random_hand(n, stacks=tuple(stacks[a] for a in players))
        play_cpu += time.process_time() - before
        seats = [HandSeat(seat=i, account_id=a, stack=stacks[a]) for i, a in enumerate(players)]
        text = encode_record(hand.record)
        hand_id = await hands.begin_hand("h", n, seats, record=text)
        finals = {a: hand.result.stack(i) for i, a in enumerate(players)}
        await hands.settle_hand(hand_id, final_stacks=finals, rake=hand.result.rake, record=text)
        stacks = finals
    figures["hands begun+settled/s (incl. playing them)"] = n_hands / (time.perf_counter() - t)
    figures["client CPU ms per hand (storage only)"] = (
        (time.process_time() - cpu - play_cpu) * 1000 / n_hands
    )

    t = time.perf_counter()
    report = await run_audit(db)
    figures["audit s (no replay)"] = time.perf_counter() - t
    t = time.perf_counter()
    replayed = await run_audit(db, replayers={"poker": poker_replayer})
    figures["audit s (replaying every hand)"] = time.perf_counter() - t
    assert report.ok and replayed.ok, (report.discrepancies, replayed.discrepancies)
    figures["transactions"] = report.counts["transactions"]
    figures["hands"] = replayed.counts["hands_replayed"]
    return figures


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ops", type=int, default=2000)
    parser.add_argument("--postgres", default=os.environ.get("POKERROOM_TEST_POSTGRES"))
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")
        results["sqlite"] = await measure(db, args.ops)
        await db.close()
    if args.postgres:
        import asyncpg
        from sqlalchemy.engine import make_url

        schema = f"bench_{uuid.uuid4().hex[:8]}"
        admin = make_url(args.postgres).set(drivername="postgresql").render_as_string(False)
        conn = await asyncpg.connect(admin)
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        try:
            db = await open_database(args.postgres, schema=schema)
            results["postgres"] = await measure(db, args.ops)
            await db.close()
        finally:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            await conn.close()
    names = list(results["sqlite"])
    print(f"{'figure':45} " + " ".join(f"{b:>12}" for b in results) + "   pg/sqlite")
    for name in names:
        values = [results[b][name] for b in results]
        ratio = f"{values[1] / values[0]:10.2f}" if len(values) == 2 and values[0] else ""
        print(f"{name:45} " + " ".join(f"{v:12.2f}" for v in values) + f"  {ratio}")


if __name__ == "__main__":
    # Reuse the random-hand player of the storage tests without making tests a package.
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(
        "tests_helpers_records",
        Path(__file__).resolve().parents[1] / "tests" / "storage" / "test_records.py",
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["tests_helpers_records"] = module
    spec.loader.exec_module(module)
    asyncio.run(main())
