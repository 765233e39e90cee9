"""The screen names of a tournament's players: the core knows entries by account number
(`7`, `7#2` for a re-entry), which is what the pictures showed on the felt, in the players'
list and in the deal dialog; a player is known at the table by their name, as at a cash
table. The director keeps the names of its entrants (read at registration and on opening
a stored tournament), so a picture is built without a read; and which of them are bots (the
mark on the account, as a cash table's runner asks it: the seat shows a "Bot" badge)."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from pokerroom.storage.database import Database
from pokerroom.storage.models import Account


async def screen_names(db: Database, accounts: Iterable[int]) -> dict[int, str]:
    wanted = sorted(set(accounts))
    if not wanted:
        return {}
    async with db.read() as session:
        rows = (await session.execute(
            select(Account.id, Account.name).where(Account.id.in_(wanted)))).all()  # fmt: skip
    return {int(account): str(name) for account, name in rows}


async def bot_accounts(db: Database, accounts: Iterable[int]) -> set[int]:
    """Those of `accounts` that are marked as bots' (services.accounts: `is_bot`)."""
    wanted = sorted(set(accounts))
    if not wanted:
        return set()
    async with db.read() as session:
        rows = (await session.execute(
            select(Account.id).where(Account.id.in_(wanted), Account.is_bot.is_(True)))).all()  # fmt: skip
    return {int(account) for (account,) in rows}
