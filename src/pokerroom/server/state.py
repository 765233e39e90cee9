"""Everything one running server holds: the database, the services, the tables, the sockets."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from pokerroom.server.settings import Settings
from pokerroom.services.accounts import AccountService, AccountSettings
from pokerroom.services.cashier import Cashier
from pokerroom.services.lobby import Lobby
from pokerroom.storage.database import Database, open_database

log = logging.getLogger("pokerroom.server")

COOKIE_NAME = "pokerroom_session"


def session_token_from(headers: Mapping[str, str], cookies: Mapping[str, str]) -> str | None:
    """The session token of a request: the cookie, or `Authorization: Bearer <token>`."""
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return cookies.get(COOKIE_NAME) or None


class ServerState:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.origins = settings.origins()
        self.connections: set[Any] = set()
        self.lobby = Lobby()
        self._db: Database | None = None
        self._accounts: AccountService | None = None
        self._cashier: Cashier | None = None

    @property
    def db(self) -> Database:
        assert self._db is not None, "server not started"
        return self._db

    @property
    def accounts(self) -> AccountService:
        assert self._accounts is not None, "server not started"
        return self._accounts

    @property
    def cashier(self) -> Cashier:
        assert self._cashier is not None, "server not started"
        return self._cashier

    async def start(self) -> None:
        self._db = await open_database(self.settings.database_url)
        account_settings = AccountSettings(starting_balance=self.settings.starting_balance)
        if self.settings.fast_password_hash:
            from argon2 import PasswordHasher

            account_settings = AccountSettings(
                starting_balance=self.settings.starting_balance,
                hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1),
            )
        self._accounts = AccountService(self._db, account_settings)
        self._cashier = Cashier(self._db)

    async def stop(self) -> None:
        await self.lobby.stop()
        if self._db is not None:
            await self._db.close()

    async def authenticate(self, token: str | None) -> tuple[int, str] | None:
        if not token or len(token) > 200:
            return None
        info = await self.accounts.session_account(token)
        return None if info is None else (info.id, info.name)

    async def balance_of(self, account_id: int) -> int:
        return await self.cashier.wallet_balance(account_id)

    async def take_notices(self, account_id: int) -> list[dict[str, Any]]:
        return []
