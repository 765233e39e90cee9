"""The double-entry ledger: balanced, append-only, idempotent, never negative, concurrent-safe."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.storage import ledger
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.errors import (
    IdempotencyConflictError,
    InsufficientFundsError,
    InvalidAmountError,
    UnbalancedTransactionError,
)
from pokerroom.storage.models import Account


async def make_accounts(db: Database, n: int) -> list[int]:
    """Bare account rows (the ledger does not need passwords)."""
    async with db.write() as session:
        rows = [
            Account(name=f"p{i}", name_key=f"p{i}", password_hash="x", created_ms=0)
            for i in range(n)
        ]
        session.add_all(rows)
        await session.flush()
        return [r.id for r in rows]


async def test_deposit_and_buy_in_move_chips_between_accounts(db: Database) -> None:
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    await cashier.deposit(alice, 1000, key="d")
    await cashier.buy_in(alice, "t1", 300, key="b")
    await cashier.cash_out(alice, "t1", 100, key="c")
    assert await cashier.wallet_balance(alice) == 800
    assert await cashier.escrow_balance(alice, "t1") == 200
    assert await cashier.balance(ledger.WORLD) == -1000
    await cashier.withdraw(alice, 800, key="w")
    assert await cashier.wallet_balance(alice) == 0
    assert (await run_audit(db)).ok


async def test_overdraft_is_refused_and_moves_nothing(db: Database) -> None:
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    await cashier.deposit(alice, 100, key="d")
    with pytest.raises(InsufficientFundsError):
        await cashier.buy_in(alice, "t1", 101, key="b")
    with pytest.raises(InsufficientFundsError):
        await cashier.cash_out(alice, "t1", 1, key="c")
    with pytest.raises(InsufficientFundsError):
        await cashier.withdraw(alice, 101, key="w")
    assert await cashier.wallet_balance(alice) == 100
    assert await cashier.escrow_balance(alice, "t1") == 0
    report = await run_audit(db)
    assert report.ok and report.counts["transactions"] == 1


async def test_amounts_must_be_positive_integers(db: Database) -> None:
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    for bad in (0, -5, 1.5, True, "10"):
        with pytest.raises(InvalidAmountError):
            await cashier.deposit(alice, bad, key=f"d{bad!r}")  # type: ignore[arg-type]
    assert await cashier.wallet_balance(alice) == 0


async def test_unbalanced_transaction_is_refused(db: Database) -> None:
    (alice,) = await make_accounts(db, 1)
    with pytest.raises(UnbalancedTransactionError):
        async with db.write() as session:
            await ledger.post(
                session,
                kind="bad",
                idempotency_key="u",
                legs=[(ledger.wallet(alice), 10), (ledger.WORLD_REF, -9)],
                now_ms=0,
            )
    assert (await run_audit(db)).counts["transactions"] == 0


async def test_a_repeated_idempotency_key_returns_the_first_result_and_moves_nothing(
    db: Database,
) -> None:
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    first = await cashier.deposit(alice, 500, key="req-1")
    again = await cashier.deposit(alice, 500, key="req-1")
    assert not first.replayed and again.replayed
    assert again.transaction_id == first.transaction_id and again.legs == first.legs
    assert await cashier.wallet_balance(alice) == 500
    with pytest.raises(IdempotencyConflictError):
        await cashier.deposit(alice, 600, key="req-1")
    with pytest.raises(IdempotencyConflictError):
        await cashier.withdraw(alice, 500, key="req-1")
    # Concurrent retries of one request: exactly one moves money.
    results = await asyncio.gather(*(cashier.buy_in(alice, "t", 100, key="b-1") for _ in range(8)))
    assert sum(not r.replayed for r in results) == 1
    assert len({r.transaction_id for r in results}) == 1
    assert await cashier.wallet_balance(alice) == 400
    assert (await run_audit(db)).ok


async def test_concurrent_buy_ins_never_overdraw(db: Database) -> None:
    """Forty buy-ins of 30 race for a wallet of 1000: exactly 33 succeed, none overdraw."""
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    await cashier.deposit(alice, 1000, key="d")

    async def attempt(i: int) -> bool:
        try:
            await cashier.buy_in(alice, f"t{i % 4}", 30, key=f"b{i}")
            return True
        except InsufficientFundsError:
            return False

    outcomes = await asyncio.gather(*(attempt(i) for i in range(40)))
    assert sum(outcomes) == 33
    assert await cashier.wallet_balance(alice) == 10
    assert (await run_audit(db)).ok


async def test_concurrent_transfers_from_two_connections_never_overdraw(db: Database) -> None:
    """Two Database objects (two engines, like two processes) move chips back and forth."""
    ids = await make_accounts(db, 3)
    cashier = Cashier(db)
    for account in ids:
        await cashier.deposit(account, 100, key=f"d{account}")
    other = Database(db.url, schema=db.schema)
    try:
        cashiers = [cashier, Cashier(other)]

        async def churn(worker: int) -> int:
            refused = 0
            for step in range(25):
                account = ids[(worker + step) % 3]
                c = cashiers[worker % 2]
                try:
                    if step % 2 == 0:
                        await c.buy_in(account, "t", 60, key=f"w{worker}-{step}")
                    else:
                        await c.cash_out(account, "t", 40, key=f"w{worker}-{step}")
                except InsufficientFundsError:
                    refused += 1
            return refused

        refusals = await asyncio.gather(*(churn(w) for w in range(6)))
    finally:
        await other.close()
    assert sum(refusals) > 0  # the race really hit the limits
    total = 0
    for account in ids:
        wallet = await cashier.wallet_balance(account)
        held = await cashier.escrow_balance(account, "t")
        assert wallet >= 0 and held >= 0
        total += wallet + held
    assert total == 300
    assert (await run_audit(db)).ok


OPS = st.lists(
    st.tuples(
        st.sampled_from(["deposit", "withdraw", "buy_in", "cash_out"]),
        st.integers(0, 2),
        st.integers(1, 400),
    ),
    max_size=25,
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS)
def test_random_operations_match_a_model_and_always_audit_clean(tmp_path_factory, ops) -> None:
    """Any sequence of cashier operations: balances follow a simple model; refusals move nothing."""

    async def run() -> None:
        path = tmp_path_factory.mktemp("prop") / "p.db"
        db = await open_database(f"sqlite+aiosqlite:///{path}")
        try:
            ids = await make_accounts(db, 3)
            cashier = Cashier(db)
            wallet = dict.fromkeys(ids, 0)
            held = dict.fromkeys(ids, 0)
            for n, (op, who, amount) in enumerate(ops):
                account = ids[who]
                source = {"deposit": None, "withdraw": wallet, "buy_in": wallet}.get(op, held)
                ok = source is None or source[account] >= amount
                try:
                    await getattr(cashier, op)(
                        *(
                            (account, amount)
                            if op in ("deposit", "withdraw")
                            else (account, "t", amount)
                        ),
                        key=f"k{n}",
                    )
                    assert ok
                except InsufficientFundsError:
                    assert not ok
                    continue
                if op == "deposit":
                    wallet[account] += amount
                elif op == "withdraw":
                    wallet[account] -= amount
                elif op == "buy_in":
                    wallet[account] -= amount
                    held[account] += amount
                else:
                    held[account] -= amount
                    wallet[account] += amount
            for account in ids:
                assert await cashier.wallet_balance(account) == wallet[account]
                assert await cashier.escrow_balance(account, "t") == held[account]
            report = await run_audit(db)
            assert report.ok, report.discrepancies
            assert report.totals["balances_except_world"] == sum(wallet.values()) + sum(
                held.values()
            )
        finally:
            await db.close()

    asyncio.run(run())


async def test_a_statement_lists_movements_newest_first_with_exact_running_balances(
    db: Database,
) -> None:
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    await cashier.deposit(alice, 500, key="d1")
    await cashier.buy_in(alice, "t1", 200, key="b1")
    await cashier.cash_out(alice, "t1", 50, key="c1")
    await cashier.withdraw(alice, 100, key="w1")
    lines = await cashier.statement(ledger.wallet(alice).key)
    assert [(x.kind, x.amount, x.balance_after) for x in lines] == [
        ("withdrawal", -100, 250),
        ("cash-out", 50, 350),
        ("buy-in", -200, 300),
        ("deposit", 500, 500),
    ]
    older = await cashier.statement(
        ledger.wallet(alice).key, limit=2, before_entry_id=lines[1].entry_id
    )
    assert [(x.kind, x.balance_after) for x in older] == [("buy-in", 300), ("deposit", 500)]
    assert await cashier.statement("wallet:999") == []


async def test_concurrent_writes_on_sqlite_share_commits_and_keep_their_own_outcomes(
    sqlite_db: Database,
) -> None:
    """Group commit: 60 concurrent movements need far fewer than 60 commits (fsyncs), and a
    refusal inside a group rolls back only its own movement."""
    from sqlalchemy import event

    ids = await make_accounts(sqlite_db, 3)
    cashier = Cashier(sqlite_db)
    commits = []
    event.listen(sqlite_db.engine.sync_engine, "commit", lambda conn: commits.append(1))

    async def move(i: int) -> str:
        account = ids[i % 3]
        try:
            if i % 3 == 2:
                await cashier.withdraw(account, 1, key=f"w{i}")  # never funded: refused
            else:
                await cashier.deposit(account, 10, key=f"d{i}")
            return "ok"
        except InsufficientFundsError:
            return "refused"

    outcomes = await asyncio.gather(*(move(i) for i in range(60)))
    assert outcomes.count("refused") == 20 and outcomes.count("ok") == 40
    assert len(commits) < 20
    assert [await cashier.wallet_balance(a) for a in ids] == [200, 200, 0]
    report = await run_audit(sqlite_db)
    assert report.ok and report.counts["transactions"] == 40


async def test_a_post_says_each_accounts_balance_after_it_and_a_replay_does_not(
    db: Database,
) -> None:
    (alice,) = await make_accounts(db, 1)
    cashier = Cashier(db)
    await cashier.deposit(alice, 1000, key="d")
    posted = await cashier.buy_in(alice, "t1", 300, key="b")
    wallet, escrow = ledger.wallet(alice).key, ledger.escrow("t1", alice).key
    assert posted.balance_after(wallet) == await cashier.wallet_balance(alice) == 700
    assert posted.balance_after(escrow) == await cashier.escrow_balance(alice, "t1") == 300
    assert posted.balance_after("wallet:999999") is None  # not an account it moved
    again = await cashier.buy_in(alice, "t1", 300, key="b")
    assert again.replayed and again.balance_after(wallet) is None  # (the caller reads it)
