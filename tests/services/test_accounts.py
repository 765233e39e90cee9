"""Accounts: registration rules, argon2id, sessions, throttled logins, the signup deposit."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from pokerroom.services.accounts import (
    PASSWORD_POLICY,
    AccountService,
    InvalidCredentialsError,
    InvalidNameError,
    LoginThrottledError,
    NameTakenError,
    WeakPasswordError,
)
from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account, LedgerTransaction, Session

PW = "correct horse battery"


async def test_register_stores_an_argon2id_hash_and_deposits_the_starting_balance(
    db: Database, fast_settings
) -> None:
    accounts = AccountService(db, fast_settings)
    alice = await accounts.register("Alice", PW)
    assert alice.name == "Alice"
    async with db.read() as session:
        row = await session.get(Account, alice.id)
        assert row is not None and row.password_hash.startswith("$argon2id$")
        assert PW not in row.password_hash
        kinds = (await session.execute(select(LedgerTransaction.kind))).scalars().all()
    assert kinds == ["deposit"]
    assert await Cashier(db).wallet_balance(alice.id) == fast_settings.starting_balance
    report = await run_audit(db)
    assert report.ok and report.totals["deposits"] == fast_settings.starting_balance


async def test_a_taken_name_is_refused_ignoring_case(db: Database, fast_settings) -> None:
    accounts = AccountService(db, fast_settings)
    await accounts.register("Alice", PW)
    for name in ("alice", "ALICE", " Alice "):
        with pytest.raises(NameTakenError, match="taken"):
            await accounts.register(name, PW)
    assert (await run_audit(db)).totals["deposits"] == fast_settings.starting_balance


async def test_invalid_names_are_refused(db: Database, fast_settings) -> None:
    accounts = AccountService(db, fast_settings)
    for name in ("ab", "x" * 21, "bad name", "<script>", "-dash", ""):
        with pytest.raises(InvalidNameError):
            await accounts.register(name, PW)


async def test_weak_passwords_are_refused_stating_the_policy(db: Database, fast_settings) -> None:
    accounts = AccountService(db, fast_settings)
    for password, reason in (
        ("short1!", "characters"),
        ("aaaaaaaaaaaa", "different"),
        ("password123", "common"),
        ("bobthebuilder99", "name"),
        ("x" * 129, "characters"),
    ):
        with pytest.raises(WeakPasswordError, match=reason) as info:
            await accounts.register("bobthebuilder", password)
        assert PASSWORD_POLICY in str(info.value)
    assert await accounts.find("bobthebuilder") is None


async def test_login_opens_a_session_stored_only_as_a_hash_and_logout_closes_it(
    db: Database, fast_settings
) -> None:
    accounts = AccountService(db, fast_settings)
    alice = await accounts.register("Alice", PW)
    first = await accounts.login("alice", PW, now_ms=1000)
    second = await accounts.login("ALICE", PW, now_ms=1000)
    assert first.token != second.token and len(first.token) >= 40
    assert await accounts.session_account(first.token, now_ms=2000) == alice
    async with db.read() as session:
        stored = (await session.execute(select(Session.token_hash))).scalars().all()
    assert first.token not in stored and len(stored) == 2
    assert await accounts.logout(first.token, now_ms=3000)
    assert not await accounts.logout(first.token, now_ms=3000)
    assert await accounts.session_account(first.token, now_ms=4000) is None
    assert await accounts.session_account(second.token, now_ms=4000) == alice
    assert await accounts.session_account("not-a-token", now_ms=4000) is None
    expired = second.expires_ms
    assert await accounts.session_account(second.token, now_ms=expired) is None


async def test_wrong_password_and_unknown_name_get_the_same_refusal(
    db: Database, fast_settings
) -> None:
    accounts = AccountService(db, fast_settings)
    await accounts.register("Alice", PW)
    with pytest.raises(InvalidCredentialsError) as wrong:
        await accounts.login("alice", "wrong password!!", now_ms=0)
    with pytest.raises(InvalidCredentialsError) as unknown:
        await accounts.login("nobody", PW, now_ms=0)
    assert str(wrong.value) == str(unknown.value)


async def test_failed_logins_from_one_address_meet_growing_delays_with_time_as_input(
    db: Database, fast_settings
) -> None:
    accounts = AccountService(db, fast_settings)
    await accounts.register("Alice", PW)
    free = fast_settings.max_failures_per_name
    for i in range(free):
        with pytest.raises(InvalidCredentialsError):
            await accounts.login("alice", "wrong password!!", ip="10.0.0.1", now_ms=1000 + i)
    # Even the right password waits, from that address: 1 s after the last failure, ...
    last = 1000 + free - 1
    with pytest.raises(LoginThrottledError) as info:
        await accounts.login("alice", PW, ip="10.0.0.1", now_ms=last + 10)
    assert info.value.retry_after_ms == fast_settings.first_delay_ms - 10
    # ... then 2 s, 4 s: each failure after the free ones doubles the delay.
    at = last + fast_settings.first_delay_ms
    with pytest.raises(InvalidCredentialsError):
        await accounts.login("alice", "wrong password!!", ip="10.0.0.1", now_ms=at)
    with pytest.raises(LoginThrottledError) as info:
        await accounts.login("alice", PW, ip="10.0.0.1", now_ms=at + 1)
    assert info.value.retry_after_ms == 2 * fast_settings.first_delay_ms - 1
    at += 2 * fast_settings.first_delay_ms
    assert (await accounts.login("alice", PW, ip="10.0.0.1", now_ms=at)).account.name == "Alice"
    # A success clears the pair: the next failure is a free one again.
    with pytest.raises(InvalidCredentialsError):
        await accounts.login("alice", "wrong password!!", ip="10.0.0.1", now_ms=at + 1)


async def test_a_stranger_failing_a_password_elsewhere_never_locks_the_owner_out(
    db: Database, fast_settings
) -> None:
    """The throttle is keyed on name and address together: 20 failures for alice from a
    stranger's addresses slow the stranger down; alice logs in from hers at once."""
    accounts = AccountService(db, fast_settings)
    await accounts.register("Alice", PW)
    for i in range(20):
        try:
            await accounts.login("alice", "wrong password!!", ip=f"6.6.6.{i % 3}", now_ms=1000 + i)
        except (InvalidCredentialsError, LoginThrottledError):
            pass
    assert (await accounts.login("alice", PW, ip="10.0.0.7", now_ms=1100)).account.name == "Alice"


async def test_concurrent_wrong_passwords_cannot_slip_past_the_throttle(
    db: Database, fast_settings
) -> None:
    """The attempt is recorded before the password is checked, atomically with the throttle
    check, and at most two checks run at once per address: of 40 concurrent wrong attempts
    at most the free ones are checked at all."""
    accounts = AccountService(db, fast_settings)
    await accounts.register("Alice", PW)

    async def attempt() -> str:
        try:
            await accounts.login("alice", "wrong password!!", ip="6.6.6.6", now_ms=5000)
        except InvalidCredentialsError:
            return "401"
        except LoginThrottledError:
            return "429"
        return "200"

    outcomes = await asyncio.gather(*(attempt() for _ in range(40)))
    assert outcomes.count("401") <= fast_settings.max_failures_per_name
    assert outcomes.count("429") >= 40 - fast_settings.max_failures_per_name


async def test_failed_logins_are_throttled_per_ip(db: Database, fast_settings) -> None:
    accounts = AccountService(db, fast_settings)
    await accounts.register("Alice", PW)
    for i in range(fast_settings.max_failures_per_ip):
        with pytest.raises(InvalidCredentialsError):
            await accounts.login(f"guess{i % 50}", "wrong password!!", ip="6.6.6.6", now_ms=5000)
    with pytest.raises(LoginThrottledError):
        await accounts.login("alice", PW, ip="6.6.6.6", now_ms=5001)
    # Another address is not affected.
    assert (await accounts.login("alice", PW, ip="7.7.7.7", now_ms=5001)).account.name == "Alice"


async def test_a_hash_made_with_old_parameters_is_upgraded_at_login(
    db: Database, fast_settings
) -> None:
    from dataclasses import replace

    from argon2 import PasswordHasher

    alice = await AccountService(db, fast_settings).register("Alice", PW)
    stronger = replace(
        fast_settings, hasher=PasswordHasher(time_cost=2, memory_cost=8192, parallelism=1)
    )
    accounts = AccountService(db, stronger)
    await accounts.login("alice", PW, now_ms=0)
    async with db.read() as session:
        row = await session.get(Account, alice.id)
        assert row is not None and "t=2" in row.password_hash
    assert not stronger.hasher.check_needs_rehash(row.password_hash)
    assert (await accounts.login("alice", PW, now_ms=1)).account == alice
