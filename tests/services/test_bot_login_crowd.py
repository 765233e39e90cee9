"""A crowd of bots logging in at once (issue 11: `pokerroom bench server` seats thousands).

A new bot's account, its signup deposit and its first session are made in one write, grouped
with the other logins' writes into one commit; the same new bot logging in twice at once gets
one account (the second login finds the first's), and every session it got works.
"""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select

from pokerroom.services.accounts import AccountService
from pokerroom.services.audit import run_audit
from pokerroom.services.cashier import Cashier
from pokerroom.services.room_secrets import bot_secret
from pokerroom.storage.database import Database
from pokerroom.storage.models import Account, Session


async def test_many_new_bots_log_in_at_once_each_with_one_account_deposit_and_session(
    db: Database, fast_settings
) -> None:
    accounts = AccountService(db, fast_settings)
    secret = await bot_secret(db)
    assert secret is not None
    names = [f"bot-{i}" for i in range(12)]
    logins = await asyncio.gather(*(accounts.bot_login(n, secret) for n in [*names, *names]))
    by_name: dict[str, set[int]] = {}
    for login in logins:
        by_name.setdefault(login.account.name, set()).add(login.account.id)
        assert login.account.is_bot
        assert await accounts.session_account(login.token) == login.account
    assert all(len(ids) == 1 for ids in by_name.values()) and set(by_name) == set(names)
    async with db.read() as session:
        assert (await session.execute(select(func.count()).select_from(Account))).scalar_one() == 12
        assert (await session.execute(select(func.count()).select_from(Session))).scalar_one() == 24
    cashier = Cashier(db)
    for ids in by_name.values():
        assert await cashier.wallet_balance(next(iter(ids))) == fast_settings.starting_balance
    report = await run_audit(db)
    assert report.ok and report.totals["deposits"] == 12 * fast_settings.starting_balance


async def test_whether_an_account_is_a_bots_is_kept_once_known(db: Database, fast_settings) -> None:
    """`is_bot` is asked at every sit; the mark never changes once the account exists, so it
    is kept. An account not made yet is not kept as a player's: once made a bot, it is one."""
    accounts = AccountService(db, fast_settings)
    secret = await bot_secret(db)
    assert secret is not None
    player = await accounts.register("plainplayer", "a long enough password 1")
    assert await accounts.is_bot(player.id) is False
    unknown = player.id + 1
    assert await accounts.is_bot(unknown) is False
    bot = (await accounts.bot_login("bot-kept", secret)).account
    assert bot.id == unknown  # the next account made
    assert await accounts.is_bot(bot.id) is True
    async with db.write() as session:  # the mark is what was read first: it is kept
        (await session.get(Account, bot.id)).is_bot = False  # type: ignore[union-attr]
    assert await accounts.is_bot(bot.id) is True
    assert await accounts.is_bot(player.id) is False
    # A session's account, read at each WebSocket's authentication, is kept too: the sit
    # after it does not ask again.
    other = await accounts.bot_login("bot-other", secret)
    assert await accounts.session_account(other.token) == other.account
    async with db.write() as session:
        (await session.get(Account, other.account.id)).is_bot = False  # type: ignore[union-attr]
    assert await accounts.is_bot(other.account.id) is True
